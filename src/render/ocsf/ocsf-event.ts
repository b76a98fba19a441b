import { hash } from 'node:crypto';
import { CspmError } from '../../error/cspm-error.js';
import type { PolicyAcceptance } from '../../model/exceptions.js';
import {
  ocsfVersion,
  type OcsfCloud,
  type OcsfComplianceFinding,
  type OcsfExceptions,
} from '../../model/ocsf-event.js';
import type { Policy } from '../../model/report.js';
import type { RenderOptions } from '../../model/renderer.js';
import type { CategoryView, ReportView, ViewModel } from '../../model/view-model.js';
import { acceptancesByPolicy } from '../policy-acceptance.js';
import { ocsfAcceptanceDetail, ocsfExceptionsOf, ocsfSuppressed } from './ocsf-acceptance.js';
import {
  ocsfComplianceStatus,
  ocsfFindingStatus,
  ocsfProvider,
  ocsfResultDetail,
  ocsfSeverity,
} from './ocsf-mapping.js';

/** What every event of one scan (one benchmark report) shares, made once per report. */
export interface OcsfScan {
  report: ReportView;
  /** Epoch milliseconds of the scan. */
  time: number;
  /** The account's id in its cloud: AWSAccountId or SubscriptionId, else the service's AccountId. */
  accountUid: string;
  /** Frozen: shared by the scan's events. */
  cloud: Readonly<OcsfCloud>;
  product: Readonly<OcsfComplianceFinding['metadata']['product']>;
  /** The report's accepted policies, when it has any. */
  accepted: ReadonlyMap<Policy, PolicyAcceptance> | undefined;
  /** The run's exceptions files and applied ids, when it was given exceptions: every event records them. */
  exceptions: OcsfExceptions | undefined;
}

/** Activity Create: each event tells the finding as one scan found it (see the README's OCSF section). */
export const ocsfActivity = { id: 1, caption: 'Create' } as const;
const classUid = 2003;

/** A non-empty id, or undefined. */
function present(value: string | null): string | undefined {
  return value === null || value.trim() === '' ? undefined : value;
}

/**
 * The scan of a report for its events: its time is the scan's (LastScannedDate, else
 * LastScannedDateEpochTime), else `now` (render --now). OCSF requires a time, and a
 * made-up one would put the scan on the wrong day of a data lake: a report stating none
 * without `now` is refused.
 */
export function ocsfScanOf(
  report: ReportView,
  tool: ViewModel['tool'],
  now: Date | undefined,
  exceptions?: OcsfExceptions,
): OcsfScan {
  const time = report.lastScanned?.date ?? now;
  if (time === undefined) {
    const stated =
      report.lastScanned === null
        ? 'states no LastScannedDate nor LastScannedDateEpochTime'
        : `states a scan date this tool cannot read (${JSON.stringify(report.lastScanned.stated)})`;
    throw new CspmError(
      'usage',
      `OCSF events need the time of the scan: the report at ${JSON.stringify(report.pointer)} of ${report.source} ${stated}; render it with --now to give its events the time of the render`,
      {
        data: { option: 'now', path: report.sourcePath },
      },
    );
  }
  const accountUid = present(report.awsAccountId) ?? present(report.subscriptionId) ?? report.accountId;
  const { provider, accountType } = ocsfProvider(report.connectorType);
  const cloud = Object.freeze({
    provider,
    account: Object.freeze({
      uid: accountUid,
      name: report.accountName,
      type_id: accountType.id,
      type: accountType.caption,
    }),
  });
  const product = Object.freeze({ name: tool.name, vendor_name: tool.name, version: tool.version });
  const accepted =
    report.accepted === undefined || report.accepted.size === 0 ? undefined : acceptancesByPolicy(report);
  return { report, time: time.getTime(), accountUid, cloud, product, accepted, exceptions };
}

/**
 * The finding's uid: the same account, benchmark and policy give the same uid in every
 * scan, so that a data lake follows a finding over time. A digest of their JSON, so
 * that no text of the report can make two findings' uids equal.
 */
export function ocsfFindingUid(
  accountUid: string,
  benchmarkId: string,
  policy: Pick<Policy, 'PolicyId' | 'ComplianceNumber'>,
): string {
  return hash(
    'sha256',
    JSON.stringify([accountUid, benchmarkId, policy.PolicyId, policy.ComplianceNumber]),
    'hex',
  ).slice(0, 32);
}

/**
 * The OCSF Compliance Finding event of one policy of a scan, as a plain object: the
 * reference of what every OCSF output holds. Its frozen `cloud` and `metadata.product`
 * are the scan's, shared by its events.
 */
export function ocsfComplianceFinding(scan: OcsfScan, category: CategoryView, policy: Policy): OcsfComplianceFinding {
  const { report, time } = scan;
  const severity = ocsfSeverity(policy.Severity);
  const status = ocsfComplianceStatus(policy.Compliance);
  const acceptance = scan.accepted?.get(policy);
  const findingStatus = acceptance === undefined ? ocsfFindingStatus(policy.Compliance) : ocsfSuppressed;
  const detail = ocsfResultDetail(policy);
  const uid = ocsfFindingUid(scan.accountUid, report.benchmarkId, policy);
  const stated = report.lastScanned?.date ? report.lastScanned.stated : undefined;
  return {
    class_uid: classUid,
    class_name: 'Compliance Finding',
    category_uid: 2,
    category_name: 'Findings',
    activity_id: ocsfActivity.id,
    activity_name: ocsfActivity.caption,
    type_uid: classUid * 100 + ocsfActivity.id,
    type_name: `Compliance Finding: ${ocsfActivity.caption}`,
    time,
    severity_id: severity.id,
    severity: severity.caption,
    status_id: findingStatus.id,
    status: findingStatus.caption,
    ...(acceptance === undefined ? {} : { status_detail: ocsfAcceptanceDetail(acceptance) }),
    message: `${policy.ComplianceNumber} ${policy.ShortTitle}: ${detail}`,
    compliance: {
      standards: [report.benchmarkName],
      control: policy.ComplianceNumber,
      category: category.name,
      status_id: status.id,
      status: status.caption,
      status_details: [detail],
    },
    finding_info: {
      uid,
      uid_alt: `${report.benchmarkId}/${report.accountId}/${policy.ComplianceNumber}`,
      title: policy.ShortTitle,
      first_seen_time: time,
      last_seen_time: time,
    },
    cloud: scan.cloud,
    metadata: {
      product: scan.product,
      version: ocsfVersion,
      profiles: ['cloud'],
      uid: `${uid}:${report.jobId}`,
      ...(stated === undefined ? {} : { original_time: stated }),
    },
    unmapped: {
      passed_resources: policy.PassedResourceCount,
      total_resources: policy.TotalResourceCount,
      compliance: policy.Compliance,
      severity: policy.Severity,
      // The service pads some values with spaces ("NotLikely "): the word is kept.
      risk_probability: policy.RiskProbability.trim(),
      risk_level: policy.RiskLevel,
      policy_id: policy.PolicyId,
      service_name: policy.ServiceName,
      account_id: report.accountId,
      benchmark_id: report.benchmarkId,
      category_id: category.categoryId,
      job_id: report.jobId,
      ...(acceptance === undefined ? {} : { exception_id: acceptance.id, exception_expires: acceptance.expires }),
      ...(scan.exceptions === undefined ? {} : { exceptions: scan.exceptions }),
    },
  };
}

/**
 * Every event of a view as objects, one per policy of each report, in document order
 * (every policy, whatever the tables list): what a columnar (Parquet) writer takes. The
 * JSON Lines writer writes the same events as text without building them (a test holds
 * the two equal). The scans are read first, so that a report without a time is refused
 * before any event is made.
 */
export function ocsfEventsOf(view: ViewModel, options: Pick<RenderOptions, 'now'>): Iterable<OcsfComplianceFinding> {
  const exceptions = ocsfExceptionsOf(view);
  const scans = view.reports.map((report) => ocsfScanOf(report, view.tool, options.now, exceptions));
  return (function* events() {
    for (const scan of scans)
      for (const category of scan.report.categories)
        for (const policy of category.policies) yield ocsfComplianceFinding(scan, category, policy);
  })();
}
