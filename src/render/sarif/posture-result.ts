import { isUnknownColour } from '../../analyse/colour-rank.js';
import type { PolicyAcceptance } from '../../model/exceptions.js';
import type { ReportView } from '../../model/view-model.js';
import { terminalJson } from '../../text/terminal-text.js';
import { artifactLocation } from '../findings/sarif/artifact-uri.js';
import { pushResult } from '../findings/sarif/finding-result.js';
import { jsonString } from '../findings/sarif/json-text.js';
import { policyLogicalLocation } from '../findings/sarif/logical-locations.js';
import { firstLine, policyLevel, type PolicyRules } from '../findings/sarif/policy-rules.js';
import { acceptanceAt } from '../policy-acceptance.js';
import type { FailingPolicy } from './failing-policies.js';

/** Prefix of a posture result's fingerprint identity: what kind of problem it is. */
const postureIdentity = 'cspm-report/posture';

/** How the message states a failing colour. */
function colourText(colour: string): string {
  if (colour === 'Red') return 'Red';
  if (colour === 'Amber') return 'Amber (partly failing)';
  return `of unknown colour "${colour}", counted as Red`;
}

/** What a message says of a report: benchmark and account, by name and id. */
function reportText(report: ReportView): string {
  const benchmark = report.benchmarkId || report.benchmarkName;
  const account =
    report.accountName === '' || report.accountName === report.accountId
      ? report.accountId
      : `${report.accountName} (${report.accountId})`;
  return `benchmark ${benchmark}, account ${account}`;
}

/**
 * The suppressions of an accepted policy's result (SARIF §3.27.23, §3.35) as JSON text:
 * suppressed outside the analysed file (`external`, an exceptions file), `accepted` by its
 * approver, the reason as justification, and the exception in the suppression's properties.
 */
function suppressionsText(acceptance: PolicyAcceptance): string {
  const { id, expires, owner, approvedBy, ticket, ticketUrl } = acceptance;
  const properties = {
    exceptionId: id,
    expires,
    owner,
    approvedBy,
    ...(ticket === undefined ? {} : { ticket }),
    ...(ticketUrl === undefined ? {} : { ticketUrl }),
  };
  const suppression = { kind: 'external', status: 'accepted', justification: acceptance.reason, properties };
  return terminalJson(JSON.stringify([suppression]));
}

/**
 * Writes the results of failing policies as JSON text, one function per log written.
 * The file's location is written once per report. The fingerprint hashes account,
 * benchmark and policy id only (never the job, the scan date or the file name, which
 * change from scan to scan), so that an alert follows its policy from scan to scan,
 * Red or Amber, and closes when a scan finds it passing. An accepted policy's result is
 * still written, as scanned, with its suppression: a consumer sets it apart, and an
 * auditor still sees it.
 */
export function postureResults(
  fingerprint: (identity: string) => string,
): (failing: FailingPolicy, rules: PolicyRules, out: string[]) => void {
  const locations = new Map<ReportView, string>();
  return ({ report, category, categoryIndex, policy, policyIndex }, rules, out) => {
    let location = locations.get(report);
    if (location === undefined) {
      location = terminalJson(JSON.stringify(artifactLocation(report.sourcePath)));
      locations.set(report, location);
    }
    const benchmarkId = report.benchmarkId || report.benchmarkName;
    const message =
      `${policy.Severity} policy ${policy.ComplianceNumber} "${policy.ShortTitle}" (${policy.PolicyId}) is ${colourText(policy.Compliance)}: ` +
      `${policy.PassedResourceCount} of ${policy.TotalResourceCount} resources passed; category "${category.name}", ${reportText(report)}`;
    const pointer = `${report.pointer}/ResourceCategories/${categoryIndex}/Policies/${policyIndex}`;
    const acceptance = acceptanceAt(report, categoryIndex, policyIndex);
    pushResult(out, {
      rule: rules.cite({
        policyId: policy.PolicyId,
        shortTitle: policy.ShortTitle,
        serviceName: policy.ServiceName,
        severity: policy.Severity,
        categoryName: category.name,
        connectorType: report.connectorType,
        benchmarkId,
        colour: policy.Compliance === 'Amber' ? 'Amber' : 'Red',
      }),
      level: policyLevel(policy.Severity),
      message: jsonString(message),
      artifactLocation: location,
      region: firstLine,
      logical: policyLogicalLocation(
        { BenchmarkId: report.benchmarkId, BenchmarkName: report.benchmarkName, AccountId: report.accountId },
        category.name,
        policy,
      ),
      partialFingerprints: fingerprint(
        `${postureIdentity}\u0000${report.accountId}\u0000${report.benchmarkId}\u0000${policy.PolicyId}`,
      ),
      // The rest is in the message, the rule and the logical location.
      properties:
        `{"compliance":${jsonString(policy.Compliance)},${isUnknownColour(policy.Compliance) ? '"countedAsRed":true,' : ''}"severity":${jsonString(policy.Severity)},` +
        `"passedResources":${policy.PassedResourceCount},"totalResources":${policy.TotalResourceCount},"policyId":${jsonString(policy.PolicyId)},` +
        `"jobId":${jsonString(report.jobId)},"pointer":${jsonString(pointer)}}`,
      ...(acceptance === undefined ? {} : { suppressions: suppressionsText(acceptance) }),
    });
  };
}
