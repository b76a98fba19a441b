import type { BenchmarkReport, Policy, ResourceCategory } from './report.js';
import type { Finding, RuleId, SeveritySetting } from './finding.js';
import type { DocumentForm } from './document.js';

/** How CompliancePercent is computed; the specification does not say. */
export type PercentFormula = 'green-of-assessed' | 'green-of-total' | 'passed-resources';

/** Figures recomputed from the policies themselves, never copied from stated totals. */
export interface Figures {
  total: number;
  green: number;
  red: number;
  amber: number;
  gray: number;
  /** Policies whose Compliance is none of the four known colours. */
  other: number;
  passedResources: number;
  totalResources: number;
  /** Compliance percent of these counts by the formula in force. */
  percent: number;
}

/** Red policies of one Severity. */
export interface SeverityCount {
  severity: string;
  count: number;
}

/** A category with its recomputed figures. */
export interface AnalysedCategory {
  category: ResourceCategory;
  /** RFC 6901 pointer of the category inside its document. */
  pointer: string;
  figures: Figures;
  /**
   * Red policies of the category by Severity, ordered as the report's `redBySeverity`:
   * the known severities worst first (zeros included), then the category's others by
   * name. Summed over a report's categories, severity by severity, they give the report's.
   */
  redBySeverity: SeverityCount[];
  /** Amber policies of the category by Severity, in the same order. */
  amberBySeverity: SeverityCount[];
  /** Policies of a Compliance outside the observed set by Severity, only the severities that have one. */
  otherBySeverity: SeverityCount[];
  /**
   * Present when the run let the category's policies go once its figures were made
   * (check and gate keep figures, not reports: see keepFigures): the policies its
   * findings point into and those a gate names, by their position in the category,
   * whose `Policies` is then empty. Read a policy through policyAt or keptPoliciesOf.
   */
  keptPolicies?: ReadonlyMap<number, Policy>;
}

/** A benchmark report with recomputed figures for it and each of its categories. */
export interface AnalysedReport {
  report: BenchmarkReport;
  /** RFC 6901 pointer of the report inside its document (`""`, `/3`, `/result/0`, …). */
  pointer: string;
  figures: Figures;
  /** Red policies by Severity: the known severities worst first, then others by name. */
  redBySeverity: SeverityCount[];
  /** Amber policies by Severity, in the same order. */
  amberBySeverity: SeverityCount[];
  /**
   * Policies of a Compliance outside the observed set by Severity, in the same order,
   * only the severities that have one: verdicts count them as Red (fail closed).
   */
  otherBySeverity: SeverityCount[];
  categories: AnalysedCategory[];
  /**
   * The report's number of categories, present when the run kept only some of them
   * (check and gate of many files keep those their findings point into, those a gate
   * names, and all only for an output that lists them: see keepFigures); `categories`
   * then holds the kept ones, and the report's figures stand for all. Its `report` then
   * keeps the ids and names only (BenchmarkName, BenchmarkId, AccountId, LicenseId,
   * LicenseName, AccountName, ConnectorType, JobId; SubscriptionId and AWSAccountId are
   * null), and its kept categories their own fields without their policies.
   */
  categoryCount?: number;
}

/**
 * Where a value is in its source's JSON text. Lines and columns count from 1, and a
 * column counts UTF-16 code units, as SARIF counts them by default (its
 * `columnKind` `utf16CodeUnits`) and as JavaScript strings do. The end is the position
 * just after the value's last character (SARIF's `endColumn` is exclusive).
 */
export interface TextRegion {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

/** One input (file, stdin or value) after loading, validation and analysis. */
export interface AnalysedSource {
  /** File path as given, `<stdin>`, or the name given with a library input. */
  source: string;
  form: DocumentForm;
  /** Benchmark reports found in the document, valid or not. */
  reportCount: number;
  /** Reports that passed the schema; only these are analysed and rendered. */
  reports: AnalysedReport[];
  /** Policies in the analysed reports. */
  policies: number;
  findings: Finding[];
  /**
   * Where the value each finding's pointer names sits in the text, by pointer; a
   * pointer to a key that is absent (a required property, say) gets its parent
   * object's place, a json-syntax finding the place the text stops being JSON. Only a
   * source with findings gets one, and only when its text could be had: not for a
   * parsed value given to the library, nor for a file that changed since it was read.
   */
  regions?: ReadonlyMap<string, TextRegion>;
  /** Keys repeated within an object of the text, whatever the severity of `duplicate-key` (absent when none). */
  repeatedKeys?: number;
}

/** Counts over a whole run. */
export interface AnalysisSummary {
  files: number;
  reports: number;
  policies: number;
  errors: number;
  warnings: number;
}

/** The result of checking one or more inputs. */
export interface Analysis {
  summary: AnalysisSummary;
  /** The CompliancePercent formula the figures and the compliance-percent rule used. */
  percentFormula: PercentFormula;
  sources: AnalysedSource[];
}

/** How one report ranks: the inputs of its worst categories and of the worst reports. */
export interface ReportRanking {
  /** Red policies weighted by severity (Critical 5 … VeryLow 1), one per category in report order. */
  categoryRedWeights: number[];
  /** The categories' weights summed: the tie-break among the worst reports. */
  redWeight: number;
  /** Positions in the report's categories of its worst categories, worst first. */
  worstCategories: number[];
}

/**
 * The figures of a run summed over its analysed reports, without the rankings: what an
 * output that ranks nothing (the JSON of `check`) reads, at no cost of ranking.
 */
export interface RollUpFigures {
  /** Analysed reports. */
  reports: number;
  /** Policies across them (`figures.total`). */
  policies: number;
  /** Every report's figures summed, the percent recomputed by the formula in force. */
  figures: Figures;
  /** False when no policy was assessed (or no resource checked): the percent is then no figure (n/a). */
  hasPercent: boolean;
  /** Red policies by Severity summed across reports, in the order the reports first name them. */
  redBySeverity: SeverityCount[];
}

/**
 * Figures across every analysed report of an analysis, in the order of its sources and
 * of the reports within each. Computed once, by analyse, so that every format prints
 * the same numbers; renderers only lay them out.
 */
export interface RollUp extends RollUpFigures {
  /** One ranking per report. */
  rankings: ReportRanking[];
  /** Positions of the worst reports, ranked as worst categories are (by what fails). */
  worstReports: number[];
}

/** Options of the analysis. */
export interface AnalyseOptions {
  /** Pin one CompliancePercent formula; by default the published sample's one is checked. */
  percentFormula?: PercentFormula;
  /** Change the severity of a rule, or turn it off. */
  severities?: Partial<Record<RuleId, SeveritySetting>>;
}
