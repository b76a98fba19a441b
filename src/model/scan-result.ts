/**
 * One result of another scanner (Prowler, Security Hub, an HDF tool) as its reader hands
 * it to the report builder: one check on one resource. Every scanner's format is read
 * into this shape, and one builder makes benchmark reports of it, so that the colours,
 * counts and frameworks follow the same mapping whatever the tool (docs/scanner-inputs.md).
 */

/**
 * What a scanner said of one resource:
 * - `pass`, `fail`: evaluated;
 * - `manual`: a person must judge it (Prowler's MANUAL, an HDF control with no test);
 * - `not-available`, `skipped`, `error`: not evaluated (not applicable, not run, failed to run).
 */
export type ResultStatus = 'pass' | 'fail' | 'manual' | 'not-available' | 'skipped' | 'error';

/** The check a result is of: the policy of the report built from it. */
export interface ScannedCheck {
  /** The check's id (Prowler's event_code, ASFF's control id, an HDF control id). */
  id: string;
  title: string;
  description?: string;
  /** One of the service's Severities (Critical … VeryLow), or the scanner's own word when it has no mapping. */
  severity: string;
  /** The service or resource group the check is of: the report's category by default. */
  service: string;
  remediation?: string;
  references?: string[];
  /**
   * The requirements of compliance frameworks the check answers, by framework
   * (`{"CIS-2.0": ["1.20"]}`): the reports of `--framework`.
   */
  requirements?: Readonly<Record<string, readonly string[]>>;
}

/** One check's result on one resource, where the reader found it. */
export interface ScanResult {
  /** RFC 6901 pointer of the result in its document, for findings about it. */
  pointer: string;
  /** The provider as the scanner names it (aws, azure, gcp, kubernetes, m365, github…). */
  provider: string;
  /** The account (or subscription, project, cluster, tenant) scanned. */
  account: { uid: string; name?: string };
  check: ScannedCheck;
  /** The resource's id (an ARN, a resource id); absent when the scanner names none. */
  resource?: string;
  status: ResultStatus;
  /**
   * Set when the scanner muted or suppressed the result (Prowler's status_id 3, ASFF's
   * Workflow.Status SUPPRESSED): an accepted risk with no owner and no expiry. It never
   * counts as passing.
   */
  muted?: boolean;
  /** When the scanner reported it, as milliseconds since the epoch; absent when unstated. */
  time?: number;
}

/** What a scanner's document says about itself, for the reports built from it. */
export interface ScannerInfo {
  /** The input format's name in the registry (`prowler-ocsf`, `asff`, `hdf`). */
  format: string;
  /** The tool that wrote it, as it names itself (`Prowler`, `Security Hub`). */
  tool: string;
  version?: string;
}
