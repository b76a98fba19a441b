import type { AnalysedCategory, PercentFormula } from '../model/analysis.js';
import type { ReportDiff } from '../model/diff.js';
import type { ExceptionMatch, ExceptionOutcome } from '../model/exceptions.js';
import type { GateAssertion } from '../model/gate-rules.js';
import type { SourcedReport } from './select-reports.js';

/** Keys of an assertion that some metrics read and others refuse. */
export type MetricKey =
  'min' | 'max' | 'severity' | 'category' | 'policy' | 'mustBe' | 'mustNotBe' | 'allowNewFailures' | 'allowRemoved';

/** One report in an assertion's scope, narrowed to the assertion's category when it names one. */
export interface ScopedReport extends SourcedReport {
  /**
   * The categories in scope: the named one(s), or every category of the report (as far as the run kept them: see
   * `whole`).
   */
  categories: readonly AnalysedCategory[];
  /**
   * True when the scope is the whole report (the assertion names no category): its
   * figures are then the report's own, whatever categories the run kept. When absent,
   * the scope is whole when it holds every category of the report.
   */
  whole?: boolean;
  /** The report compared with its scan in the gate's baseline, when there is one that pairs with it. */
  diff?: ReportDiff;
  /** The policies in scope that an exception in force accepts: the colour counts leave them out. */
  accepted?: readonly ExceptionMatch[];
}

/** What a gate knows of the run beyond its reports: what its exceptions did. */
export interface RunFacts {
  /** Every exception of the run and its state (none when the run was given none). */
  exceptions: readonly ExceptionOutcome[];
}

/** What a metric measured over its scope. */
export interface Measurement {
  /** The value; null when the scope holds nothing to measure (then `none` says why). */
  value: number | string | null;
  none?: string;
  /**
   * What the value counts, for the message (the expired exceptions, their days and owners); absent when it speaks for
   * itself.
   */
  detail?: string;
}

/**
 * A gate metric: one file in src/gate/metrics/ and one line in the registry there.
 * It measures a set of reports (one for `aggregate: each`, every matching one for
 * `all`) from the analysis's recomputed figures, never from the reports' stated totals.
 */
export interface GateMetric {
  /** One line for the README and error messages. */
  describe: string;
  /** How values compare: numbers against min/max, or colours against mustBe/mustNotBe. */
  bound: 'number' | 'colour';
  /** The keys of an assertion this metric reads besides the bound; any other is refused. */
  reads: readonly MetricKey[];
  /**
   * What `severity` means to it, when it reads one: a policy's Severity (Critical …
   * VeryLow, any letter case, read as the observed spelling) or a finding's (error,
   * warning). Anything else is refused: a misspelt severity would select nothing and
   * pass.
   */
  severity?: 'policy' | 'finding';
  /**
   * Whether `severity` selects that severity alone (the colour counts) or it and every
   * worse one (regressions and findings, as `--fail-on-regression` and `--fail-on`
   * count): messages say which, so that a count is never read against the wrong scope.
   */
  severityRange?: 'only' | 'or-worse';
  /**
   * True for a metric that compares with an older scan (`gate --baseline`): without
   * one, a rules file that uses it is refused rather than measured as nothing.
   */
  baseline?: boolean;
  /** Printed after a number (`%`), or nothing for counts. */
  unit: string;
  /**
   * True for a metric of the run, not of its reports (the exceptions' states): it is
   * measured once, whatever the assertion's aggregate, and takes no match.
   */
  ofRun?: true;
  /** Measures the reports in the assertion's scope; the gate compares the value with the assertion's bound. */
  measure(
    reports: readonly ScopedReport[],
    assertion: GateAssertion,
    formula: PercentFormula,
    run: RunFacts,
  ): Measurement;
}

/** True when the scope is the whole report (see ScopedReport.whole). */
export function isWholeReport(scoped: ScopedReport): boolean {
  return scoped.whole ?? scoped.categories.length === scoped.report.categories.length;
}

/** True when the scope holds a category: a report of none leaves nothing to measure. */
export function scopeHasCategory(scoped: ScopedReport): boolean {
  return scoped.whole === true
    ? (scoped.report.categoryCount ?? scoped.report.categories.length) > 0
    : scoped.categories.length > 0;
}
