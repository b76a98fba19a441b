import type { Finding } from './finding.js';
import type { BenchmarkReport } from './report.js';

/** The shapes a saved audit report comes in. */
export type DocumentForm = 'envelope' | 'array' | 'report' | 'unparsed';

/** An input left out of a run, with a note: an entry of a scanned folder, or a file that holds no report. */
export interface SkippedInput {
  /** The input's path, a name that is not UTF-8 with its bytes escaped. */
  source: string;
  /** Why it was left out, one sentence. */
  message: string;
}

/**
 * How a document's JSON text can be had again, to place its findings on lines once they
 * are known: the text itself when it came from a stream or from memory (it cannot be
 * read twice), else the file's path and the text's length, so that a file is read again
 * only when it has findings, and not trusted when it has changed since.
 */
export type TextSource = { text: string } | { path: string; length: number };

/** A document after loading: parsed, unwrapped, not yet validated. */
export interface LoadedDocument {
  /** File path as given, `<stdin>`, or the name given with a library input. */
  source: string;
  form: DocumentForm;
  /** The parsed JSON value (undefined when it did not parse). */
  value: unknown;
  /** Pointer of the array (or single object) that holds the benchmark reports. */
  reportsPointer: string;
  /**
   * The values that may be benchmark reports, unvalidated: the items of the list at
   * `reportsPointer` (item i at `reportsPointer/i`), or, when `single`, the one value
   * there (its pointer is `reportsPointer` itself). The parsed list itself, not a record per item:
   * a list of millions of items that are no report costs nothing more.
   */
  candidates: readonly unknown[];
  /** True when the document holds one report at `reportsPointer`, not a list of them. */
  single?: boolean;
  /** Problems found while loading: json-syntax, duplicate-key, envelope-failure, not-a-report. */
  findings: Finding[];
  /**
   * Keys repeated within an object of the text (each repeat counted), whose earlier
   * values JSON.parse dropped; absent when there are none. Kept apart from the findings
   * so that a gate refuses the document even when `duplicate-key` is silenced.
   */
  repeatedKeys?: number;
  /** Where its text can be had again (see {@link TextSource}); absent for a parsed value. */
  textSource?: TextSource;
  /**
   * The input format whose results the candidates were built from (`prowler-ocsf`,
   * `asff`, `hdf`), absent for the service's own reports. Findings about a built report
   * point into the report as built, not into the file's text.
   */
  builtFrom?: string;
}

/** The JSON Pointer of a document's candidate `index` (see {@link LoadedDocument.candidates}). */
export function candidatePointer(document: Pick<LoadedDocument, 'reportsPointer' | 'single'>, index: number): string {
  return document.single === true ? document.reportsPointer : `${document.reportsPointer}/${index}`;
}

/**
 * A coded value (Compliance, Severity, RiskProbability, RiskLevel, ConnectorType) spelled
 * otherwise than its observed value, which it is read as: `" critical"` is `Critical`.
 */
export interface FoldedValue {
  /** RFC 6901 pointer of the value in its document. */
  pointer: string;
  field: 'Compliance' | 'Severity' | 'RiskProbability' | 'RiskLevel' | 'ConnectorType';
  /** The value as the report spells it, kept for messages. */
  original: string;
  /** The observed value it is read as, everywhere after loading. */
  canonical: string;
  /** Position of its category in the report and of its policy in the category; absent for ConnectorType. */
  category?: number;
  policy?: number;
}

/** A benchmark report located inside its document. */
export interface ReportRef {
  /** RFC 6901 pointer of the report (`""`, `/0`, `/result`, `/result/2`). */
  pointer: string;
  /** The report with its coded values in their observed spelling (see {@link FoldedValue}). */
  report: BenchmarkReport;
  /** The values read in another spelling, in document order; absent when there are none. */
  folded?: FoldedValue[];
}

/** A document after schema validation. */
export interface ValidatedDocument {
  source: string;
  form: DocumentForm;
  reportsPointer: string;
  /** Number of benchmark reports found, valid or not. */
  reportCount: number;
  /** Reports that passed the schema. */
  reports: ReportRef[];
  /** Loading findings plus schema findings. */
  findings: Finding[];
  /** Keys repeated within an object of the text (see {@link LoadedDocument.repeatedKeys}). */
  repeatedKeys?: number;
}
