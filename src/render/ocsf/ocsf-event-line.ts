import { ocsfVersion } from '../../model/ocsf-event.js';
import type { Policy } from '../../model/report.js';
import type { CategoryView } from '../../model/view-model.js';
import { ocsfAcceptanceDetail, ocsfSuppressed } from './ocsf-acceptance.js';
import { ocsfActivity, ocsfFindingUid, type OcsfScan } from './ocsf-event.js';
import { ocsfComplianceStatus, ocsfFindingStatus, ocsfResultDetail, ocsfSeverity } from './ocsf-mapping.js';

/**
 * Characters a string may not hold as they are on one line of JSON Lines: what
 * JSON.stringify escapes (quote, backslash, controls, and surrogates, of which it
 * escapes a lone one), and the line breaks it leaves raw (next line, line and paragraph
 * separators), at which readers that split on Unicode breaks (Python's splitlines) would
 * cut an event.
 */
const needsEscaping = /["\\\u0000-\u001f\u0085\u2028\u2029\ud800-\udfff]/;
const unicodeBreaks = /[\u0085\u2028\u2029]/g;

function escapeBreak(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * The JSON string of `value` as JSON.stringify writes it, U+0085, U+2028 and U+2029 escaped too; most need nothing and
 * are only quoted.
 */
export function lineSafeJsonString(value: string): string {
  return needsEscaping.test(value) ? JSON.stringify(value).replace(unicodeBreaks, escapeBreak) : `"${value}"`;
}

/** A number as JSON.stringify writes it. */
function jsonNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/** The text of a scan's events that is the same for all of them, made once per scan. */
interface ScanText {
  /** From the opening brace to the comma after `time`. */
  head: string;
  standards: string;
  time: string;
  /** `,"cloud":{…},"metadata":{"product":{…},"version":…,"profiles":["cloud"],"uid":"` */
  cloudAndMetadata: string;
  /** `:<JobId>"` and `original_time`, closing metadata. */
  metadataTail: string;
  /** `benchmarkId/accountId/` as the start of a JSON string's text. */
  uidAltPrefix: string;
  /** `,"job_id":…`, the member of `unmapped` after `category_id`. */
  jobId: string;
  /** What closes `unmapped` and the event: the run's exceptions files, when it has any, and two braces. */
  unmappedTail: string;
  accountId: string;
  benchmarkId: string;
}

function scanText(scan: OcsfScan): ScanText {
  const { report } = scan;
  const time = jsonNumber(scan.time);
  const originalTime = report.lastScanned?.date
    ? `,"original_time":${lineSafeJsonString(report.lastScanned.stated)}`
    : '';
  const uidAlt = lineSafeJsonString(`${report.benchmarkId}/${report.accountId}/`);
  return {
    head:
      `{"class_uid":2003,"class_name":"Compliance Finding","category_uid":2,"category_name":"Findings","activity_id":${ocsfActivity.id},"activity_name":"${ocsfActivity.caption}",` +
      `"type_uid":${2003 * 100 + ocsfActivity.id},"type_name":"Compliance Finding: ${ocsfActivity.caption}","time":${time},`,
    standards: `[${lineSafeJsonString(report.benchmarkName)}]`,
    time,
    cloudAndMetadata: `,"cloud":${lineSafeJson(scan.cloud)},"metadata":{"product":${lineSafeJson(scan.product)},"version":"${ocsfVersion}","profiles":["cloud"],"uid":`,
    metadataTail: `${lineSafeJsonString(`:${report.jobId}`).slice(1)}${originalTime}}`,
    uidAltPrefix: uidAlt.slice(0, -1),
    jobId: `,"job_id":${lineSafeJsonString(report.jobId)}`,
    unmappedTail: `${scan.exceptions === undefined ? '' : `,"exceptions":${lineSafeJson(scan.exceptions)}`}}}`,
    accountId: lineSafeJsonString(report.accountId),
    benchmarkId: lineSafeJsonString(report.benchmarkId),
  };
}

/** JSON of an object the scan's events share, made once per scan. */
function lineSafeJson(value: object): string {
  return JSON.stringify(value).replace(unicodeBreaks, escapeBreak);
}

/**
 * Writes the events of one scan as lines of JSON Lines: the same text as
 * JSON.stringify of `ocsfComplianceFinding`'s object with U+0085, U+2028 and U+2029
 * escaped (a test holds them equal), written straight from the policy, with what a scan
 * and a category share made once. Building an object per policy only to serialise it
 * took three times as long over 300,000 policies, mostly in garbage collection.
 */
export class OcsfLineWriter {
  private readonly text: ScanText;
  private categoryOf: CategoryView | undefined;
  private categoryText = '';
  private categoryIdText = '';

  constructor(readonly scan: OcsfScan) {
    this.text = scanText(scan);
  }

  /** The line of one policy of the scan, with its line feed. */
  line(category: CategoryView, policy: Policy): string {
    const text = this.text;
    if (category !== this.categoryOf) {
      this.categoryOf = category;
      this.categoryText = lineSafeJsonString(category.name);
      this.categoryIdText = lineSafeJsonString(category.categoryId);
    }
    const severity = ocsfSeverity(policy.Severity);
    const status = ocsfComplianceStatus(policy.Compliance);
    const acceptance = this.scan.accepted?.get(policy);
    const findingStatus = acceptance === undefined ? ocsfFindingStatus(policy.Compliance) : ocsfSuppressed;
    const accepted =
      acceptance === undefined
        ? undefined
        : {
            detail: `,"status_detail":${lineSafeJsonString(ocsfAcceptanceDetail(acceptance))}`,
            unmapped: `,"exception_id":${lineSafeJsonString(acceptance.id)},"exception_expires":${lineSafeJsonString(acceptance.expires)}`,
          };
    const detail = lineSafeJsonString(ocsfResultDetail(policy));
    const uid = ocsfFindingUid(this.scan.accountUid, this.scan.report.benchmarkId, policy);
    const number = lineSafeJsonString(policy.ComplianceNumber);
    const title = lineSafeJsonString(policy.ShortTitle);
    return (
      `${text.head}"severity_id":${severity.id},"severity":${lineSafeJsonString(severity.caption)},"status_id":${findingStatus.id},"status":"${findingStatus.caption}"${accepted?.detail ?? ''},` +
      `"message":"${number.slice(1, -1)} ${title.slice(1, -1)}: ${detail.slice(1)},` +
      `"compliance":{"standards":${text.standards},"control":${number},"category":${this.categoryText},"status_id":${status.id},"status":${lineSafeJsonString(status.caption)},"status_details":[${detail}]},` +
      `"finding_info":{"uid":"${uid}","uid_alt":${text.uidAltPrefix}${number.slice(1)},"title":${title},"first_seen_time":${text.time},"last_seen_time":${text.time}}` +
      `${text.cloudAndMetadata}"${uid}${text.metadataTail},` +
      `"unmapped":{"passed_resources":${jsonNumber(policy.PassedResourceCount)},"total_resources":${jsonNumber(policy.TotalResourceCount)},` +
      `"compliance":${lineSafeJsonString(policy.Compliance)},"severity":${lineSafeJsonString(policy.Severity)},"risk_probability":${lineSafeJsonString(policy.RiskProbability.trim())},` +
      `"risk_level":${lineSafeJsonString(policy.RiskLevel)},"policy_id":${lineSafeJsonString(policy.PolicyId)},"service_name":${lineSafeJsonString(policy.ServiceName)},` +
      `"account_id":${text.accountId},"benchmark_id":${text.benchmarkId},"category_id":${this.categoryIdText}${text.jobId}${accepted?.unmapped ?? ''}${text.unmappedTail}\n`
    );
  }
}
