import { CspmError } from '../error/cspm-error.js';
import type { AnalysedCategory, Analysis } from '../model/analysis.js';
import type { DiffResult, ReportDiff } from '../model/diff.js';
import { plural } from '../text/plural.js';
import type { AssertionResult, GateResult } from '../model/gate.js';
import type { ExceptionMatch, ExceptionOutcome } from '../model/exceptions.js';
import type { GateAssertion, GateRules } from '../model/gate-rules.js';
import { categoryPointerOf, indexAccepted, type AcceptedByReport } from './accepted-scope.js';
import { assertBaselineGiven, indexBaseline } from './baseline.js';
import { reportKey } from './report-key.js';
import { expectedText, valueText, withinBound } from './bounds.js';
import { scopeHasCategory, type GateMetric, type RunFacts, type ScopedReport } from './gate-metric.js';
import { isGateMetricName } from './metric-names.js';
import { gateMetrics } from './metrics/gate-metrics.js';
import {
  allReports,
  describeMatch,
  describeReport,
  matchReports,
  selectCategories,
  type SourcedReport,
} from './select-reports.js';
import { lostReports } from './lost-reports.js';
import { untrustedInputs } from './untrusted-inputs.js';

/** Options of a gate run. */
export interface GateOptions {
  /**
   * The analysis compared with an older scan (`diffAnalyses(baseline, analysis)`), for
   * the metrics that measure change: regressions, compliancePercentDrop.
   */
  baseline?: DiffResult;
  /**
   * What the run's exceptions did (`judgeExceptions`): the policies they accept leave the
   * colour counts, and the exception metrics measure their states.
   */
  exceptions?: readonly ExceptionOutcome[];
}

/**
 * Evaluates every assertion of `rules` on the analysis and returns the verdict.
 *
 * It fails closed: an assertion whose match, category or policy selects nothing fails
 * at its level (unless it allows no match), and inputs that hold no valid report, or a
 * report that did not parse or validate, add a failing `error` result of their own,
 * since figures of the rest cannot stand for them. A report that the baseline does not
 * pair with fails the assertions that compare with it, and a report of the baseline
 * that the inputs lost adds a failing `error` result of its own.
 *
 * @throws CspmError `usage` when the rules compare with a baseline and none is given;
 *         `rules-invalid` for a metric the registry lacks
 */
export function evaluateGate(analysis: Analysis, rules: GateRules, options: GateOptions = {}): GateResult {
  assertBaselineGiven(rules, options.baseline !== undefined);
  const baseline = indexBaseline(options.baseline);
  const run: Run = {
    analysis,
    baseline,
    accepted: indexAccepted(options.exceptions),
    facts: { exceptions: options.exceptions ?? [] },
  };
  const reports = allReports(analysis);
  const assertions: AssertionResult[] = [];
  const untrusted = untrustedInputs(analysis);
  if (untrusted) assertions.push(untrusted);
  const lost = options.baseline === undefined ? undefined : lostReports(options.baseline);
  if (lost) assertions.push(lost);
  texts = new Map();
  try {
    for (const assertion of rules.assertions) {
      if (!isGateMetricName(assertion.metric)) {
        throw new CspmError(
          'rules-invalid',
          `${rules.file}: ${assertion.pointer}/metric: unknown metric "${assertion.metric}"`,
          { data: { file: rules.file, pointer: `${assertion.pointer}/metric` } },
        );
      }
      evaluateAssertion(assertion, gateMetrics[assertion.metric], reports, run, assertions);
    }
  } finally {
    // Stryker disable next-line all: for memory only; the next run makes its own map
    texts = undefined;
  }
  const failed = (level: string) => assertions.some((result) => !result.passed && result.level === level);
  return { rulesFile: rules.file, status: failed('error') ? 'fail' : failed('warn') ? 'warn' : 'pass', assertions };
}

/** What every assertion of one gate run is measured against. */
interface Run {
  analysis: Analysis;
  baseline: ReadonlyMap<string, ReportDiff>;
  accepted: AcceptedByReport;
  facts: RunFacts;
}

function evaluateAssertion(
  assertion: GateAssertion,
  metric: GateMetric,
  reports: readonly SourcedReport[],
  run: Run,
  results: AssertionResult[],
): void {
  if (metric.ofRun === true) {
    results.push(measure(assertion, metric, [], 'the run', run));
    return;
  }
  const matched = matchReports(reports, assertion.match);
  const matchText = describeMatch(assertion.match);
  if (matched.length === 0) {
    const what = assertion.match ? `match ${matchText} selects no report` : 'the inputs hold no valid report';
    results.push(noMatch(assertion, metric, matchText ? `reports matching ${matchText}` : 'all inputs', what));
    return;
  }
  if (assertion.aggregate === 'all') {
    const scoped = matched.map((report) => narrow(report, assertion, run));
    const scope = `${matchText ? `${plural(matched.length, 'report')} matching ${matchText}` : 'all inputs'}${scopeSuffix(assertion)}`;
    const inScope = scoped.filter(scopeHasCategory);
    const reportsInScope = plural(matched.length, 'report');
    // Without a category, only reports that have none leave nothing in scope.
    const what =
      assertion.category === undefined
        ? `none of the ${reportsInScope} in scope has a category`
        : `category "${assertion.category}" is in none of the ${reportsInScope} in scope`;
    if (inScope.length === 0) results.push(noMatch(assertion, metric, scope, what));
    else results.push(measure(assertion, metric, inScope, scope, run));
    return;
  }
  // Measured once per report of the run: the texts that do not change are made once.
  const suffix = scopeSuffix(assertion);
  const expected = expectedText(assertion, metric);
  for (const report of matched) {
    const scoped = narrow(report, assertion, run);
    const scope = `${describeReport(report)}${suffix}`;
    if (!scopeHasCategory(scoped))
      results.push(
        noMatch(
          assertion,
          metric,
          scope,
          `the report has no category${assertion.category === undefined ? '' : ` "${assertion.category}"`}`,
          report.source.source,
        ),
      );
    else results.push(measure(assertion, metric, [scoped], scope, run, report.source.source, expected));
  }
}

function narrow(report: SourcedReport, assertion: GateAssertion, run: Run): ScopedReport {
  const whole = assertion.category === undefined;
  const categories = whole ? report.report.categories : selectCategories(report.report, assertion.category as string);
  const key = reportKey(report.source.source, report.report.pointer);
  const diff = run.baseline.get(key);
  const accepted = acceptedIn(run.accepted.get(key), whole ? undefined : categories);
  return {
    source: report.source,
    report: report.report,
    categories,
    whole,
    ...(diff === undefined ? {} : { diff }),
    ...(accepted.length === 0 ? {} : { accepted }),
  };
}

/** The accepted policies of a report that lie in `categories` (all of them for a whole report). */
function acceptedIn(
  accepted: readonly ExceptionMatch[] | undefined,
  categories: readonly AnalysedCategory[] | undefined,
): readonly ExceptionMatch[] {
  if (accepted === undefined) return [];
  if (categories === undefined) return accepted;
  const pointers = new Set(categories.map((category) => category.pointer));
  return accepted.filter((match) => pointers.has(categoryPointerOf(match.pointer)));
}

function scopeSuffix(assertion: GateAssertion): string {
  return `${assertion.category === undefined ? '' : ` › category ${assertion.category}`}${assertion.policy === undefined ? '' : ` › policy ${assertion.policy}`}`;
}

function measure(
  assertion: GateAssertion,
  metric: GateMetric,
  scoped: readonly ScopedReport[],
  scope: string,
  run: Run,
  source?: string,
  expected = expectedText(assertion, metric),
): AssertionResult {
  const { value, none, detail } = metric.measure(scoped, assertion, run.analysis.percentFormula, run.facts);
  // Stryker disable next-line StringLiteral: every metric of the registry says why it measured nothing
  if (value === null) return noMatch(assertion, metric, scope, none ?? 'nothing to measure', source);
  const passed = withinBound(value, assertion);
  const actualText = valueText(value, metric, assertion);
  const message = `${measuredName(assertion, metric)} is ${actualText}, ${passed ? 'within' : 'expected'} ${expected}${detail === undefined ? '' : `: ${detail}`}`;
  return result(assertion, { passed, actual: value, actualText, expected, scope, message }, source);
}

/**
 * The metric as a message names it, with the severity it counts when the assertion gives
 * one (`redPolicies of Severity Critical`, `regressions of Severity High or worse`):
 * without it, "no high red: redPolicies is 36" read as 36 High policies.
 */
function measuredName(assertion: GateAssertion, metric: GateMetric): string {
  if (assertion.severity === undefined || metric.severity === undefined) return assertion.metric;
  const noun = metric.severity === 'policy' ? 'Severity' : 'severity';
  const worst = assertion.severity.trim().toLowerCase() === (metric.severity === 'policy' ? 'critical' : 'error');
  return `${assertion.metric} of ${noun} ${assertion.severity}${metric.severityRange === 'or-worse' && !worst ? ' or worse' : ''}`;
}

/** A scope that selects nothing fails, so that a typo in a rules file can never pass. */
function noMatch(
  assertion: GateAssertion,
  metric: GateMetric,
  scope: string,
  what: string,
  source?: string,
): AssertionResult {
  const passed = assertion.allowNoMatch;
  const message = passed
    ? `${what}; passes by allowNoMatch`
    : `${what}; an assertion that selects nothing fails (allowNoMatch: true to allow it)`;
  return result(assertion, { passed, actual: null, expected: expectedText(assertion, metric), scope, message }, source);
}

/**
 * The texts of this run's results, each kept once: a fleet's per-report results repeat
 * the same few messages ("compliancePercent is 81.3%, within >= 75") hundreds of
 * thousands of times, each built anew. Set for the length of one evaluateGate call.
 */
let texts: Map<string, string> | undefined;

// Stryker disable all: sharing is for memory only; the text is equal either way
function sharedText(text: string): string {
  if (texts === undefined) return text;
  const kept = texts.get(text);
  if (kept !== undefined) return kept;
  texts.set(text, text);
  return text;
}
// Stryker restore all

// One object literal per shape, no spread and no delete: a gate makes a result per
// assertion and report, hundreds of thousands on a fleet, and a deleted key leaves an
// object in dictionary mode, several times its size. The field order (name … message,
// source, pointer, preset) is what the JSON outputs show.
function result(
  assertion: GateAssertion,
  outcome: Pick<AssertionResult, 'passed' | 'actual' | 'actualText' | 'expected' | 'scope' | 'message'>,
  source: string | undefined,
): AssertionResult {
  const { passed, actual, expected, scope } = outcome;
  const { name, level, metric, pointer, preset } = assertion;
  const message = sharedText(outcome.message);
  if (outcome.actualText === undefined) {
    if (source === undefined)
      return preset === undefined
        ? { name, level, metric, passed, actual, expected, scope, message, pointer }
        : { name, level, metric, passed, actual, expected, scope, message, pointer, preset };
    return preset === undefined
      ? { name, level, metric, passed, actual, expected, scope, message, source, pointer }
      : { name, level, metric, passed, actual, expected, scope, message, source, pointer, preset };
  }
  const actualText = sharedText(outcome.actualText);
  if (source === undefined)
    return preset === undefined
      ? { name, level, metric, passed, actual, actualText, expected, scope, message, pointer }
      : { name, level, metric, passed, actual, actualText, expected, scope, message, pointer, preset };
  return preset === undefined
    ? { name, level, metric, passed, actual, actualText, expected, scope, message, source, pointer }
    : { name, level, metric, passed, actual, actualText, expected, scope, message, source, pointer, preset };
}
