/**
 * Types of the audit report as the service returns it (API specification, section 2.3).
 *
 * Field names keep the service's PascalCase so that a report can be typed without
 * copying. Fields beyond the specification (Posture, Title, LastScannedDate, …) are
 * kept: every object allows extra keys.
 */

/** The four compliance colours the service is known to return. */
export type ComplianceColour = 'Green' | 'Red' | 'Amber' | 'Gray';

/** One policy (check) inside a resource category. */
export interface Policy {
  PolicyId: string;
  ShortTitle: string;
  ServiceName: string;
  /** Usually dotted (`1100.2`, `4.2.1.1`), sometimes an id such as `CCE-37741-6`. */
  ComplianceNumber: string;
  PassedResourceCount: number;
  TotalResourceCount: number;
  /** Observed: Green, Red, Amber, Gray; other values are kept and warned about. */
  Compliance: string;
  /** Observed: Critical, High, Moderate, Low, VeryLow. */
  Severity: string;
  /** Observed: Certain, High, Moderate, NotLikely, and a single space when nothing was checked. */
  RiskProbability: string;
  /** Observed: Red, Amber, Green, and an empty string when nothing was checked. */
  RiskLevel: string;
  [extra: string]: unknown;
}

/** Colour counts as the service states them for a category or a benchmark. */
export interface ColourCounts {
  Total: number;
  Green: number;
  Red: number;
  Amber: number;
  Gray: number;
}

/** A resource category: a group of policies with stated counts. */
export interface ResourceCategory extends ColourCounts {
  CategoryName: string;
  /** Position of the category, starting at 1. */
  ControlCategoryOrder: number;
  CategoryId: string;
  CompliancePercent: number;
  Policies: Policy[];
  [extra: string]: unknown;
}

/** Benchmark-level totals found in real reports (not in the specification). */
export interface Posture extends ColourCounts {
  CompliancePercent: number;
  [extra: string]: unknown;
}

/** One benchmark report of one account and scan job. */
export interface BenchmarkReport {
  BenchmarkName: string;
  BenchmarkId: string;
  AccountId: string;
  LicenseId: string;
  LicenseName: string;
  AccountName: string;
  /** Observed: AWS, Azure, Office365. */
  ConnectorType: string;
  /** Azure subscription id; null or empty on other kinds of account. */
  SubscriptionId: string | null;
  /** AWS account id; null on other kinds of account. */
  AWSAccountId: string | null;
  JobId: string;
  ResourceCategories: ResourceCategory[];
  Posture?: Posture;
  Title?: string | null;
  LastScannedDate?: string | null;
  LastScannedDateEpochTime?: number | null;
  [extra: string]: unknown;
}

/** The response envelope of every endpoint (section 2.2). */
export interface Envelope<T> {
  result: T;
  statusCode: number;
  message: string;
}

/** The audit summary response: one report or an array of them in an envelope. */
export type AuditEnvelope = Envelope<BenchmarkReport | BenchmarkReport[]>;
