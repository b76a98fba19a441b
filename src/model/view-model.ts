import type { Figures, PercentFormula, SeverityCount } from './analysis.js';
import type { Finding } from './finding.js';
import type { Policy } from './report.js';

/**
 * The view model every renderer receives. All figures are computed once, when it is
 * built, so that HTML, PDF and XLSX agree on every number; the handlebars templates
 * receive exactly this object (documented in the README for template authors).
 * Policies are referenced, not copied: a report can hold hundreds of thousands.
 */

/** Counts by colour and the compliance percent, recomputed from the policies. */
export interface FiguresView extends Figures {
  /** Policies that were assessed: total − gray. */
  assessed: number;
  /** The percent as every format prints it: one decimal, e.g. `15.4%`. */
  percentText: string;
}

/** One resource category. */
export interface CategoryView {
  /** Stable anchor id, unique in the document (`r1-c3`). */
  anchor: string;
  order: number;
  name: string;
  categoryId: string;
  figures: FiguresView;
  /** CompliancePercent as the report states it (it may differ: see the findings). */
  statedPercent: number;
  /** The policies as the report holds them, in its order. */
  policies: readonly Policy[];
}

/** One benchmark report of one account. */
export interface ReportView {
  /** Stable anchor id, unique in the document (`r1`). */
  anchor: string;
  /** File (or `<stdin>`) the report came from. */
  source: string;
  /** RFC 6901 pointer of the report inside its file. */
  pointer: string;
  benchmarkName: string;
  benchmarkId: string;
  accountName: string;
  accountId: string;
  connectorType: string;
  subscriptionId: string | null;
  awsAccountId: string | null;
  jobId: string;
  licenseId: string;
  licenseName: string;
  /** LastScannedDate when the report carries it (not in the specification). */
  lastScanned: string | null;
  figures: FiguresView;
  /** Red policies by Severity, worst first (every known severity, zeros included). */
  redBySeverity: SeverityCount[];
  /** Up to five categories with Red or Amber policies: most Red first, then lowest percent. */
  worstCategories: CategoryView[];
  categories: CategoryView[];
}

/** A finding of the check, with the file it concerns. */
export interface FindingView extends Finding {
  source: string;
}

/** A logo for the cover and header. */
export interface LogoView {
  bytes: Uint8Array;
  mediaType: 'image/png' | 'image/jpeg';
}

/** Everything a renderer needs. */
export interface ViewModel {
  title: string;
  /**
   * ISO 8601 time of generation when the caller asked for it (`--now`), else null:
   * the same input then gives the same bytes.
   */
  generatedAt: string | null;
  tool: { name: string; version: string };
  /** The CompliancePercent formula in force: its id and its words. */
  percentFormula: { id: PercentFormula; description: string };
  /** Figures over all reports together. */
  rollup: {
    reports: number;
    policies: number;
    figures: FiguresView;
    redBySeverity: SeverityCount[];
  };
  reports: ReportView[];
  findings: FindingView[];
  findingCounts: { errors: number; warnings: number };
  logo: LogoView | null;
}
