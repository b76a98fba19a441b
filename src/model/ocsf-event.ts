/**
 * Types of the OCSF Compliance Finding event (class_uid 2003) that `-f ocsf` writes, one
 * per policy per scan: only the attributes it fills, as the OCSF schema names them
 * (snake_case). Plain data, so that a JSON Lines writer and a columnar one take the same
 * objects; schema/ocsf-compliance-finding.schema.json is the schema they validate against.
 */

/** The OCSF schema version the events target (`metadata.version`). */
export const ocsfVersion = '1.8.0';

/** `compliance`: the check, the standard it belongs to and its result. */
export interface OcsfCompliance {
  /** The benchmark's name. */
  standards: string[];
  /** The policy's ComplianceNumber. */
  control: string;
  /** The resource category the policy is in. */
  category: string;
  /** 0 Unknown, 1 Pass, 2 Warning, 3 Fail, 99 Other. */
  status_id: number;
  status: string;
  /** Why: the resource counts in words, and the Compliance colour. */
  status_details: string[];
}

/** `finding_info`: which finding this is, the same from scan to scan. */
export interface OcsfFindingInfo {
  uid: string;
  /** `BenchmarkId/AccountId/ComplianceNumber`, the POA&M finding id. */
  uid_alt: string;
  title: string;
  /** Epoch milliseconds: the scan's time, for an event of one scan. */
  first_seen_time: number;
  last_seen_time: number;
}

/** `cloud`: the provider and the account scanned. */
export interface OcsfCloud {
  provider: string;
  account: {
    uid: string;
    name: string;
    /** 10 AWS Account, 13 Azure Subscription, 17 M365 Tenant, 0 Unknown. */
    type_id: number;
    type: string;
  };
}

/** `metadata`: the product that wrote the event and the OCSF version it follows. */
export interface OcsfMetadata {
  product: { name: string; vendor_name: string; version: string };
  version: string;
  /** The profiles applied: `cloud`. */
  profiles: string[];
  /** Which event of which scan: the same policy, job and time give the same uid. */
  uid: string;
  /** The scan's time as the report states it, when it does. */
  original_time?: string;
}

/** `unmapped`: the report's own values that OCSF has no attribute for, or that it maps coarser. */
export interface OcsfUnmapped {
  passed_resources: number;
  total_resources: number;
  /** The Compliance colour as the report states it. */
  compliance: string;
  /** The Severity as the report states it. */
  severity: string;
  risk_probability: string;
  risk_level: string;
  policy_id: string;
  service_name: string;
  /** The service's AccountId (the cloud's own id is `cloud.account.uid`). */
  account_id: string;
  benchmark_id: string;
  category_id: string;
  job_id: string;
  /** The exception that accepts the policy, when one does. */
  exception_id?: string;
  /** The last day that exception applies, `YYYY-MM-DD`. */
  exception_expires?: string;
  /** The exceptions files the run read and the ids it applied: on every event of a run with exceptions. */
  exceptions?: OcsfExceptions;
}

/** What an event records of its run's exceptions files. */
export interface OcsfExceptions {
  /** Each file: its path, the SHA-256 of the bytes read, and its ids. */
  files: { path: string; sha256: string; ids: string[] }[];
  /** The ids of the exceptions that accept at least one policy of the document. */
  applied: string[];
}

/** One OCSF Compliance Finding event: one policy of one scan. */
export interface OcsfComplianceFinding {
  class_uid: 2003;
  class_name: 'Compliance Finding';
  category_uid: 2;
  category_name: 'Findings';
  activity_id: number;
  activity_name: string;
  /** class_uid × 100 + activity_id. */
  type_uid: number;
  type_name: string;
  /** Epoch milliseconds of the scan. */
  time: number;
  severity_id: number;
  severity: string;
  /** The finding's status: 1 New (Red, Amber), 3 Suppressed (accepted), 4 Resolved (Green), 0 Unknown (Gray, other). */
  status_id: number;
  status: string;
  /** Why an accepted policy is Suppressed: its exception, expiry, owner, approver and reason. */
  status_detail?: string;
  message: string;
  compliance: OcsfCompliance;
  finding_info: OcsfFindingInfo;
  cloud: OcsfCloud;
  metadata: OcsfMetadata;
  unmapped: OcsfUnmapped;
}
