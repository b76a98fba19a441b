import { isWorse } from '../../../analyse/diff/classify-change.js';
import type { DiffResult, PolicyChange, ReportDiff } from '../../../model/diff.js';
import { terminalJson } from '../../../text/terminal-text.js';
import { artifactLocation } from './artifact-uri.js';
import { pushResult } from './finding-result.js';
import { jsonString } from './json-text.js';
import { policyLogicalLocation } from './logical-locations.js';
import type { SarifLevel, SarifRule } from './sarif-log.js';

/** The rule every regression of `diff` is a result of. */
export const regressionRuleId = 'cspm-report/regression';

/**
 * SARIF's level of a regressed policy's Severity (in the new scan). Critical and High are
 * errors, as `--fail-on-regression High` fails on them; Moderate is a warning; Low,
 * VeryLow and a severity the service is not known to use are notes, so that code
 * scanning lists the worst first and a team can filter the rest away.
 */
export function regressionLevel(severity: string): SarifLevel {
  if (severity === 'Critical' || severity === 'High') return 'error';
  if (severity === 'Moderate') return 'warning';
  return 'note';
}

/** The driver's entry for regressions. */
export function regressionRule(): SarifRule {
  const text = 'A policy assessed in both scans got a worse colour in the new one (Green → Amber → Red), or fails in the new one and was Gray or not there in the old one (a new failure).';
  return {
    id: regressionRuleId,
    name: 'policy-regression',
    shortDescription: { text: 'Policy got worse since the old scan' },
    fullDescription: { text },
    help: {
      text:
        `${text} The level follows the policy's severity in the new scan: Critical and High are errors, Moderate a warning, ` +
        'Low and VeryLow notes. Fixes, other coverage changes, new policies that pass and removed policies are not results; the json and text formats list them.',
    },
    defaultConfiguration: { level: 'error' },
    properties: { stage: 'diff' },
  };
}

/** The regressions and new failures of a diff, every paired report's, in the order the diff lists them. */
export function regressionsOf(diff: DiffResult): { report: ReportDiff; change: PolicyChange }[] {
  const list: { report: ReportDiff; change: PolicyChange }[] = [];
  for (const report of diff.reports) for (const change of report.changes) if (isWorse(change.kind)) list.push({ report, change });
  return list;
}

function messageText(report: ReportDiff, change: PolicyChange): string {
  const from = change.old?.compliance ?? '–';
  const to = change.new?.compliance ?? '–';
  const resources = change.new === null ? '' : `; ${change.new.passedResources} of ${change.new.totalResources} resources passed`;
  return (
    `${change.severity} policy ${change.complianceNumber} "${change.shortTitle}" (${change.policyId}) ${change.kind === 'new-failure' ? 'failed anew' : 'regressed'} from ${from} to ${to}${resources}: ` +
    `scan job ${report.old.jobId} (old) → scan job ${report.new.jobId} (new), benchmark ${report.benchmarkId}, account ${report.accountName} (${report.accountId})`
  );
}

/**
 * Appends one regression as a result's JSON text to `out`. It sits in the new input
 * file (the scan that shows the problem) and, by name, at benchmark › category › policy.
 * Its fingerprint hashes what regressed and to which colour (account, benchmark, policy
 * id, new colour), not the file or the jobs: each scan has new job ids and often a
 * dated file name, and the same regression seen again must stay the same alert.
 */
export function regressionResult(
  report: ReportDiff,
  change: PolicyChange,
  cite: string,
  fingerprint: (identity: string) => string,
  out: string[],
): void {
  const location = artifactLocation(report.new.source);
  const to = change.new?.compliance ?? '';
  const properties = {
    kind: change.kind,
    policyId: change.policyId,
    complianceNumber: change.complianceNumber,
    severity: change.severity,
    category: change.category,
    old: change.old,
    new: change.new,
    oldJobId: report.old.jobId,
    newJobId: report.new.jobId,
    oldSource: report.old.source,
    pointer: report.new.pointer,
    ...(change.matchedBy ? { matchedBy: change.matchedBy } : {}),
  };
  const names = { BenchmarkId: report.benchmarkId, BenchmarkName: report.benchmarkName, AccountId: report.accountId };
  pushResult(out, {
    rule: cite,
    level: regressionLevel(change.severity),
    message: jsonString(messageText(report, change)),
    artifactLocation: terminalJson(JSON.stringify(location)),
    logical: policyLogicalLocation(names, change.category.name, { ComplianceNumber: change.complianceNumber, PolicyId: change.policyId }),
    partialFingerprints: fingerprint([regressionRuleId, report.accountId, report.benchmarkId, change.policyId, to].join('\u0000')),
    properties: terminalJson(JSON.stringify(properties)),
  });
}
