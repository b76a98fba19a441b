import type { ExceptionOutcome, ExceptionsCheck } from '../../model/exceptions.js';
import { markdownLink, markdownText, tableRow } from '../findings/markdown-cell.js';
import type { ExceptionsRenderer } from '../formats/output-format.js';
import { checkedText, countsText, daysLeftText, isAccepted, matchText, verdictText } from './exceptions-check-facts.js';

const header = ['id', 'state', 'expires', 'owner', 'approved by', 'policies', 'accounts', 'reason', 'matches'];

function outcomeRow(outcome: ExceptionOutcome): string {
  const { exception } = outcome;
  const matches = outcome.matches.map(
    (match) => `${isAccepted(outcome, match) ? 'accepts' : 'matches'} ${matchText(match)}`,
  );
  const cells = [
    outcome.state,
    `${exception.expires} (${daysLeftText(outcome.daysLeft)})`,
    exception.owner,
    exception.approvedBy,
    exception.policies.join(', '),
    exception.accounts.join(', '),
    exception.reason,
  ].map((cell) => markdownText(cell));
  // The ticket shows beside the id where it can be a link; without a template the table is as it was.
  const id =
    exception.ticket === undefined || exception.ticketUrl === undefined
      ? markdownText(exception.id)
      : `${markdownText(exception.id)}<br>${markdownLink(exception.ticket, exception.ticketUrl)}`;
  return tableRow([
    id,
    ...cells,
    matches.length === 0 ? '—' : matches.map((match) => markdownText(match)).join('<br>'),
  ]);
}

/**
 * `exceptions check` as Markdown for a pull request or a ticket: the verdict as the
 * heading with its reasons, what was checked and the counts, then a table of the
 * exceptions. Text from the files is escaped, so that it cannot break the table.
 */
export function renderExceptionsCheckMarkdown(result: ExceptionsCheck): string {
  const lines = [
    `## Exceptions check: ${verdictText(result)}`,
    '',
    ...result.verdict.reasons.map((reason) => `- ${markdownText(reason)}`),
    ...(result.verdict.reasons.length === 0 ? [] : ['']),
    `${markdownText(checkedText(result))}: ${countsText(result)}.`,
    '',
    tableRow(header),
    tableRow(header.map(() => '---')),
    ...result.outcomes.map(outcomeRow),
  ];
  return `${lines.join('\n')}\n`;
}

/** The Markdown writer of `exceptions check`. */
export const exceptionsCheckMarkdown: ExceptionsRenderer = {
  extension: 'md',
  mediaType: 'text/markdown',
  describe: 'a Markdown summary and table',
  render: renderExceptionsCheckMarkdown,
};
