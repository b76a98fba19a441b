/*
 * The verdict of `cspm-report gate`: assertions from a rules file evaluated on the
 * analysed reports. Types only; src/gate/ computes them and the findings formats
 * (src/render/findings/) write them next to the check's findings.
 */

/** How much a failed assertion matters: `error` fails the gate (exit 3), `warn` is reported only. */
export type GateLevel = 'warn' | 'error';

/** One assertion after evaluation on one scope. */
export interface AssertionResult {
  /** The assertion's name from the rules file. */
  name: string;
  level: GateLevel;
  /** The metric measured (`compliancePercent`, `redPolicies`, …). */
  metric: string;
  passed: boolean;
  /** What was measured; null when nothing in the inputs matched the assertion's scope. */
  actual: number | string | null;
  /**
   * The measured value as a person reads it (`78.74%`, `3`, `Red`), rounded as messages
   * print it; outputs fall back to `actual` where it is absent.
   */
  actualText?: string;
  /** The bound as a person reads it: `>= 80`, `<= 0`, `Green`, `not Red`. */
  expected: string;
  /**
   * What the assertion was evaluated on, as a person reads it: `all inputs`, or a report
   * (`r.json › CISAWS140 › account 123456789012`), with a category or policy when scoped.
   */
  scope: string;
  /** The input file of the report evaluated, when the scope is one report. */
  source?: string;
  /** RFC 6901 pointer of the assertion inside the rules file (`/assertions/2`). */
  pointer: string;
  /** One sentence: what held or what failed, with actual and expected. */
  message: string;
  /** The preset (`cspm:recommended`) the assertion comes from, when the rules file extends one. */
  preset?: string;
}

/** The gate's verdict over one run. */
export interface GateResult {
  /** The rules file as given (a path, or the preset name when no file was given). */
  rulesFile: string;
  /** `fail` when an `error` assertion failed, `warn` when only `warn` ones did, else `pass`. */
  status: 'pass' | 'warn' | 'fail';
  /** Every assertion on every scope it was evaluated on, passing ones included, in rules-file order. */
  assertions: AssertionResult[];
}
