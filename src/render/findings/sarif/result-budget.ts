import type { Severity } from '../../../model/finding.js';

/**
 * GitHub code scanning rejects a run of more than 25,000 results ("SARIF results exceed
 * hard limit" in GitHub's documentation of SARIF support). Rules per run have the same
 * limit, which the catalogue and the gate's metrics stay far below.
 */
export const maxResultsPerRun = 25_000;

/** How many results of each kind a run writes, and how many it leaves out. */
export interface ResultBudget {
  gate: number;
  errors: number;
  warnings: number;
  omittedGate: number;
  omittedErrors: number;
  omittedWarnings: number;
}

/**
 * Shares the run's results between failed gate assertions (the verdict, first), error
 * findings and then warnings, so that a capped run keeps the worst problems. GitHub
 * too shows the top results by severity when a run holds more than it displays.
 */
export function planResults(gate: number, counts: Record<Severity, number>, max = maxResultsPerRun): ResultBudget {
  const keptGate = Math.min(gate, max);
  const errors = Math.min(counts.error, max - keptGate);
  const warnings = Math.min(counts.warning, max - keptGate - errors);
  return { gate: keptGate, errors, warnings, omittedGate: gate - keptGate, omittedErrors: counts.error - errors, omittedWarnings: counts.warning - warnings };
}

/** Results the budget leaves out, in all. */
export function omittedResults(budget: ResultBudget): number {
  return budget.omittedGate + budget.omittedErrors + budget.omittedWarnings;
}
