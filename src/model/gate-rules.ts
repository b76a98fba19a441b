/*
 * A gate rules file after loading: every assertion with its defaults filled in and
 * the presets it extends expanded. Types only; src/gate/ reads and evaluates them.
 */
import type { GateLevel } from './gate.js';

/** Globs on report fields; a report is in scope when every one given matches. */
export interface ReportMatch {
  ConnectorType?: string;
  BenchmarkId?: string;
  AccountName?: string;
}

/** How an assertion treats several reports in scope. */
export type GateAggregate = 'each' | 'all';

/** One assertion, ready to evaluate. */
export interface GateAssertion {
  name: string;
  level: GateLevel;
  /** A metric of the registry in src/gate/metrics/ (`compliancePercent`, `policy`, …). */
  metric: string;
  min?: number;
  max?: number;
  /** Policy Severity for the policy-count metrics; finding severity for `findings`. */
  severity?: string;
  /** A resource category by CategoryName or CategoryId. */
  category?: string;
  /** A PolicyId, for the `policy` metric. */
  policy?: string;
  mustBe?: string;
  mustNotBe?: string;
  /** `regressions`: leave out new failures (failing now, Gray or not there before). */
  allowNewFailures?: boolean;
  /** `regressions`: leave out policies the later scan lost. */
  allowRemoved?: boolean;
  match?: ReportMatch;
  aggregate: GateAggregate;
  /** Pass, rather than fail, when the scope selects nothing. */
  allowNoMatch: boolean;
  /** RFC 6901 pointer of the assertion in the rules file; `/extends…` for a preset's. */
  pointer: string;
  /** The preset the assertion comes from, if any. */
  preset?: string;
}

/** A loaded rules file. */
export interface GateRules {
  /** The rules file as given: a path, a name, or a preset name. */
  file: string;
  assertions: GateAssertion[];
}
