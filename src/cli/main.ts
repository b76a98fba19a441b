import yargs, { type Argv } from 'yargs';
import { CspmError, isCspmError } from '../index.js';
import { exitCodeOf, terminalText, toolInfo } from '../internal.js';
import { describeFailure } from './error-text.js';
import { exitCodes, flushStandardOutput, processIo, type CliIo } from './cli-io.js';
import type { CommandGroup, CommandSpec } from './commands/command-spec.js';
import { commandNames, commands } from './commands/commands.js';
import { loadConfigDefaults, settleConfig, withConfigDefaults, type ConfigDefaults } from './config/config-defaults.js';
import { commandFacts, skipHelpCache } from './command-facts.js';
import { commandBuilder, commandOf, unknownSubcommand, type Selected } from './command-groups.js';
import { completeLine, completionRequest } from './commands/completion-command.js';
import { describeParseError } from './parse-error-text.js';
import { assertDashWhereMeant } from './dash-arguments.js';
import { protectStdinArgs, restoreLiteralArgs } from './report-inputs.js';
import { writeStoppedSarif } from './stopped-sarif.js';
import { standardOutputError } from './write-output.js';
import { quietOption } from './shared-options.js';
import { withProgressLine } from './progress/progress-io.js';

/** The registry's commands as yargs takes them, by name, each with its own argument type erased. */
const commandSpecs = Object.entries(commands) as [string, CommandSpec<unknown> | CommandGroup][];

// Laid out by hand within 78 columns: the help wraps nothing of it from 80 columns up.
const epilogue = `Exit codes:
  0    passed: nothing at or above --fail-on, no failed gate or regression limit
  1    a report has findings at or above --fail-on, or no input holds a valid
       report (unreadable and invalid reports included; fetch of many reports:
       one failed; onboard --wait: the scan job Failed)
  2    usage error, missing or unreadable input, invalid gate rules or accounts
       file, scans that cannot be compared (another account, the wrong order,
       the same scan), a query refused or failed, no dataset or SQL engine
       for a query, unwritable output, internal error
  3    an error assertion of \`gate\` failed, or \`diff --fail-on-regression\`
       found a regression (1 wins when a report is also invalid)
  4    the service refused the request or did not answer (fetch, onboard):
       worth a retry
  130, 143
       interrupted by SIGINT or SIGTERM; no partial output is left

Documentation: README.md of the cspm-report package.`;

function buildParser(select: (selected: Selected) => void, width: number, config?: ConfigDefaults): Argv {
  let parser = yargs()
    // yargs would follow LANG for its own words ("Optionen", "Unbekanntes Argument") around
    // our English help and messages: the whole tool speaks one language.
    .locale('en')
    .scriptName('cspm-report')
    .usage('$0 <command> [options]\n\nCheck, gate and render compliance audit reports of cloud accounts.')
    .option('debug', {
      type: 'boolean',
      default: false,
      describe: 'print the stack of an internal error, and each request to the service (secrets as <PLACEHOLDERS>)',
      global: true,
    })
    .option('quiet', quietOption)
    .option('config', {
      type: 'string',
      describe:
        'read options from this file; --no-config reads none [default: cspm-report.config.json, .yaml, .yml or package.json "cspm-report", here or above, up to the repository\'s root or your home]',
      global: true,
    })
    .option('strict-config', {
      type: 'boolean',
      default: false,
      describe:
        'refuse a config file found by search that weakens the verdict (a rule off, --fail-on never, an --allow-… option…)',
      global: true,
    })
    .demandCommand(1, `name a command: ${commandNames.join(', ')}`)
    .recommendCommands()
    .strict()
    .help()
    .alias('help', 'h')
    .version(toolInfo.version)
    .epilogue(epilogue)
    .wrap(width)
    .exitProcess(false);
  parser = skipHelpCache(parser);
  for (const [name, spec] of commandSpecs) {
    parser = parser.command(
      spec.command,
      spec.describe,
      (inner) =>
        withConfigDefaults(
          commandBuilder(spec, select, examplesOnTheirOwnLines)(examplesOnTheirOwnLines(inner)),
          name,
          config,
        ),
      // A group's handler never runs: yargs runs the subcommand's instead.
      'subcommands' in spec ? undefined : (args) => select({ spec, args }),
    );
  }
  return parser;
}

/**
 * Lays out each example as a shell comment with its description, then its command on a
 * line of its own, both copyable as they are. yargs puts them side by side in two
 * columns of half the width each, so any command longer than 40 characters was broken
 * over lines in the middle. (An example without a description takes the whole width.)
 */
function examplesOnTheirOwnLines(parser: Argv): Argv {
  // yargs builds a group's subcommand on the group's own parser: laid out once, never twice.
  if (laidOut.has(parser)) return parser;
  laidOut.add(parser);
  const example = parser.example.bind(parser) as (command: string, description?: string) => Argv;
  (parser as unknown as { example: typeof example }).example = (command, description) => {
    if (description !== undefined && description !== '') example(`# ${description}`, '');
    return example(continuedLines(command.replace(/\$0/g, 'cspm-report')), '');
  };
  return parser;
}

/** The parsers whose examples {@link examplesOnTheirOwnLines} lays out already. */
const laidOut = new WeakSet<Argv>();

/** The columns an example's line may take: two of an 80-column terminal go to the indent. */
const exampleColumns = 78;

/**
 * A command longer than {@link exampleColumns} as shell lines joined by ` \\`, broken
 * before an option where one fits (so that an option stays with its value), else at a
 * space: the help wraps nothing of it at any width from 80 columns up, and what a reader
 * copies still runs.
 */
function continuedLines(command: string): string {
  const lines: string[] = [];
  let words: string[] = [];
  for (const word of command.split(' ')) {
    // Room for the " \\" that ends every line but the last.
    if (words.length > 0 && [...words, word].join(' ').length > exampleColumns - 2) {
      const option = words.findLastIndex((candidate, index) => index > 0 && candidate.startsWith('-'));
      const at = option > 0 ? option : words.length;
      lines.push(`${words.slice(0, at).join(' ')} \\`);
      words = words.slice(at);
    }
    words.push(word);
  }
  lines.push(words.join(' '));
  return lines.join('\n');
}

/**
 * Runs the command line `args` and returns the exit code. Nothing here exits the
 * process, so tests call it in-process; bin.ts sets process.exitCode.
 *
 * Standard output is flushed before the code is returned: a write that failed on it
 * (a full disk behind `> file`) makes the run fail with 2, whatever it printed.
 */
export async function runCli(args: readonly string[], given: CliIo = processIo()): Promise<number> {
  let stopped: unknown;
  let code: number;
  const state: RunState = { debug: false, selected: undefined };
  // Each write to standard error clears the progress line first, the failure's line too.
  const { io, stop } = withProgressLine(given);
  try {
    code = await runCommand(args, io, state);
  } catch (error) {
    stopped = error;
    io.stderr.write(describeFailure(error, state.debug));
    code = exitCodeOf(isCspmError(error) ? error.code : 'internal');
    if (state.selected !== undefined)
      await writeStoppedSarif(state.selected.spec, state.selected.args as Record<string, unknown>, error);
  } finally {
    stop();
  }
  try {
    await flushStandardOutput(io);
  } catch (error) {
    // Reported already when the command's own output write failed on it.
    if (!(isCspmError(stopped) && stopped.cause === error))
      io.stderr.write(describeFailure(standardOutputError(error), false));
    return exitCodes.usage;
  }
  return code;
}

/** What runCli learns of a run as it goes: whether to print stacks, and the command chosen. */
interface RunState {
  debug: boolean;
  selected: Selected | undefined;
}

async function runCommand(args: readonly string[], io: CliIo, state: RunState): Promise<number> {
  let selected: Selected | undefined;
  // The terminal's width; 80 columns when the help goes to a file or a pipe.
  const width = (io.stdout as { columns?: number }).columns ?? 80;
  const config = loadConfigDefaults(args, process.cwd(), io.env);
  const parser = buildParser(
    (value) => {
      selected = value;
    },
    width,
    config,
  );
  if (args[0] === completionRequest) {
    io.stdout.write(await completeLine(parser, args));
    return exitCodes.ok;
  }
  const parsed = await new Promise<{ error: Error | undefined; output: string; argv: Record<string, unknown> }>(
    (resolve) => {
      void parser.parse(
        protectStdinArgs(args),
        {},
        (error: Error | undefined, argv: Record<string, unknown>, output: string) => {
          resolve({ error: error ?? undefined, output, argv });
        },
      );
    },
  );
  state.debug = parsed.argv['debug'] === true;
  // A run that read a config file says so, whatever else it prints: its settings are not on the command line.
  const settled =
    config === undefined ? undefined : settleConfig(config, args, parsed.argv, (line) => io.stderr.write(line));
  if (parsed.error) {
    const named = commandOf(args);
    const facts = commandFacts(named?.name ?? args[0] ?? '', named?.spec);
    const line =
      unknownSubcommand(args) ??
      describeParseError(parsed.error.message, {
        args,
        commands: commandNames,
        options: facts.options,
        command: facts,
      });
    io.stderr.write(`cspm-report: ${terminalText(line)}\nRun "cspm-report --help" for usage.\n`);
    const refusal = new CspmError('usage', line, { data: {} });
    await named?.spec.refused?.(parsed.argv, refusal);
    await writeStoppedSarif(named?.spec, parsed.argv, refusal);
    return exitCodes.usage;
  }
  if (!selected) {
    io.stdout.write(parsed.output.endsWith('\n') ? parsed.output : `${parsed.output}\n`);
    return exitCodes.ok;
  }
  state.selected = selected;
  restoreLiteralArgs(selected.args as Record<string, unknown>);
  assertDashWhereMeant(selected.spec.command, selected.args as Record<string, unknown>);
  if (settled === undefined) return await selected.spec.run(selected.args, io);
  try {
    return await selected.spec.run(selected.args, { ...io, runSettings: settled.settings });
  } catch (error) {
    throw settled.withOrigin(error);
  }
}
