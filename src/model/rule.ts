import type { PercentFormula, Figures } from './analysis.js';
import type { RuleId, Severity } from './finding.js';
import type { FoldedValue } from './document.js';
import type { BenchmarkReport, ResourceCategory } from './report.js';

/** A category as a rule sees it: the data, where it is, and figures recomputed once. */
export interface CategoryInContext {
  category: ResourceCategory;
  /** RFC 6901 pointer of the category inside its document. */
  pointer: string;
  figures: Figures;
}

/** What a rule that looks at one benchmark report receives. */
export interface ReportContext {
  report: BenchmarkReport;
  /** RFC 6901 pointer of the report inside its document. */
  pointer: string;
  categories: readonly CategoryInContext[];
  /** The CompliancePercent formula pinned by the user, if any. */
  percentFormula: PercentFormula | undefined;
  /** Coded values the report spells otherwise than observed, read as the observed ones. */
  folded: readonly FoldedValue[];
}

/** What a rule that looks across the reports of one document receives. */
export interface DocumentContext {
  source: string;
  reports: readonly { report: BenchmarkReport; pointer: string }[];
  /** Benchmark reports found in the document, valid or not. */
  reportCount: number;
  /** Pointer of the array (or single object) that holds the reports. */
  reportsPointer: string;
}

/** A finding as a rule emits it; the runner adds the rule id and the severity in force. */
export interface RuleHit {
  pointer: string;
  message: string;
  expected?: unknown;
  actual?: unknown;
  /** For rules whose hits differ in weight; a user's severity setting overrides it. */
  severity?: Severity;
}

/** What every rule of the catalogue tells about itself. */
export interface RuleInfo {
  id: RuleId;
  defaultSeverity: Severity;
  /** One line: what the rule reports. */
  description: string;
  /** Why: the specification's words or the published sample the rule rests on. */
  rationale: string;
  /**
   * Where the rule runs: loader and schema rules are listed but run in their stages;
   * `run` rules judge a whole run and cannot be turned off (nothing passes on nothing).
   */
  stage: 'load' | 'validate' | 'report' | 'policy' | 'document' | 'run';
  /**
   * Set on a rule whose finding means the input's figures were not analysed (it did not
   * parse, its call failed, it holds no report, a report did not validate, a key
   * repeats): such an input stays failed, and a setting that would silence or lower the
   * rule is not applied. `as-error` when only its errors mean that (a warning of
   * not-a-report marks a file found in a folder and skipped, which loses no input).
   * The fail-closed policy's table (model/unusable-input.ts) says the same, and a test
   * holds the two together.
   */
  unusableInput?: 'always' | 'as-error';
}

/** A rule that checks one benchmark report. */
export interface ReportRule extends RuleInfo {
  stage: 'report';
  /** The rule's hits in one report: none when the report passes it. */
  check(context: ReportContext): RuleHit[];
}

/** Looks at the policies of one category and appends what it finds to `hits`. */
export type CategoryVisitor = (category: CategoryInContext, hits: RuleHit[]) => void;

/**
 * A rule that looks at every policy. The runner shows each category to every such rule
 * in turn: a category's policies are fetched from memory once for all the rules (on a
 * report of 300,000 policies a separate pass per rule costs more than the checks), and
 * each rule runs its own tight loop over them, which the JIT compiles far better than
 * a call per policy and rule.
 */
export interface PolicyRule extends RuleInfo {
  stage: 'policy';
  /**
   * Starts the rule on one report and returns its visitor, which may keep state for
   * the report (values seen so far). Findings about the report as a whole go to `hits`.
   */
  start(context: ReportContext, hits: RuleHit[]): CategoryVisitor;
}

/** Checks the reports of one document; called for each document of a run in input order. */
export type DocumentCheck = (context: DocumentContext) => RuleHit[];

/** A rule that checks the reports of one document together, and across the inputs of a run. */
export interface DocumentRule extends RuleInfo {
  stage: 'document';
  /**
   * Starts the rule on one run (one check, one render) and returns its check, which
   * may remember what earlier inputs of the run held: the same report given in two
   * files counts twice as surely as a repeat inside one file.
   */
  start(): DocumentCheck;
  /**
   * True for a rule that looks across the inputs of a run (a report repeated in two
   * files): it runs once every input has been analysed, in input order, on their
   * figures, so that inputs analysed apart (on worker threads, in shards of a fleet)
   * are judged as one run judges them. Findings keep the place in their file's list
   * that a rule of the document stage would have given them.
   */
  acrossInputs?: true;
}

/** Any entry of the rule catalogue. */
export type Rule = RuleInfo | ReportRule | PolicyRule | DocumentRule;
