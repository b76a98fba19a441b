import type { AnalysedSource, Analysis } from '../model/analysis.js';
import type { DiffResult, ReportDiff } from '../model/diff.js';
import { CspmError } from '../error/cspm-error.js';
import type { Finding, RuleId, SeveritySetting } from '../model/finding.js';
import { marksUnusableInput } from './silencing-guard.js';

/*
 * The fail-closed policy, written once: what no verdict may pass on. Every job (check,
 * gate, diff, trend, render, fetch) and the gate's own assertion on its inputs ask
 * these questions and no others; a new way for input to be untrustworthy is a line here.
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
 * posture): any finding of a rule the catalogue marks as meaning an unusable input
 * (see marksUnusableInput). Turning a rule off changes what is reported, never this.
 */
export function untrustedSources(analysis: Analysis): AnalysedSource[] {
  return analysis.sources.filter(
    (source) => source.form === 'unparsed' || source.reports.length < source.reportCount || (source.repeatedKeys ?? 0) > 0 || source.findings.some(marksUnusableInput),
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
    if ((old.source === next.source && old.pointer === next.pointer) || (old.jobId !== '' && old.jobId === next.jobId)) {
      const same = old.source === next.source ? `the same file (${old.source})` : `the same scan job ${old.jobId} (${old.source}, ${next.source})`;
      problems.push({ kind: 'same-scan', report, message: `${name}: both sides are ${same}; compare two scans` });
      continue;
    }
    const before = old.scanDate === null ? Number.NaN : Date.parse(old.scanDate);
    const after = next.scanDate === null ? Number.NaN : Date.parse(next.scanDate);
    if (after < before) {
      problems.push({ kind: 'reversed', report, message: `${name}: the later scan (${next.source}, ${next.scanDate ?? ''}) is dated before the earlier one (${old.source}, ${old.scanDate ?? ''}); give the older scan first` });
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
  throw new CspmError('usage', `the rule ${noValidReportRule} cannot be set to ${setting}: nothing passes on nothing, whatever other rules are turned off`, { data: { option: 'rule' } });
}
