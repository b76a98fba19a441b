import type { Argv } from 'yargs';
import { CspmError, gateReports, type GateReportsResult, type ReportInput } from '../../index.js';
import { terminalText } from '../../internal.js';
import { checkOptionsOf, withFailOnOptions, type FailOnArgs } from '../analysis-options.js';
import { exceptionsOptionsOf, withExceptionsOptions, type ExceptionsArgs } from '../exceptions-options.js';
import type { CliIo } from '../cli-io.js';
import {
  type FindingsOutput,
  findingsOutputsOf,
  withFindingsOutputOptions,
  type FindingsOutputArgs,
} from '../findings-outputs.js';
import { resultFileOf, rulesFiles } from '../gate-result-file.js';
import { inputFiles, stdinToken, toReportInputs } from '../report-inputs.js';
import { oneValue } from '../shared-options.js';
import { writeFindings } from '../write-findings.js';
import { isStandardOutput } from '../write-output.js';
import { type StdinNameArgs, withStdinNameOption } from '../stdin-name.js';
import { namedFiles } from '../stopped-sarif.js';
import type { CommandSpec } from './command-spec.js';
import { type JobsArgs, withJobsOption } from '../jobs-option.js';
import { runShardCommand, type ShardArgs, withShardOption } from '../shard-run.js';

/** The arguments of `gate`. */
export interface GateArgs extends FailOnArgs, FindingsOutputArgs, StdinNameArgs, JobsArgs, ShardArgs, ExceptionsArgs {
  inputs: string[];
  rules: string;
  result: string | undefined;
  baseline: string | undefined;
  'allow-mismatch': boolean;
}

function builder(yargs: Argv): Argv<GateArgs> {
  const declared = yargs
    .positional('inputs', {
      describe: 'report files, directories (every *.json inside) or - for standard input',
      type: 'string',
      array: true,
      demandOption: true,
      default: undefined,
    })
    .option('rules', {
      type: 'string',
      demandOption: true,
      coerce: oneValue('rules'),
      describe: 'gate rules file (JSON or YAML), or a preset: cspm:recommended, cspm:strict',
    })
    .option('result', {
      type: 'string',
      coerce: oneValue('result'),
      describe: 'also write the verdict as JSON to this file (atomically), whatever the outcome',
    })
    .option('baseline', {
      type: 'string',
      coerce: oneValue('baseline'),
      describe:
        'an older scan (a report file, or - for standard input) for the metrics regressions and compliancePercentDrop; paired as diff pairs them',
    })
    .option('allow-mismatch', {
      type: 'boolean',
      default: false,
      describe: 'with --baseline, pair reports of another account or benchmark (by position)',
    });
  return withExceptionsOptions(
    withShardOption(
      withJobsOption(withStdinNameOption(withFailOnOptions(withFindingsOutputOptions(declared, 'gate')))),
    ),
  )
    .example('$0 gate reports/ --rules gate-rules.yaml', 'fail the build (exit 3) when an error assertion fails')
    .example('$0 gate reports/ --rules cspm:recommended --result gate.json', 'gate on a preset and keep the verdict')
    .example(
      '$0 gate reports/ --rules gate-rules.yaml -f sarif -o gate.sarif -f github -o -',
      'code scanning results and annotations in GitHub Actions',
    )
    .example('$0 gate r.json --rules rules.json -f junit -o gate.xml', 'a JUnit report for GitLab or Jenkins')
    .example(
      '$0 gate reports/ --rules cspm:recommended --exceptions risks.yaml',
      'set accepted risks apart; an expired one fails',
    )
    .example(
      '$0 gate today.json --rules rules.json --baseline last-week.json',
      'fail on regressions or a drop of compliance since an older scan',
    )
    .example(
      '$0 gate reports/ --rules r.yaml --shard 1/4 -o part-1.json',
      'one shard of a CI matrix; merge part-*.json judges the whole',
    ) as unknown as Argv<GateArgs>;
}

async function run(args: GateArgs, io: CliIo): Promise<number> {
  if (args.shard !== undefined) return runGateShard(args, io);
  const resultFile =
    args.result === undefined
      ? undefined
      : resultFileOf(args.result, args.rules, [
          ...args.inputs,
          ...(args.baseline === undefined ? [] : [args.baseline]),
        ]);
  try {
    const { findings: outputs, placeFindings, allCategories } = findingsOutputsOf(args.format, args.output);
    if (args.baseline === stdinToken && args.inputs.includes(stdinToken))
      throw new CspmError('usage', 'standard input (-) can be given only once: to the inputs or to --baseline', {
        data: { option: 'baseline' },
      });
    const result = await gateReports(toReportInputs(args.inputs, io, args['stdin-name']), {
      ...checkOptionsOf(args, io),
      placeFindings,
      figuresOnly: true,
      allCategories,
      ...(args.jobs === undefined ? {} : { jobs: args.jobs }),
      rules: args.rules,
      allowMismatch: args['allow-mismatch'],
      ...exceptionsOptionsOf(args),
      ...(args.baseline === undefined
        ? {}
        : { baseline: toReportInputs([args.baseline], io, args['stdin-name'])[0] as ReportInput }),
      outputs: outputs
        .filter((output) => !isStandardOutput(output.path))
        .map((output) => ({ path: output.path, from: `the ${output.format} result` })),
      ...(resultFile === undefined ? {} : { resultFile }),
    });
    const { analysis, baseline, gate, verdict, runSettings, exceptions } = result;
    const recorded = {
      ...(runSettings === undefined ? {} : { runSettings }),
      ...(exceptions === undefined ? {} : { exceptions }),
    };
    const otherInputs = [...(baseline ? inputFiles(baseline) : []), ...rulesFiles(args.rules)];
    if (analysis === undefined || gate === undefined) return await refuseBaseline(args, result, outputs, io);
    await writeFindings({ analysis, gate, verdict, failOn: args['fail-on'], ...recorded }, outputs, io, args, [
      ...otherInputs,
      ...(args.result === undefined ? [] : [args.result]),
    ]);
    return verdict.exitCode;
  } catch (error) {
    await resultFile?.stop(error);
    throw error;
  }
}

/**
 * Tells a baseline that does not check: its findings go to the outputs (they say why),
 * after the job wrote the result file's failure; the exit code is the verdict's, 1.
 */
async function refuseBaseline(
  args: GateArgs,
  result: GateReportsResult,
  outputs: readonly FindingsOutput[],
  io: CliIo,
): Promise<number> {
  const message = result.verdict.reasons[0] ?? 'the baseline does not check: gate not evaluated';
  const recorded = result.runSettings === undefined ? {} : { runSettings: result.runSettings };
  if (result.baseline !== undefined)
    await writeFindings(
      { analysis: result.baseline, verdict: result.verdict, failOn: args['fail-on'], ...recorded },
      outputs,
      io,
      args,
      [...inputFiles(result.baseline), ...rulesFiles(args.rules), ...(args.result === undefined ? [] : [args.result])],
    );
  io.stderr.write(`cspm-report: ${terminalText(message)} (see above)\n`);
  return result.verdict.exitCode;
}

/** A command line refused before the run: a `--result` it names says so (see gateResultFile). */
async function refused(argv: Record<string, unknown>, error: Error): Promise<void> {
  const { result, rules, inputs } = argv;
  if (typeof result !== 'string') return;
  const named = Array.isArray(inputs) ? inputs.filter((input): input is string => typeof input === 'string') : [];
  await resultFileOf(result, typeof rules === 'string' ? rules : '', named).stop(error);
}

/** `cspm-report gate <inputs..> --rules FILE`: check reports, then hold them to a rules file's assertions. */
export const gateCommand: CommandSpec<GateArgs> = {
  command: 'gate <inputs..>',
  describe: "check reports, then fail (exit 3) when they break a rules file's posture assertions",
  builder,
  run,
  readFiles: (argv) => [
    ...namedFiles(argv, ['inputs', 'baseline']),
    ...(typeof argv['rules'] === 'string' ? rulesFiles(argv['rules']) : []),
  ],
  refused,
};

/**
 * One shard of a gate: every shard holds the same rules (runShard loads them), which
 * merge evaluates on the whole run. A baseline and a result file belong to the merge's
 * verdict, so a shard refuses them.
 */
async function runGateShard(args: GateArgs, io: CliIo): Promise<number> {
  for (const [option, given] of [
    ['baseline', args.baseline],
    ['result', args.result],
  ] as const) {
    if (given !== undefined)
      throw new CspmError(
        'usage',
        `--${option} cannot be given with --shard: ${option === 'result' ? "the verdict is merge's (cspm-report merge --result)" : 'a sharded gate compares with no baseline yet; gate the whole run'}`,
        { data: { option } },
      );
  }
  // The shard records each exceptions file's SHA-256, which merge holds to the files it is given.
  const options = {
    ...checkOptionsOf(args, io),
    ...(args.jobs === undefined ? {} : { jobs: args.jobs }),
    rules: args.rules,
    ...exceptionsOptionsOf(args),
  };
  return runShardCommand(
    'gate',
    args,
    toReportInputs(args.inputs, io, args['stdin-name']),
    options,
    [...args.inputs, ...rulesFiles(args.rules), ...(args.exceptions ?? [])],
    io,
  );
}
