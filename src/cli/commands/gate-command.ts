import type { Argv } from 'yargs';
import { type Analysis, assertBaselineGiven, canBeCompared, checkReports, CspmError, diffAnalyses, type DiffResult, errorExitCodes, evaluateGate, type FailOn, type GateResult, hasFailingFindings, inputsMetric, isCspmError, isGatePresetName, loadGateRules } from '../../index.js';
import { checkOptionsOf, withFailOnOptions, type FailOnArgs } from '../analysis-options.js';
import { exitCodes, type CliIo } from '../cli-io.js';
import { pairFindingsOutputs, withFindingsOutputOptions, type FindingsOutputArgs } from '../findings-outputs.js';
import { failedResultFile, gateResultFile, gateResultText } from '../gate-result-file.js';
import { assertSafeOutputs, type PlannedOutput } from '../output-guard.js';
import { inputFiles, stdinToken, toReportInputs } from '../report-inputs.js';
import { oneValue } from '../shared-options.js';
import { writeAtomic } from '../write-atomic.js';
import { writeFindings } from '../write-findings.js';
import { isStandardOutput } from '../write-output.js';
import type { CommandSpec } from './command-spec.js';

/** The arguments of `gate`. */
export interface GateArgs extends FailOnArgs, FindingsOutputArgs {
  inputs: string[];
  rules: string;
  result: string | undefined;
  baseline: string | undefined;
  'allow-mismatch': boolean;
}

function builder(yargs: Argv): Argv<GateArgs> {
  const declared = yargs
    .positional('inputs', { describe: 'report files, directories (every *.json inside) or - for standard input', type: 'string', array: true, demandOption: true, default: undefined })
    .option('rules', { type: 'string', demandOption: true, coerce: oneValue('rules'), describe: 'gate rules file (JSON or YAML), or a preset: cspm:recommended, cspm:strict' })
    .option('result', { type: 'string', coerce: oneValue('result'), describe: 'also write the verdict as JSON to this file (atomically), whatever the outcome' })
    .option('baseline', {
      type: 'string',
      coerce: oneValue('baseline'),
      describe: 'an older scan (a report file, or - for standard input) for the metrics regressions and compliancePercentDrop; paired as diff pairs them',
    })
    .option('allow-mismatch', { type: 'boolean', default: false, describe: 'with --baseline, pair reports of another account or benchmark (by position)' });
  return withFailOnOptions(withFindingsOutputOptions(declared))
    .example('$0 gate reports/ --rules gate-rules.yaml', 'fail the build (exit 3) when an error assertion fails')
    .example('$0 gate reports/ --rules cspm:recommended --result gate.json', 'gate on a preset and keep the verdict')
    .example('$0 gate reports/ --rules gate-rules.yaml -f sarif -o gate.sarif -f github -o -', 'code scanning results and annotations in GitHub Actions')
    .example('$0 gate r.json --rules rules.json -f junit -o gate.xml', 'a JUnit report for GitLab or Jenkins')
    .example('$0 gate today.json --rules rules.json --baseline last-week.json', 'fail on regressions or a drop of compliance since an older scan') as unknown as Argv<GateArgs>;
}

/**
 * The exit code of a verdict. A report that does not check cannot be trusted for its
 * posture, so 1 (invalid input) wins over 3 (an error assertion failed).
 */
export function gateExitCode(analysis: Analysis, gate: GateResult, failOn: FailOn): number {
  const untrusted = gate.assertions.some((result) => result.metric === inputsMetric && !result.passed);
  if (untrusted || hasFailingFindings(analysis, failOn)) return exitCodes.findings;
  return gate.status === 'fail' ? exitCodes.gate : exitCodes.ok;
}

async function run(args: GateArgs, io: CliIo): Promise<number> {
  try {
    const options = checkOptionsOf(args);
    const outputs = pairFindingsOutputs(args.format, args.output);
    const rules = await loadGateRules(args.rules);
    assertBaselineGiven(rules, args.baseline !== undefined);
    if (args.baseline === stdinToken && args.inputs.includes(stdinToken)) throw new CspmError('usage', 'standard input (-) can be given only once: to the inputs or to --baseline', { data: { option: 'baseline' } });
    const files: PlannedOutput[] = outputs.filter((output) => !isStandardOutput(output.path)).map((output) => ({ path: output.path, from: `the ${output.format} result` }));
    if (args.result !== undefined) files.push({ path: args.result, from: 'the --result file' });
    // The baseline first: an older scan that does not check cannot tell what changed.
    let baseline: Analysis | undefined;
    if (args.baseline !== undefined) {
      baseline = await checkReports(toReportInputs([args.baseline], io), options);
      if (!canBeCompared(baseline, args['fail-on'])) return await refuseBaseline(args, baseline, files, outputs, io);
    }
    const analysis = await checkReports(toReportInputs(args.inputs, io), options);
    assertSafeOutputs(files, [...inputFiles(analysis), ...(baseline ? inputFiles(baseline) : []), ...rulesFiles(args.rules)]);
    const diff: DiffResult | undefined = baseline === undefined ? undefined : diffAnalyses(baseline, analysis, { allowMismatch: args['allow-mismatch'] });
    const gate = evaluateGate(analysis, rules, diff === undefined ? {} : { baseline: diff });
    const exitCode = gateExitCode(analysis, gate, args['fail-on']);
    // The result first: when a findings output fails, CI still finds the verdict.
    if (args.result !== undefined) await writeAtomic(args.result, gateResultText(gateResultFile(gate, analysis, exitCode)));
    await writeFindings({ analysis, gate }, outputs, io, args.color);
    return exitCode;
  } catch (error) {
    await writeFailedResult(args, error);
    throw error;
  }
}

/**
 * Fails closed on a baseline that does not check: its findings go to the outputs (they
 * say why), the result file says `fail`, and the exit code is 1, as for an input.
 */
async function refuseBaseline(args: GateArgs, baseline: Analysis, files: readonly PlannedOutput[], outputs: ReturnType<typeof pairFindingsOutputs>, io: CliIo): Promise<number> {
  assertSafeOutputs(files, [...inputFiles(baseline), ...rulesFiles(args.rules)]);
  const message = `the baseline ${baseline.sources[0]?.source ?? ''} has findings at or above --fail-on, or no valid report: gate not evaluated`;
  if (args.result !== undefined) await writeAtomic(args.result, gateResultText(failedResultFile(args.rules, exitCodes.findings, { code: 'baseline-invalid', message })));
  await writeFindings({ analysis: baseline }, outputs, io, args.color);
  io.stderr.write(`cspm-report: ${message} (see above)\n`);
  return exitCodes.findings;
}

function rulesFiles(rules: string): string[] {
  return isGatePresetName(rules) ? [] : [rules];
}

/**
 * Fails closed on a run stopped before its verdict: the result file says `fail`, unless
 * writing it is what went wrong, or it would land on an input.
 */
async function writeFailedResult(args: GateArgs, error: unknown): Promise<void> {
  if (args.result === undefined) return;
  if (isCspmError(error) && (error.code === 'output-is-input' || error.code === 'output-collision' || error.code === 'output-failed')) return;
  try {
    const inputs = args.inputs.filter((input) => input !== stdinToken);
    assertSafeOutputs([{ path: args.result, from: 'the --result file' }], [...inputs, ...rulesFiles(args.rules)]);
    const code = isCspmError(error) ? error.code : 'internal';
    const message = error instanceof Error ? error.message : String(error);
    await writeAtomic(args.result, gateResultText(failedResultFile(args.rules, isCspmError(error) ? errorExitCodes[error.code] : errorExitCodes.internal, { code, message })));
  } catch {
    // The run's own error is the one to report; this one would only hide it.
  }
}

/** `cspm-report gate <inputs..> --rules FILE`: check reports, then hold them to a rules file's assertions. */
export const gateCommand: CommandSpec<GateArgs> = {
  command: 'gate <inputs..>',
  describe: 'check reports, then fail (exit 3) when they break a rules file\'s posture assertions',
  builder,
  run,
};
