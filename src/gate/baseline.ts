import { CspmError } from '../error/cspm-error.js';
import type { DiffResult, ReportDiff } from '../model/diff.js';
import type { GateRules } from '../model/gate-rules.js';
import { isGateMetricName } from './metric-names.js';
import { reportKey } from './report-key.js';
import { gateMetrics } from './metrics/gate-metrics.js';

/** The metrics of `rules` that compare with a baseline scan, each named once, in rules-file order. */
export function baselineMetricsOf(rules: GateRules): string[] {
  const names = rules.assertions
    .map((assertion) => assertion.metric)
    .filter((metric) => isGateMetricName(metric) && gateMetrics[metric].baseline === true);
  return [...new Set(names)];
}

/**
 * Refuses rules that compare with a baseline when there is none: measured on nothing,
 * they would pass or fail for no reason, so the run stops before any verdict.
 *
 * @throws CspmError `usage` naming the metrics
 */
export function assertBaselineGiven(rules: GateRules, hasBaseline: boolean): void {
  const metrics = baselineMetricsOf(rules);
  if (hasBaseline || metrics.length === 0) return;
  throw new CspmError(
    'usage',
    `${rules.file}: metrics ${metrics.join(', ')} compare with an older scan, and none was given`,
    { data: { option: 'baseline', path: rules.file, known: metrics } },
  );
}

/** The comparisons of a baseline by the new report they are of. */
export function indexBaseline(baseline: DiffResult | undefined): Map<string, ReportDiff> {
  const index = new Map<string, ReportDiff>();
  for (const report of baseline?.reports ?? []) index.set(reportKey(report.new.source, report.new.pointer), report);
  return index;
}
