import type { Argv } from 'yargs';
import { assertSafeOutputs, CspmError, mergePartials, type PlannedOutput } from '../../index.js';
import { shardKeyOf } from '../../internal.js';
import { checkOptionsOf, withFailOnOptions, type FailOnArgs } from '../analysis-options.js';
import { withRunIdOption } from '../shard-run.js';
import type { CliIo } from '../cli-io.js';
import { findingsOutputsOf, withFindingsOutputOptions, type FindingsOutputArgs } from '../findings-outputs.js';
import { resultFileOf, rulesFiles } from '../gate-result-file.js';
import { inputFiles } from '../report-inputs.js';
import { oneValue } from '../shared-options.js';
import { namedFiles } from '../stopped-sarif.js';
import { writeAtomic } from '../write-atomic.js';
import { writeFindings } from '../write-findings.js';
import { isStandardOutput } from '../write-output.js';
import type { CommandSpec } from './command-spec.js';
import { exceptionsOptionsOf, withExceptionsOptions, type ExceptionsArgs } from '../exceptions-options.js';

/** The arguments of `merge`. */
export interface MergeArgs extends FindingsOutputArgs, FailOnArgs, ExceptionsArgs {
  partials: string[];
  result: string | undefined;
  fleet: string | undefined;
  rules: string | undefined;
  'run-id': string | undefined;
  'inputs-absent': boolean;
}

function builder(yargs: Argv): Argv<MergeArgs> {
  const declared = yargs
    .positional('partials', {
      describe: 'the partial results of every shard (check or gate --shard i/n -o part-i.json)',
      type: 'string',
      array: true,
      demandOption: true,
      default: undefined,
    })
    .option('result', {
      type: 'string',
      coerce: oneValue('result'),
      describe: 'of a sharded gate: also write the verdict as JSON to this file (atomically), as gate --result does',
    })
    .option('fleet', {
      type: 'string',
      coerce: oneValue('fleet'),
      describe: 'also write the fleet figures of the whole run to this file, which render FILE draws as the fleet tier',
    })
    .option('rules', {
      type: 'string',
      coerce: oneValue('rules'),
      describe: 'of a sharded gate: the gate rules file or preset every shard must have been run with',
    })
    .option('inputs-absent', {
      type: 'boolean',
      default: false,
      describe: 'merge without the input files: their digests are not checked again (every output says so)',
    });
  return withExceptionsOptions(
    withRunIdOption(withFailOnOptions(withFindingsOutputOptions(declared, 'merge'))),
    'The same files every shard was run with (their SHA-256 is in each partial result), or the merge is refused',
  )
    .example('$0 merge part-*.json', 'judge a sharded check or gate on the whole run, as one run would')
    .example(
      '$0 merge part-*.json -f sarif -o all.sarif -f junit -o all.xml',
      'one SARIF and one JUnit report for the whole fleet',
    )
    .example(
      '$0 merge part-*.json --rules gate-rules.yaml --result gate.json -f markdown -o sum.md',
      "a sharded gate's verdict and its summary",
    )
    .example(
      '$0 merge part-*.json --rules cspm:recommended --exceptions risks.yaml',
      'a sharded gate with accepted risks: the files its shards were given',
    )
    .example(
      '$0 merge part-*.json --fleet fleet.json',
      'the fleet figures, then: cspm-report render fleet.json -o fleet.html',
    ) as unknown as Argv<MergeArgs>;
}

async function run(args: MergeArgs, io: CliIo): Promise<number> {
  const { findings: outputs, placeFindings, allCategories } = findingsOutputsOf(args.format, args.output);
  const files: PlannedOutput[] = outputs
    .filter((output) => !isStandardOutput(output.path))
    .map((output) => ({ path: output.path, from: `the ${output.format} result` }));
  if (args.result !== undefined) files.push({ path: args.result, from: 'the --result file' });
  if (args.fleet !== undefined) files.push({ path: args.fleet, from: 'the --fleet file' });
  const exceptionsFiles = args.exceptions ?? [];
  assertSafeOutputs(files, [
    ...args.partials,
    ...(args.rules === undefined ? [] : rulesFiles(args.rules)),
    ...exceptionsFiles,
  ]);
  const { severities, percentFormula, failOn } = checkOptionsOf(args, io);
  const runId = args['run-id'];
  const macKey = shardKeyOf(io.env);
  const merged = await mergePartials(
    args.partials,
    {
      command: args.rules === undefined ? 'check' : 'gate',
      failOn: failOn ?? 'error',
      ...(severities === undefined ? {} : { severities }),
      ...(percentFormula === undefined ? {} : { percentFormula }),
      ...(args.from === undefined ? {} : { from: args.from }),
      ...(args.framework === undefined ? {} : { framework: args.framework }),
      ...(args.rules === undefined ? {} : { rules: args.rules }),
      ...(runId === undefined ? {} : { runId }),
    },
    {
      placeFindings,
      allCategories,
      fleet: args.fleet !== undefined,
      inputsAbsent: args['inputs-absent'],
      ...(macKey === undefined ? {} : { macKey }),
      ...(io.runSettings === undefined ? {} : { runSettings: io.runSettings }),
      ...exceptionsOptionsOf(args),
    },
  );
  const { analysis, gate, verdict } = merged;
  for (const note of merged.notes) io.stderr.write(`cspm-report: note: ${note}\n`);
  assertSafeOutputs(files, [
    ...args.partials,
    ...(args.rules === undefined ? [] : rulesFiles(args.rules)),
    ...exceptionsFiles,
    ...inputFiles(analysis),
  ]);
  if (args.result !== undefined) {
    if (merged.record === undefined)
      throw new CspmError('usage', '--result is the verdict of a gate; these are the partial results of a check', {
        data: { option: 'result' },
      });
    await resultFileOf(args.result, args.rules ?? '', args.partials).finish(merged.record);
  }
  if (args.fleet !== undefined && merged.fleetFile !== undefined) await writeAtomic(args.fleet, merged.fleetFile);
  await writeFindings(
    {
      analysis,
      ...(gate === undefined ? {} : { gate }),
      verdict,
      failOn: merged.failOn,
      notes: merged.notes,
      ...(io.runSettings === undefined ? {} : { runSettings: io.runSettings }),
      ...(merged.exceptions === undefined ? {} : { exceptions: merged.exceptions }),
    },
    outputs,
    io,
    args,
    [...args.partials, ...(args.result === undefined ? [] : [args.result])],
  );
  return verdict.exitCode;
}

/** `cspm-report merge <partials..>`: join the shards of a check or gate and judge the whole. */
export const mergeCommand: CommandSpec<MergeArgs> = {
  command: 'merge <partials..>',
  describe: 'join the partial results of a sharded check or gate and judge the whole run',
  builder,
  run,
  readFiles: (argv) => [
    ...namedFiles(argv, ['partials']),
    ...(typeof argv['rules'] === 'string' ? rulesFiles(argv['rules']) : []),
    ...namedFiles(argv, ['exceptions']),
  ],
};
