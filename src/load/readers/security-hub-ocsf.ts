import type { Finding } from '../../model/finding.js';
import type { ResultStatus, ScanResult } from '../../model/scan-result.js';
import type { InputReader } from './input-reader.js';
import { scannerDocument } from '../scanners/scanner-document.js';
import { severityOf } from '../scanners/severity-words.js';
import { DocumentNotes } from './document-notes.js';
import { epochMsOf, objectAt, strings, text, type JsonObject } from './ocsf-values.js';
import {
  checkOf,
  complianceStatusOf,
  firstResource,
  isSecurityHubEvent,
  isSecurityHubResult,
  requirementsOf,
} from './security-hub-ocsf-fields.js';

/** What a Security Hub export holds besides current compliance results: said once per document. */
const notes = {
  other: {
    message: (count: number) =>
      `${count} ${count === 1 ? 'finding is' : 'findings are'} of another product or class than Security Hub's Compliance and Detection Findings (Inspector's Vulnerability Findings, …): no check result, left out`,
    expected: 'a Compliance Finding (2003) or Detection Finding (2004) of Security Hub',
  },
  closed: {
    message: (count: number) =>
      `${count} ${count === 1 ? 'finding is' : 'findings are'} closed (activity Close): no current result, left out`,
    expected: 'activity Create or Update',
  },
  account: {
    message: (count: number) =>
      `${count} ${count === 1 ? 'finding states' : 'findings state'} no cloud.account.uid: grouped under the account "no account stated"`,
    expected: 'cloud.account.uid',
  },
} as const;

type NoteKind = keyof typeof notes;

/**
 * What one finding says of its resource. A Compliance Finding's compliance status;
 * a Detection Finding with none is a detection, failing unless Security Hub resolved it.
 * A compliance status not known is read as a failure, with a warning (fail closed).
 */
function statusOf(event: JsonObject, pointer: string, findings: Finding[]): ResultStatus {
  const compliance = event['compliance'];
  if (compliance === undefined && event['class_uid'] === 2004) return event['status_id'] === 4 ? 'pass' : 'fail';
  const known = complianceStatusOf(objectAt(event, 'compliance'));
  if (known !== undefined) return known;
  const stated = objectAt(event, 'compliance');
  findings.push({
    rule: 'scanner-value',
    severity: 'warning',
    pointer: `${pointer}/compliance/status_id`,
    message: `compliance status ${JSON.stringify(stated['status_id'] ?? stated['status'] ?? null)} is none of Pass (1), Warning (2), Fail (3); read as Fail`,
    expected: ['Pass', 'Warning', 'Fail'],
    actual: stated['status_id'] ?? stated['status'] ?? null,
  });
  return 'fail';
}

function resultOf(event: JsonObject, pointer: string, findings: Finding[], noted: DocumentNotes<NoteKind>): ScanResult {
  const info = objectAt(event, 'finding_info');
  const cloud = objectAt(event, 'cloud');
  const account = objectAt(cloud, 'account');
  const remediation = objectAt(event, 'remediation');
  const resource = firstResource(event);
  const check = checkOf(event);
  const id = check.id ?? 'unnamed check';
  const uid = text(account['uid']);
  if (uid === undefined) noted.add('account', pointer);
  const name = text(account['name']);
  const description = text(info['desc']);
  const remedy = text(remediation['desc']);
  const resourceId = text(resource['uid_alt']) ?? text(resource['uid']);
  const time = epochMsOf(event['time']) ?? epochMsOf(event['time_dt']);
  return {
    pointer,
    provider: text(cloud['provider']) ?? 'aws',
    account: { uid: uid ?? 'no account stated', ...(name === undefined ? {} : { name }) },
    check: {
      id,
      title: text(info['title']) ?? id,
      ...(description === undefined ? {} : { description }),
      severity: severityOf(event['severity']),
      service: check.service ?? 'other',
      ...(remedy === undefined ? {} : { remediation: remedy }),
      ...(Array.isArray(remediation['references']) ? { references: strings(remediation['references']) } : {}),
      requirements: requirementsOf(objectAt(event, 'compliance'), id),
    },
    ...(resourceId === undefined ? {} : { resource: resourceId }),
    status: statusOf(event, pointer, findings),
    // Suppressed: someone decided not to act on it, with no owner nor expiry in the finding.
    ...(event['status_id'] === 3 ? { muted: true } : {}),
    ...(time === undefined ? {} : { time }),
  };
}

/**
 * AWS Security Hub's OCSF findings (`aws securityhub get-findings-v2`, or their export):
 * an array of findings, their JSON lines, or one alone. Security Hub's own Compliance
 * Findings (2003) and Detection Findings (2004) are results; other products' findings
 * and closed ones are left out, counted in one warning each.
 */
export const securityHubOcsfReader: InputReader = {
  description: "AWS Security Hub's OCSF findings (Compliance and Detection Findings)",
  recognises: (value) => isSecurityHubEvent(Array.isArray(value) ? value[0] : value),
  read(source, value, options) {
    const findings: Finding[] = [];
    const results: ScanResult[] = [];
    const noted = new DocumentNotes(notes);
    const items = Array.isArray(value) ? value : [value];
    for (let index = 0; index < items.length; index += 1) {
      const item: unknown = items[index];
      const pointer = Array.isArray(value) ? `/${index}` : '';
      if (!isSecurityHubEvent(item)) {
        findings.push({
          rule: 'scanner-value',
          severity: 'error',
          pointer,
          message: `item ${index} is no OCSF finding of Security Hub (category 2, a productv2 product uid); left out`,
          expected: 'an OCSF finding of Security Hub',
          actual: typeof item,
        });
      } else if (!isSecurityHubResult(item)) noted.add('other', pointer, item['class_name']);
      else if (item['activity_id'] === 3 || item['activity_name'] === 'Close') noted.add('closed', pointer);
      else results.push(resultOf(item, pointer, findings, noted));
    }
    findings.push(...noted.findings());
    return scannerDocument(
      source,
      value,
      { results, findings, info: { format: 'security-hub-ocsf', tool: 'Security Hub' } },
      options,
    );
  },
};
