import { isWorse } from '../../../analyse/diff/classify-change.js';
import type { DiffResult, PolicyChange, ReportDiff } from '../../../model/diff.js';
import { terminalJson } from '../../../text/terminal-text.js';
import { acceptanceText } from '../diff/diff-acceptance-words.js';
import { artifactLocation } from './artifact-uri.js';
import { createFingerprinter } from './fingerprints.js';
import { pushResult } from './finding-result.js';
import { jsonString } from './json-text.js';
import { policyLogicalLocation } from './logical-locations.js';
import { policyRank, type PolicyCandidates } from './policy-log.js';
import { firstLine, policyLevel, type PolicyRules } from './policy-rules.js';

/**
 * The id of regressions as a kind of problem: the GitLab report's check name, and in
 * the SARIF fingerprint's recipe. A SARIF regression is a result of its policy's rule
 * now, but the recipe keeps this id, so that alerts uploaded before keep following
 * their regressions.
 */
export const regressionRuleId = 'cspm-report/regression';

/** The regressions and new failures of a diff, every paired report's, in the order the diff lists them. */
export function regressionsOf(diff: DiffResult): { report: ReportDiff; change: PolicyChange }[] {
  const list: { report: ReportDiff; change: PolicyChange }[] = [];
  for (const report of diff.reports)
    for (const change of report.changes) if (isWorse(change.kind)) list.push({ report, change });
  return list;
}

/**
 * The regressions of a diff as the results of a policy log: ranked by the new scan's
 * Severity and colour, each a result of its policy's rule.
 */
export function regressionCandidates(diff: DiffResult): PolicyCandidates {
  const regressions = regressionsOf(diff);
  const ranks = new Uint8Array(regressions.length);
  regressions.forEach(
    ({ change }, index) => (ranks[index] = policyRank(change.severity, change.new?.compliance ?? 'Red')),
  );
  return {
    ranks,
    noun: 'regressions',
    everyOne: 'The json format lists every one.',
    properties: {
      diff: { counts: diff.counts, reports: diff.reports.length, unpaired: diff.unpaired.length, inputs: diff.inputs },
    },
    begin: () => {
      const fingerprint = createFingerprinter();
      return (index, rules, out) => {
        const { report, change } = regressions[index]!;
        regressionResult(report, change, rules, fingerprint, out);
      };
    },
  };
}

function messageText(report: ReportDiff, change: PolicyChange): string {
  const from = change.old?.compliance ?? '–';
  const to = change.new?.compliance ?? '–';
  const resources =
    change.new === null ? '' : `; ${change.new.passedResources} of ${change.new.totalResources} resources passed`;
  const acceptance = acceptanceText(change);
  return (
    `${change.severity} policy ${change.complianceNumber} "${change.shortTitle}" (${change.policyId}) ${change.kind === 'new-failure' ? 'failed anew' : 'regressed'} from ${from} to ${to}${resources}: ` +
    `scan job ${report.old.jobId} (old) → scan job ${report.new.jobId} (new), benchmark ${report.benchmarkId}, account ${report.accountName} (${report.accountId})` +
    (acceptance === undefined ? '' : `; ${acceptance}`)
  );
}

/**
 * Appends one regression as a result's JSON text to `out`. It sits in the new input
 * file (the scan that shows the problem) and, by name, at benchmark › category › policy.
 * Its fingerprint hashes what regressed and to which colour (account, benchmark, policy
 * id, new colour), not the file or the jobs: each scan has new job ids and often a
 * dated file name, and the same regression seen again must stay the same alert.
 */
function regressionResult(
  report: ReportDiff,
  change: PolicyChange,
  rules: PolicyRules,
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
    ...(change.accepted === undefined ? {} : { accepted: change.accepted }),
    ...(change.noLongerAccepted === undefined ? {} : { noLongerAccepted: change.noLongerAccepted }),
  };
  const names = { BenchmarkId: report.benchmarkId, BenchmarkName: report.benchmarkName, AccountId: report.accountId };
  const facts = {
    policyId: change.policyId,
    shortTitle: change.shortTitle,
    serviceName: change.serviceName,
    severity: change.severity,
    categoryName: change.category.name,
    connectorType: report.connectorType,
    benchmarkId: report.benchmarkId || report.benchmarkName,
    colour: change.new?.compliance === 'Amber' ? ('Amber' as const) : ('Red' as const),
  };
  pushResult(out, {
    rule: rules.cite(facts),
    level: policyLevel(change.severity),
    message: jsonString(messageText(report, change)),
    artifactLocation: terminalJson(JSON.stringify(location)),
    region: firstLine,
    logical: policyLogicalLocation(names, change.category.name, {
      ComplianceNumber: change.complianceNumber,
      PolicyId: change.policyId,
    }),
    partialFingerprints: fingerprint(
      [regressionRuleId, report.accountId, report.benchmarkId, change.policyId, to].join('\u0000'),
    ),
    // Code scanning shows an accepted regression as accepted, not open, with the exception's reason.
    ...(change.accepted === undefined
      ? {}
      : {
          suppressions: terminalJson(
            JSON.stringify([{ kind: 'external', status: 'accepted', justification: change.accepted.reason }]),
          ),
        }),
    properties: terminalJson(JSON.stringify(properties)),
  });
}
