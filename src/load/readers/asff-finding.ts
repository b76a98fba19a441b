import type { Finding } from '../../model/finding.js';
import type { ResultStatus, ScanResult } from '../../model/scan-result.js';
import { severityOf } from '../scanners/severity-words.js';
import { relatedRequirementsOf, standardRequirementOf } from './asff-requirements.js';

type Json = Record<string, unknown>;

/** True for a JSON object (not an array, not null). */
export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string, else undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function objectAt(value: Json, key: string): Json {
  const member = value[key];
  return isObject(member) ? member : {};
}

/** `Compliance.Status` as a result; WARNING is a failure ASFF keeps apart, and we do not. */
const complianceStatuses: Readonly<Record<string, ResultStatus>> = {
  PASSED: 'pass',
  FAILED: 'fail',
  WARNING: 'fail',
  NOT_AVAILABLE: 'not-available',
};

/** `Workflow.Status` values, and whether each mutes the finding. */
const workflowStatuses: Readonly<Record<string, boolean>> = {
  NEW: false,
  NOTIFIED: false,
  RESOLVED: false,
  SUPPRESSED: true,
};

/**
 * What the reader notes about the findings of one document as it reads them, to say once
 * per document rather than once per finding (see asffNotes).
 */
export interface AsffTally {
  /** Pointers of the findings with no `Compliance.Status`, read as failing. */
  noCompliance: string[];
  /** Entries of `Compliance.RelatedRequirements` that name no framework. */
  unframed: Set<string>;
  /** Entries of it Prowler cut short. */
  truncated: Set<string>;
}

/**
 * One ASFF finding as a result. Its check is `Compliance.SecurityControlId`, else
 * `ProductFields.ControlId`, else `GeneratorId`; its account `AwsAccountId`; its resource
 * and service the first of `Resources` (its id and type). An unknown status is read as
 * failing, and noted.
 */
export function asffResult(finding: Json, pointer: string, findings: Finding[], tally: AsffTally): ScanResult {
  const compliance = objectAt(finding, 'Compliance');
  const fields = objectAt(finding, 'ProductFields');
  const resources = Array.isArray(finding['Resources']) ? finding['Resources'] : [];
  const resource = isObject(resources[0]) ? resources[0] : {};
  const recommendation = objectAt(objectAt(finding, 'Remediation'), 'Recommendation');
  const id =
    text(compliance['SecurityControlId']) ??
    text(fields['ControlId']) ??
    text(finding['GeneratorId']) ??
    'unnamed check';
  const related = relatedRequirementsOf(compliance);
  for (const entry of related.unframed) tally.unframed.add(entry);
  for (const entry of related.truncated) tally.truncated.add(entry);
  const requirements =
    Object.keys(related.requirements).length > 0
      ? related.requirements
      : standardRequirementOf(fields['StandardsControlArn']);
  const time = typeof finding['UpdatedAt'] === 'string' ? Date.parse(finding['UpdatedAt']) : Number.NaN;
  const accountName = text(finding['AwsAccountName']);
  return {
    pointer,
    provider: 'aws',
    account: {
      uid: text(finding['AwsAccountId']) ?? 'unknown account',
      ...(accountName === undefined ? {} : { name: accountName }),
    },
    check: {
      id,
      title: text(finding['Title']) ?? id,
      ...(text(finding['Description']) === undefined ? {} : { description: text(finding['Description'])! }),
      severity: severityOfFinding(finding),
      service: text(resource['Type']) ?? 'other',
      ...(text(recommendation['Text']) === undefined ? {} : { remediation: text(recommendation['Text'])! }),
      ...(text(recommendation['Url']) === undefined ? {} : { references: [text(recommendation['Url'])!] }),
      ...(Object.keys(requirements).length === 0 ? {} : { requirements }),
    },
    ...(text(resource['Id']) === undefined ? {} : { resource: text(resource['Id'])! }),
    status: statusOf(compliance, pointer, findings, tally),
    ...(mutedOf(finding, pointer, findings) ? { muted: true } : {}),
    ...(Number.isNaN(time) ? {} : { time }),
  };
}

function statusOf(compliance: Json, pointer: string, findings: Finding[], tally: AsffTally): ResultStatus {
  const status = compliance['Status'];
  if (status === undefined) {
    // A finding with no compliance result is a detection (a vulnerability, a threat):
    // it reports a problem, so it fails, and the document's note says so.
    tally.noCompliance.push(pointer);
    return 'fail';
  }
  const known = typeof status === 'string' ? complianceStatuses[status.toUpperCase()] : undefined;
  if (known !== undefined) return known;
  findings.push({
    rule: 'scanner-value',
    severity: 'warning',
    pointer: `${pointer}/Compliance/Status`,
    message: `Compliance.Status ${JSON.stringify(status)} is none of ${Object.keys(complianceStatuses).join(', ')}; read as FAILED`,
    expected: Object.keys(complianceStatuses),
    actual: status,
  });
  return 'fail';
}

/**
 * Whether the finding is suppressed: `Workflow.Status` SUPPRESSED, or, in a finding of
 * before the Workflow object, the `WorkflowState` DEFERRED that Security Hub pairs with
 * it. A workflow status ASFF does not have is read as suppressed (it never passes), and noted.
 */
function mutedOf(finding: Json, pointer: string, findings: Finding[]): boolean {
  const status = objectAt(finding, 'Workflow')['Status'];
  if (status === undefined) {
    const state = finding['WorkflowState'];
    return state === 'DEFERRED' || state === 'SUPPRESSED';
  }
  const muted = typeof status === 'string' ? workflowStatuses[status.toUpperCase()] : undefined;
  if (muted !== undefined) return muted;
  findings.push({
    rule: 'scanner-value',
    severity: 'warning',
    pointer: `${pointer}/Workflow/Status`,
    message: `Workflow.Status ${JSON.stringify(status)} is none of ${Object.keys(workflowStatuses).join(', ')}; read as SUPPRESSED, so never passing`,
    expected: Object.keys(workflowStatuses),
    actual: status,
  });
  return true;
}

/**
 * `Severity.Label`, else the band of `Severity.Normalized` (ASFF's: 0 informational,
 * 1–39 low, 40–69 medium, 70–89 high, 90–100 critical), else the word `unstated`, which
 * the analysis flags and ranks as Critical.
 */
function severityOfFinding(finding: Json): string {
  const severity = objectAt(finding, 'Severity');
  const label = text(severity['Label']);
  if (label !== undefined) return severityOf(label);
  const normalized = severity['Normalized'];
  if (typeof normalized !== 'number') return 'unstated';
  if (normalized >= 90) return 'Critical';
  if (normalized >= 70) return 'High';
  if (normalized >= 40) return 'Moderate';
  if (normalized >= 1) return 'Low';
  return 'VeryLow';
}
