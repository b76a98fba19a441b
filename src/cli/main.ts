import yargs, { type Argv } from 'yargs';
import { isCspmError } from '../error/cspm-error.js';
import { toolInfo } from '../tool-info.js';
import { exitCodes, processIo, type CliIo } from './cli-io.js';
import { checkCommand } from './commands/check-command.js';
import { gateCommand } from './commands/gate-command.js';
import type { CommandSpec } from './commands/command-spec.js';
import { describeParseError } from './parse-error-text.js';
import { protectStdinArgs } from './report-inputs.js';
import { terminalText } from '../text/terminal-text.js';

import { renderCommand } from './commands/render-command.js';
import { rulesCommand } from './commands/rules-command.js';
import { schemaCommand } from './commands/schema-command.js';

const commands: readonly CommandSpec<never>[] = [checkCommand, gateCommand, renderCommand, schemaCommand, rulesCommand] as unknown as CommandSpec<never>[];

const epilogue = `Exit codes:
  0  no finding at or above --fail-on
  1  a report has findings at or above --fail-on (unreadable and invalid reports included)
  2  usage error, missing or unreadable input, invalid gate rules, unwritable output, internal error
  3  an error assertion of \`gate\` failed (1 wins when a report is also invalid)
  130, 143  interrupted by SIGINT or SIGTERM; no partial output is left

Documentation: README.md of the cspm-report package.`;

interface Selected {
  spec: CommandSpec<never>;
  args: unknown;
}

function buildParser(select: (selected: Selected) => void, width: number): Argv {
  let parser = yargs()
    .scriptName('cspm-report')
    .usage('$0 <command> [options]\n\nCheck, gate and render compliance audit reports of cloud accounts.')
    .option('debug', { type: 'boolean', default: false, describe: 'print the stack of an internal error', global: true })
    .demandCommand(1, 'name a command: check, gate, render, schema or rules')
    .recommendCommands()
    .strict()
    .help()
    .alias('help', 'h')
    .version(toolInfo.version)
    .epilogue(epilogue)
    .wrap(width)
    .exitProcess(false);
  for (const spec of commands) {
    parser = parser.command(spec.command, spec.describe, (inner) => spec.builder(inner), (args) => select({ spec, args }));
  }
  return parser;
}

/**
 * Runs the command line `args` and returns the exit code. Nothing here exits the
 * process, so tests call it in-process; bin.ts sets process.exitCode.
 */
export async function runCli(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  let selected: Selected | undefined;
  const width = Math.min(100, (io.stdout as { columns?: number }).columns ?? 100);
  const parser = buildParser((value) => {
    selected = value;
  }, width);
  const parsed = await new Promise<{ error: Error | undefined; output: string; debug: boolean }>((resolve) => {
    void parser.parse(protectStdinArgs(args), {}, (error: Error | undefined, argv: Record<string, unknown>, output: string) => {
      resolve({ error: error ?? undefined, output, debug: argv['debug'] === true });
    });
  });
  if (parsed.error) {
    const line = describeParseError(parsed.error.message, { args, commands: commandNames, options: optionNames(args[0]) });
    io.stderr.write(`cspm-report: ${terminalText(line)}\nRun "cspm-report --help" for usage.\n`);
    return exitCodes.usage;
  }
  if (!selected) {
    io.stdout.write(parsed.output.endsWith('\n') ? parsed.output : `${parsed.output}\n`);
    return exitCodes.ok;
  }
  try {
    return await selected.spec.run(selected.args as never, io);
  } catch (error) {
    io.stderr.write(describeFailure(error, parsed.debug));
    return exitCodes.usage;
  }
}

const commandNames = commands.map((spec) => spec.command.split(' ')[0] ?? spec.command);

/** The long option names of the command `name` (for "did you mean"), global ones included. */
function optionNames(name: string | undefined): string[] {
  const spec = commands.find((entry) => entry.command.split(' ')[0] === name);
  const parser = spec ? spec.builder(yargs()) : yargs();
  // getOptions() is yargs's own record of declared options; its typings leave it out.
  const declared = (parser as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key;
  return [...Object.keys(declared), 'debug', 'help'].filter((key) => key.length > 1);
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

function describeFailure(error: unknown, debug: boolean): string {
  if (isCspmError(error)) {
    return `cspm-report: ${terminalText(error.message)}\n${debug && error.stack ? `${error.stack}\n` : ''}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = debug && error instanceof Error && error.stack ? `${error.stack}\n` : '';
  return `cspm-report: internal error: ${terminalText(firstLine(message))}${debug ? '' : ' (run with --debug for details)'}\n${stack}`;
}
