import type { Severity } from '../../../model/finding.js';
import { CspmError } from '../../../error/cspm-error.js';

/**
 * GitHub code scanning rejects a run of more than 25,000 results ("SARIF results exceed
 * hard limit" in GitHub's documentation of SARIF support). Rules per run have the same
 * limit, which the catalogue and the gate's metrics stay far below.
 */
export const maxResultsPerRun = 25_000;

/**
 * Of a run's results, GitHub code scanning keeps and shows the 5,000 with the highest
 * `security-severity` (its rules'), and drops the rest ("SARIF results exceed soft
 * limits" in GitHub's documentation).
 */
export const githubKeptResults = 5_000;

/**
 * The results a log of failing policies or regressions holds unless told otherwise:
 * fewer than GitHub keeps, so that GitHub chooses none of them, and no more than the
 * 1,000 results and 1,000 rules of a run that sarif-multitool's GitHub ingestion rule
 * GH1004 (ReviewArraysThatExceedConfigurableDefaults) accepts.
 */
export const defaultPolicyResults = 1_000;

/**
 * `maxResults` when it is a whole number from 1 to {@link maxResultsPerRun}; else a
 * usage error, as a library caller asked for a log GitHub refuses or holds nothing.
 */
export function checkedResultLimit(maxResults: number): number {
  if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > maxResultsPerRun) {
    throw new CspmError(
      'usage',
      `maxResults takes a whole number from 1 to ${maxResultsPerRun.toLocaleString('en-US')}, not ${String(maxResults)}`,
      { data: { option: 'maxResults', value: String(maxResults) } },
    );
  }
  return maxResults;
}

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
  return {
    gate: keptGate,
    errors,
    warnings,
    omittedGate: gate - keptGate,
    omittedErrors: counts.error - errors,
    omittedWarnings: counts.warning - warnings,
  };
}

/** Results the budget leaves out, in all. */
export function omittedResults(budget: ResultBudget): number {
  return budget.omittedGate + budget.omittedErrors + budget.omittedWarnings;
}

/** The candidates a capped run keeps, worst first, and how many of each rank it leaves out. */
export interface KeptResults {
  /** Positions of the kept candidates, the lowest rank first, ties in input order. */
  kept: Uint32Array;
  /** Candidates left out, by rank. */
  omittedByRank: number[];
}

/**
 * Keeps at most `max` candidates of ranks 0 (worst) to `rankCount - 1`, the worst first
 * and ties in input order, so that a capped run never keeps a Low while it leaves a
 * Critical out. A counting sort: the ranks are few and the candidates may be hundreds
 * of thousands, which a comparison sort would spend more time on than the writing.
 */
export function keepWorst(ranks: Uint8Array, rankCount: number, max: number): KeptResults {
  const counts = new Array<number>(rankCount).fill(0);
  for (const rank of ranks) counts[rank] = (counts[rank] as number) + 1;
  const starts: number[] = [];
  const keptByRank: number[] = [];
  let total = 0;
  for (const count of counts) {
    starts.push(total);
    const kept = Math.max(0, Math.min(count, max - total));
    keptByRank.push(kept);
    total += kept;
  }
  const kept = new Uint32Array(total);
  const filled = new Array<number>(rankCount).fill(0);
  for (let index = 0; index < ranks.length; index += 1) {
    const rank = ranks[index] as number;
    const at = filled[rank] as number;
    if (at >= (keptByRank[rank] as number)) continue;
    kept[(starts[rank] as number) + at] = index;
    filled[rank] = at + 1;
  }
  return { kept, omittedByRank: counts.map((count, rank) => count - (keptByRank[rank] as number)) };
}
