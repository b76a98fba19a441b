import type { Analysis } from './analysis.js';
import type { DiffResult, PolicyChange, RegressionLimit } from './diff.js';
import type { AcceptedRisks } from './exceptions.js';
import type { RuleId, Severity } from './finding.js';
import type { GateResult } from './gate.js';
import type { RuleInfo } from './rule.js';
import type { RunSettings } from './run-settings.js';
import type { Verdict } from './verdict.js';

/**
 * The findings formats by name, as keys: filled in from the output formats' registry
 * (src/render/formats/format-views.ts) by declaration merging, like DocumentFormats.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the registry (declaration merging)
export interface FindingsFormatNames {}

/** The name of one findings format (`--format` of check, gate, merge and diff). */
export type FindingsFormatName = keyof FindingsFormatNames & string;

/**
 * What a run gives its findings formats: the check's analysis, the gate's verdict when
 * the run was a gate, and the comparison of two scans when it was a diff (the analysis
 * then holds both inputs, old first). judgeFindingsResult adds the judgement that makes
 * it a {@link FindingsResult}.
 */
export interface FindingsRun {
  analysis: Analysis;
  gate?: GateResult;
  diff?: DiffResult;
  /**
   * The job's verdict, which every format states as the exit code does; without one the
   * run is judged by its findings (and the gate's status) alone.
   */
  verdict?: Verdict;
  /**
   * The lowest finding severity that failed the run (`--fail-on`, default `error`): a
   * format that marks findings as failed or not marks exactly these.
   */
  failOn?: 'error' | 'warning' | 'never';
  /**
   * What of a diff's changes failed the run (`--fail-on-regression` and its allowances):
   * a format marks exactly these as failed. Absent when regressions do not fail the run;
   * they are then warnings.
   */
  regressionLimit?: RegressionLimit;
  /**
   * The settings the run was made with (its config file, each option in force), which a machine-readable format
   * records.
   */
  runSettings?: RunSettings;
  /**
   * What the run's exceptions did (`--exceptions`): every format lists the files read with
   * their SHA-256, the accepted policies, and the exceptions expired, expiring, unused or
   * unneeded. Absent when the run was given none: its outputs stay as they were.
   */
  exceptions?: AcceptedRisks;
  /**
   * Caveats of the run that do not change its verdict but that a reader must see (a merge
   * made without its input files, a MAC left unchecked), one sentence each. Every format
   * states each, on a passing run as on a failing one; a verdict reason that is also a
   * note is stated once, as the note.
   */
  notes?: readonly string[];
}

/**
 * What the fail-closed policy judged of a run, as data: every format states it, and none
 * judges, so that no two outputs of one run can disagree with each other or with the
 * exit code.
 */
export interface RunJudgement {
  /** The verdict every format states: the job's, or the policy's for a run made without a job. */
  verdict: Verdict;
  /** The rules whose findings fail the run, by the findings' severity: `every` rule, or those listed. */
  failingRules: Readonly<Record<Severity, 'every' | readonly RuleId[]>>;
  /** The changes of the run's diff that fail it (they count against its regression limit); none without one. */
  failingChanges: ReadonlySet<PolicyChange>;
}

/** What a findings format writes: a run and the judgement of it (see judgeFindingsResult). */
export interface FindingsResult extends FindingsRun {
  judgement: RunJudgement;
}

/** What every findings format is given beside the result. */
export interface FindingsFormatOptions {
  /** The rule catalogue: descriptions and rationale of every rule a finding may name. */
  rules: readonly RuleInfo[];
  /** ANSI colours; only formats meant for a terminal read it. */
  color: boolean;
  /** The most characters (UTF-16 code units) the Markdown may take; 65,536 when absent. */
  markdownLimit?: number;
  /** The most UTF-8 bytes the Markdown may take beside its characters (a step summary's); no limit when absent. */
  markdownBytes?: number;
  /** A file the same run writes that lists every item (its text or JSON output), which a capped format names. */
  completeOutput?: string;
}

/** A findings format: a check or gate result in, text out. It never writes files. */
export interface FindingsFormat {
  /** Its name in the registry and on the command line (`--format sarif`). */
  name: string;
  /** The file extension an `--output` of this format takes, without the dot. */
  extension: string;
  /** Other extensions that name this format in an output path. */
  otherExtensions?: readonly string[];
  /** The IANA media type of the text. */
  mediaType: string;
  /** One line for help text. */
  describe: string;
  /**
   * True when it points at the line and column of each finding (AnalysedSource.regions):
   * a run places its findings in their texts only when one of its formats does, as
   * placing reads every file with findings again.
   */
  placesFindings?: boolean;
  /**
   * True when it lists the figures of every category: a run over many files, which
   * otherwise keeps the figures of reports only, then keeps those of their categories.
   */
  listsCategories?: boolean;
  /** Writes the result; the text ends with a newline. */
  format(result: FindingsResult, options: FindingsFormatOptions): string;
  /**
   * The same text as `format`, in pieces made as they are written: for a format whose
   * text grows with the number of files past the longest string a JavaScript engine
   * holds (the JSON of a run over tens of thousands of files).
   */
  formatChunks?(result: FindingsResult, options: FindingsFormatOptions): Iterable<string>;
}
