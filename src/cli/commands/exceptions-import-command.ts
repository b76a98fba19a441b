import type { Argv } from 'yargs';
import { importExceptions, type ExceptionImportFormat } from '../../index.js';
import { exceptionImportFormats, plural, terminalText } from '../../internal.js';
import { exitCodes, type CliIo } from '../cli-io.js';
import { oneValue, type QuietArgs } from '../shared-options.js';
import { statusWriter } from '../status-line.js';
import { isStandardOutput, writeOutput } from '../write-output.js';
import type { CommandSpec } from './command-spec.js';

/** The arguments of `exceptions import`. */
export interface ExceptionsImportArgs extends QuietArgs {
  file: string;
  from: ExceptionImportFormat;
  output: string;
}

function builder(yargs: Argv): Argv<ExceptionsImportArgs> {
  return yargs
    .positional('file', { describe: "the peer's mute, ignore or waiver file", type: 'string', demandOption: true })
    .option('from', {
      choices: exceptionImportFormats.map(({ name }) => name),
      demandOption: true,
      coerce: oneValue('from'),
      describe: `whose file it is: ${exceptionImportFormats.map(({ name, description }) => `${name}, ${description}`).join('; ')}`,
    })
    .option('output', {
      alias: 'o',
      type: 'string',
      default: '-',
      coerce: oneValue('output'),
      describe: 'the exceptions file to write (atomically, never over the input); - is standard output',
    })
    .example('$0 exceptions import --from trivy-ignore .trivyignore.yaml -o risks.yaml', "draft exceptions of Trivy's")
    .example(
      '$0 exceptions import --from prowler-mutelist mutelist.yaml > risks.yaml',
      "a draft of Prowler's mutelist: fill in each TODO, then check it",
    ) as unknown as Argv<ExceptionsImportArgs>;
}

async function run(args: ExceptionsImportArgs, io: CliIo): Promise<number> {
  const toFile = !isStandardOutput(args.output);
  const result = importExceptions(args.file, args.from, {
    outputs: toFile ? [{ path: args.output, from: 'the drafted exceptions file' }] : [],
  });
  await writeOutput(args.output, result.text, io);
  if (toFile) statusWriter(io, args.quiet)(`wrote ${terminalText(args.output)}`);
  const drafted = `drafted ${plural(result.imported.drafts.length, 'exception')} from ${terminalText(args.file)}`;
  if (result.unfilled === 0) statusWriter(io, args.quiet)(`${drafted}; none has a TODO to fill in`);
  // A warning, whatever --quiet says: every command refuses the file until its entries are filled in.
  else
    io.stderr.write(
      `cspm-report: warning: ${drafted}; ${plural(result.unfilled, 'entry', 'entries')} ${result.unfilled === 1 ? 'needs' : 'need'} filling in (each TODO): the file is refused until none is left\n`,
    );
  return exitCodes.ok;
}

/** `cspm-report exceptions import --from <format> <file>`: an exceptions file drafted of a peer's ignore file. */
export const exceptionsImportCommand: CommandSpec<ExceptionsImportArgs> = {
  command: 'import <file>',
  describe:
    "draft an exceptions file of Prowler's mutelist, Trivy's ignore file or InSpec's waivers: each field they lack is a TODO that fails validation until filled",
  builder,
  run,
};
