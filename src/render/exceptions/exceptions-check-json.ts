import type { ExceptionOutcome, ExceptionsCheck } from '../../model/exceptions.js';
import type { ExceptionsRenderer } from '../formats/output-format.js';
import { isAccepted, stateCounts, statesNotJudged } from './exceptions-check-facts.js';

function outcomeJson(outcome: ExceptionOutcome): Record<string, unknown> {
  const { file, pointer, ...exception } = outcome.exception;
  return {
    ...exception,
    state: outcome.state,
    daysLeft: outcome.daysLeft,
    file,
    pointer,
    matches: outcome.matches.map((match) => ({ ...match, accepted: isAccepted(outcome, match) })),
  };
}

/**
 * `exceptions check` as JSON for programs: the day, what was judged and what was not, the
 * files with their SHA-256, the counts by state, every exception with its state and
 * matches (each saying whether it is accepted), and the verdict with its exit code.
 */
export function renderExceptionsCheckJson(result: ExceptionsCheck): string {
  const json = {
    today: result.today,
    expiryWarningDays: result.expiryWarningDays,
    failOn: result.failOn,
    reports: result.reports,
    notJudged: statesNotJudged(result),
    files: result.files,
    counts: stateCounts(result),
    exceptions: result.outcomes.map(outcomeJson),
    verdict: result.verdict,
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

/** The JSON writer of `exceptions check`. */
export const exceptionsCheckJson: ExceptionsRenderer = {
  extension: 'json',
  mediaType: 'application/json',
  describe: 'JSON for programs',
  render: renderExceptionsCheckJson,
};
