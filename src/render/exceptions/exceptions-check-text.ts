import type { ExceptionOutcome, ExceptionsCheck, RiskException } from '../../model/exceptions.js';
import { terminalText } from '../../text/terminal-text.js';
import type { ExceptionsRenderer } from '../formats/output-format.js';
import { checkedText, countsText, daysLeftText, isAccepted, matchText, verdictText } from './exceptions-check-facts.js';

/** The ticket after the people, with its link where the run has a ticket URL template. */
function ticketText({ ticket, ticketUrl }: RiskException): string {
  if (ticket === undefined) return '';
  return ticketUrl === undefined ? `, ticket ${ticket}` : `, ticket ${ticket} ${ticketUrl}`;
}

function outcomeLines(outcome: ExceptionOutcome): string[] {
  const { exception } = outcome;
  const scope = [
    `policies ${exception.policies.join(', ')}`,
    `accounts ${exception.accounts.join(', ')}`,
    ...(exception.benchmark === undefined ? [] : [`benchmark ${exception.benchmark}`]),
    ...(exception.category === undefined ? [] : [`category ${exception.category}`]),
  ];
  return [
    `${exception.id}: ${outcome.state}, expires ${exception.expires} (${daysLeftText(outcome.daysLeft)})`,
    `  ${scope.join('; ')}`,
    `  owner ${exception.owner}, approved by ${exception.approvedBy} on ${exception.approved}${ticketText(exception)}`,
    `  reason: ${exception.reason}`,
    `  in ${exception.file} at ${exception.pointer}`,
    ...outcome.matches.map((match) => `  ${isAccepted(outcome, match) ? 'accepts' : 'matches'} ${matchText(match)}`),
  ];
}

/**
 * `exceptions check` as text for a person: what was checked, the counts by state, each
 * exception with its dates, people, reason and the policies it matches, then the verdict
 * and its reasons. Text from the files is shown safe for a terminal.
 */
export function renderExceptionsCheckText(result: ExceptionsCheck): string {
  const lines = [
    `Exceptions: ${checkedText(result)}`,
    `  ${countsText(result)}`,
    '',
    ...result.outcomes.flatMap((outcome) => [...outcomeLines(outcome), '']),
    `Verdict: ${verdictText(result)}`,
    ...result.verdict.reasons.map((reason) => `  - ${reason}`),
  ];
  return `${lines.map(terminalText).join('\n')}\n`;
}

/** The text writer of `exceptions check`. */
export const exceptionsCheckText: ExceptionsRenderer = {
  extension: 'txt',
  mediaType: 'text/plain; charset=utf-8',
  describe: 'text for a person',
  render: renderExceptionsCheckText,
};
