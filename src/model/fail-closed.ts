import type { AnalysedSource, Analysis } from './analysis.js';
import type { DiffResult, PolicyChange, RegressionLimit, ReportDiff } from './diff.js';
import { CspmError } from '../error/cspm-error.js';
import type { Finding, RuleId, Severity, SeveritySetting } from './finding.js';
import type { FindingsResult, FindingsRun } from './findings-format.js';
import { isAtLeast } from './observed-values.js';
import { marksUnusableInput, unusableInputRules } from './unusable-input.js';
import type { Verdict } from './verdict.js';

/*
 * The fail-closed policy, written once: what no verdict may pass on. Every job (check,
 * gate, diff, trend, render, fetch) and the gate's own assertion on its inputs ask
 * these questions and no others; a new way for input to be untrustworthy is a line here
 * (or in unusable-input.ts). It lives in model/ so that every stage reads the same
 * policy; the renderers read only the judgement it makes (judgeFindingsResult).
 */

/** The lowest severity that fails a check run, or `never`. */
export type FailOn = 'error' | 'warning' | 'never';

/** Every FailOn value, for option parsing and help text. */
export const failOnLevels: readonly FailOn[] = ['error', 'warning', 'never'];

/** True when the analysis has a finding at or above `failOn` (by default `error`, as the CLI's `--fail-on`). */
// Stryker disable next-line StringLiteral: any default but 'warning' and 'never' fails on errors only, as 'error' does
export function hasFailingFindings(analysis: Analysis, failOn: FailOn = 'error'): boolean {
  if (failOn === 'never') return false;
  return analysis.summary.errors > 0 || (failOn === 'warning' && analysis.summary.warnings > 0);
}

/** True when the inputs hold at least one valid benchmark report: nothing passes on nothing. */
export function hasValidReport(analysis: Analysis): boolean {
  return analysis.summary.reports > 0;
}

/**
 * True when an analysis can stand for its input in a comparison (diff, a gate's
 * baseline, a trend): it holds a valid report, no finding at or above `failOn` and no
 * repeated key. Anything else fails closed: a report left out as invalid would read as
 * removed, and a repeated key's other value could be the real one.
 */
// Stryker disable next-line StringLiteral: any default but 'warning' and 'never' fails on errors only, as 'error' does
export function canBeCompared(analysis: Analysis, failOn: FailOn = 'error'): boolean {
  return hasValidReport(analysis) && !hasFailingFindings(analysis, failOn) && ambiguousSources(analysis).length === 0;
}

/**
 * The sources whose text repeats a key within an object: JSON.parse kept the last of
 * its values, another reader may keep the first, so their figures are ambiguous, even
 * with the `duplicate-key` finding silenced.
 */
export function ambiguousSources(analysis: Analysis): AnalysedSource[] {
  return analysis.sources.filter((source) => (source.repeatedKeys ?? 0) > 0);
}

/**
 * The sources whose reports a verdict cannot stand on: a document that did not parse,
 * whose call failed, that holds no report or nothing in one, or that repeats a key, or
 * one of whose reports did not validate (it is not analysed, so no rule could see its
 * posture): any finding of a rule marked as meaning an unusable input (see
 * marksUnusableInput). Turning a rule off changes what is reported, never this.
 */
export function untrustedSources(analysis: Analysis): AnalysedSource[] {
  return analysis.sources.filter(
    (source) =>
      source.form === 'unparsed' ||
      source.reports.length < source.reportCount ||
      (source.repeatedKeys ?? 0) > 0 ||
      source.findings.some(marksUnusableInput),
  );
}

/** The rule of the run's own finding when no input holds a valid report; it cannot be turned off. */
export const noValidReportRule = 'no-valid-report' satisfies RuleId;

/**
 * The analysis with a `no-valid-report` error on each input when none of them holds a
 * valid report and no error says why already. The finding rests on no rule a user can
 * silence: `--rule json-syntax=off` on a file that is not JSON leaves 0 valid reports
 * and no error, and that must never read as a pass.
 */
export function withNoValidReport(analysis: Analysis): Analysis {
  if (hasValidReport(analysis) || analysis.summary.errors > 0) return analysis;
  const finding: Finding = {
    rule: noValidReportRule,
    severity: 'error',
    pointer: '',
    message: 'no valid benchmark report in the inputs: nothing passes on nothing, whatever rules are turned off',
  };
  const sources = analysis.sources.map((source) => ({ ...source, findings: [...source.findings, finding] }));
  return { ...analysis, sources, summary: { ...analysis.summary, errors: analysis.summary.errors + sources.length } };
}

/** A pair of scans compared the wrong way round, or a scan compared with itself. */
export interface ScanOrderProblem {
  kind: 'reversed' | 'same-scan';
  report: ReportDiff;
  /** One sentence naming both scans. */
  message: string;
}

/**
 * What is wrong with the order of the scans compared: a later scan dated before the
 * earlier one, or the same scan (the same file, or the same scan job) on both sides,
 * which would read as "nothing changed". Dates that do not parse are not compared.
 */
export function scanOrderProblems(diff: DiffResult): ScanOrderProblem[] {
  const problems: ScanOrderProblem[] = [];
  for (const report of diff.reports) {
    const { old, new: next } = report;
    const name = `${report.benchmarkId} of account ${report.accountId}`;
    if (
      (old.source === next.source && old.pointer === next.pointer) ||
      (old.jobId !== '' && old.jobId === next.jobId)
    ) {
      const same =
        old.source === next.source
          ? `the same file (${old.source})`
          : `the same scan job ${old.jobId} (${old.source}, ${next.source})`;
      problems.push({ kind: 'same-scan', report, message: `${name}: both sides are ${same}; compare two scans` });
      continue;
    }
    const before = old.scanDate === null ? Number.NaN : Date.parse(old.scanDate);
    const after = next.scanDate === null ? Number.NaN : Date.parse(next.scanDate);
    if (after < before) {
      problems.push({
        kind: 'reversed',
        report,
        message: `${name}: the later scan (${next.source}, ${next.scanDate ?? ''}) is dated before the earlier one (${old.source}, ${old.scanDate ?? ''}); give the older scan first`,
      });
    }
  }
  return problems;
}

/**
 * Refuses severity settings that would let nothing pass: the run's own rules (stage
 * `run`, such as no-valid-report) cannot be turned off or lowered.
 *
 * @throws CspmError `usage` naming the rule
 */
export function assertRuleSettings(settings: Partial<Record<RuleId, SeveritySetting>> | undefined): void {
  const setting = settings?.[noValidReportRule];
  if (setting === undefined || setting === 'error') return;
  throw new CspmError(
    'usage',
    `the rule ${noValidReportRule} cannot be set to ${setting}: nothing passes on nothing, whatever other rules are turned off`,
    { data: { option: 'rule' } },
  );
}

/**
 * True when `change` counts against `limit`: a regression, a new failure or a removed
 * policy at or above its severity, less what it allows, and never one the new scan
 * accepts under an exception (it is listed as accepted instead). The one test of a changed
 * policy that the tally of regressions and the judgement of a diff share.
 */
export function countsAgainst(change: PolicyChange, limit: RegressionLimit): boolean {
  if (change.accepted !== undefined) return false;
  if (limit.severity !== undefined && !isAtLeast(change.severity, limit.severity)) return false;
  if (change.kind === 'regression') return true;
  if (change.kind === 'new-failure') return limit.allowNewFailures !== true;
  return change.kind === 'removed' && limit.allowRemoved !== true;
}

/**
 * A run's result with the judgement every findings format states and none makes again:
 * the verdict, the rules whose findings fail the run and the diff's changes that do.
 * The command line and a library user who builds a result by hand get it from here.
 */
export function judgeFindingsResult(run: FindingsRun): FindingsResult {
  return {
    ...run,
    judgement: {
      verdict: judgedVerdict(run),
      failingRules: failingRules(run.failOn ?? 'error'),
      failingChanges: failingChanges(run),
    },
  };
}

/**
 * The job's verdict, which the exit code is. A result made without a job is judged as a
 * check with its `failOn` (an input that could not be read fails whatever it says) and
 * a gate's status would judge it; regressions then fail nothing.
 */
function judgedVerdict(run: FindingsRun): Verdict {
  if (run.verdict !== undefined) return run.verdict;
  if (run.gate?.status === 'fail') return { status: 'fail', exitCode: 3, reasons: [] };
  const failing =
    !hasValidReport(run.analysis) ||
    hasFailingFindings(run.analysis, run.failOn) ||
    untrustedSources(run.analysis).length > 0;
  return failing ? { status: 'fail', exitCode: 1, reasons: [] } : { status: 'pass', exitCode: 0, reasons: [] };
}

/**
 * The rules whose findings fail a run, by severity: every finding at or above `failOn`,
 * and an error saying that its input could not be read or analysed whatever `failOn` says.
 */
function failingRules(failOn: FailOn): Readonly<Record<Severity, 'every' | readonly RuleId[]>> {
  if (failOn === 'warning') return { error: 'every', warning: 'every' };
  return { error: failOn === 'error' ? 'every' : (Object.keys(unusableInputRules) as RuleId[]), warning: [] };
}

/** The diff's changes that count against its regression limit; none without a limit. */
function failingChanges({ diff, regressionLimit }: FindingsRun): ReadonlySet<PolicyChange> {
  const failing = new Set<PolicyChange>();
  if (diff === undefined || regressionLimit === undefined) return failing;
  for (const report of diff.reports)
    for (const change of report.changes) if (countsAgainst(change, regressionLimit)) failing.add(change);
  return failing;
}
