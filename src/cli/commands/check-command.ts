import type { Argv } from 'yargs';
import { checkReports } from '../../index.js';
import { checkOptionsOf, withFailOnOptions, type FailOnArgs } from '../analysis-options.js';
import { exceptionsOptionsOf, withExceptionsOptions, type ExceptionsArgs } from '../exceptions-options.js';
import type { CliIo } from '../cli-io.js';
import { findingsOutputsOf, withFindingsOutputOptions, type FindingsOutputArgs } from '../findings-outputs.js';
import { assertSafeOutputs } from '../../index.js';
import { inputFiles, toReportInputs } from '../report-inputs.js';
import { writeFindings } from '../write-findings.js';
import { isStandardOutput } from '../write-output.js';
import { type StdinNameArgs, withStdinNameOption } from '../stdin-name.js';
import { namedFiles } from '../stopped-sarif.js';
import type { CommandSpec } from './command-spec.js';
import { type JobsArgs, withJobsOption } from '../jobs-option.js';
import { runShardCommand, type ShardArgs, withShardOption } from '../shard-run.js';

/** The arguments of `check`. */
export interface CheckArgs extends FailOnArgs, FindingsOutputArgs, StdinNameArgs, JobsArgs, ShardArgs, ExceptionsArgs {
  inputs: string[];
}

function builder(yargs: Argv): Argv<CheckArgs> {
  const withInputs = yargs.positional('inputs', {
    describe: 'report files, directories (every *.json inside) or - for standard input',
    type: 'string',
    array: true,
    demandOption: true,
    default: undefined,
  });
  return withExceptionsOptions(
    withShardOption(
      withJobsOption(withStdinNameOption(withFailOnOptions(withFindingsOutputOptions(withInputs, 'check')))),
    ),
    "Every output lists what they accept; a check's verdict is about the reports' data, which exceptions never change",
  )
    .example('$0 check samples/', 'check every report under samples/')
    .example('$0 check r.json -o out.json', 'write the findings as JSON (format from the extension)')
    .example('$0 check r.json -f text -o - -f sarif -o r.sarif', 'text on the terminal and SARIF for code scanning')
    .example('$0 check - --fail-on warning < r.json', 'read standard input; warnings fail too')
    .example('$0 check - --stdin-name reports/aws.json -o aws.sarif < r.json', 'name the piped report in the outputs')
    .example('$0 check r.json --rule mixed-ids=off', 'silence one rule')
    .example(
      '$0 check reports/ --exceptions risks.yaml',
      'list the accepted risks too; the verdict stays about the data',
    )
    .example(
      '$0 check reports/ --shard 2/4 -o part-2.json',
      'check a quarter of a fleet; cspm-report merge part-*.json judges the whole',
    ) as unknown as Argv<CheckArgs>;
}

async function run(args: CheckArgs, io: CliIo): Promise<number> {
  const jobs = args.jobs === undefined ? {} : { jobs: args.jobs };
  // The shard records each exceptions file's SHA-256, which merge holds to the files it is given.
  if (args.shard !== undefined)
    return runShardCommand(
      'check',
      args,
      toReportInputs(args.inputs, io, args['stdin-name']),
      { ...checkOptionsOf(args, io), ...jobs, ...exceptionsOptionsOf(args) },
      [...args.inputs, ...(args.exceptions ?? [])],
      io,
    );
  const { findings: outputs, placeFindings, allCategories } = findingsOutputsOf(args.format, args.output);
  const { analysis, verdict, runSettings, exceptions } = await checkReports(
    toReportInputs(args.inputs, io, args['stdin-name']),
    {
      ...checkOptionsOf(args, io),
      placeFindings,
      figuresOnly: true,
      allCategories,
      ...jobs,
      ...exceptionsOptionsOf(args),
    },
  );
  const files = outputs
    .filter((output) => !isStandardOutput(output.path))
    .map((output) => ({ path: output.path, from: `the ${output.format} result` }));
  const exceptionsFiles = (exceptions?.files ?? []).map((file) => file.path);
  assertSafeOutputs(files, [...inputFiles(analysis), ...exceptionsFiles]);
  await writeFindings(
    {
      analysis,
      verdict,
      failOn: args['fail-on'],
      ...(runSettings === undefined ? {} : { runSettings }),
      ...(exceptions === undefined ? {} : { exceptions }),
    },
    outputs,
    io,
    args,
    exceptionsFiles,
  );
  return verdict.exitCode;
}

/** `cspm-report check <inputs..>`: validate and cross-check saved reports. */
export const checkCommand: CommandSpec<CheckArgs> = {
  command: 'check <inputs..>',
  describe: 'validate reports and check that their numbers add up',
  builder,
  run,
  readFiles: (argv) => namedFiles(argv, ['inputs']),
};
