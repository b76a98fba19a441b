import type { Finding } from '../../model/finding.js';
import { findingWeight } from '../../model/capped-findings.js';
import { isWholeReport, type GateMetric } from '../gate-metric.js';

function isUnder(finding: Finding, pointer: string): boolean {
  return pointer === '' || finding.pointer === pointer || finding.pointer.startsWith(`${pointer}/`);
}

/**
 * Findings of the check inside the reports (or category) in scope: errors only for
 * `severity: error`, errors and warnings otherwise (at or above, like --fail-on).
 */
export const findings: GateMetric = {
  describe: 'findings of the check in the report, errors only with severity error, errors and warnings otherwise',
  bound: 'number',
  reads: ['min', 'max', 'severity', 'category'],
  severity: 'finding',
  severityRange: 'or-worse',
  unit: '',
  measure(reports, assertion) {
    let count = 0;
    for (const scoped of reports) {
      const { source, report, categories } = scoped;
      const pointers = isWholeReport(scoped) ? [report.pointer] : categories.map((category) => category.pointer);
      for (const finding of source.findings) {
        if (assertion.severity === 'error' && finding.severity !== 'error') continue;
        if (pointers.some((pointer) => isUnder(finding, pointer))) count += findingWeight(finding);
      }
    }
    return { value: count };
  },
};
