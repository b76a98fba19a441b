import type { Analysis } from '../../model/analysis.js';
import type { AcceptedRisks, ExceptionOutcome } from '../../model/exceptions.js';
import { displayCount } from '../../text/display-count.js';
import { plural } from '../../text/plural.js';
import {
  acceptedPolicies,
  accountText,
  daysLeftText,
  describeAcceptedRisks,
  describeOutcome,
  failingBothWays,
  namedStates,
  outcomesIn,
  type AcceptedPolicy,
} from './accepted-risks.js';
import type { MarkdownBudget } from './markdown-budget.js';
import { markdownLink, markdownText, tableRow } from './markdown-cell.js';
import type { MarkdownList } from './markdown-list.js';

/** The lists a run with exceptions adds to the Markdown: the exceptions to look at, and the accepted policies. */
export const acceptedRiskListCount = 2;

/**
 * Exceptions files the summary names, and the characters of its texts: the summary is
 * kept whole, so it stays small enough beside the verdict's heading for the smallest limit
 * (markdownLimitRange.min), however escaped. The rest is counted; the json format lists it all.
 */
const maxFiles = 3;
const maxSummaryCharacters = 300;
const maxPathCharacters = 100;

/**
 * The accepted risks' summary, kept whole however small the limit: what was accepted and
 * which exceptions expired or went unused, the failing policies both ways, and each
 * exceptions file with its SHA-256.
 */
export function acceptedRiskSummary(analysis: Analysis, risks: AcceptedRisks, out: MarkdownBudget): void {
  out.force('');
  out.force('### Accepted risks');
  out.force('');
  out.force(`${markdownText(describeAcceptedRisks(risks), maxSummaryCharacters)}  `);
  out.force(`${markdownText(failingBothWays(analysis, risks))}  `);
  for (const file of risks.files.slice(0, maxFiles))
    out.force(`Exceptions file ${markdownText(file.path, maxPathCharacters)}: SHA-256 \`${file.sha256}\`  `);
  if (risks.files.length > maxFiles)
    out.force(`_and ${plural(risks.files.length - maxFiles, 'more exceptions file')}; the json format lists them all_`);
}

/** The exceptions a reader must act on, the expired first: expired, expiring, unused, unneeded. */
export function exceptionStateList(risks: AcceptedRisks): MarkdownList<ExceptionOutcome> {
  return {
    heading: 'Exceptions to look at, expired first',
    columns: ['State', 'Exception', 'Expires', 'Owner', 'What it means'],
    items: namedStates.flatMap((state) => outcomesIn(risks, state)),
    line: (outcome) =>
      tableRow([
        outcome.state === 'expired' ? '❌ expired' : `⚠️ ${outcome.state}`,
        markdownText(outcome.exception.id, 200),
        `${outcome.exception.expires} (${daysLeftText(outcome.daysLeft)})`,
        markdownText(outcome.exception.owner, 200),
        markdownText(describeOutcome(outcome)),
      ]),
    noun: ['exception', 'exceptions'],
  };
}

/** An exception's id, and its ticket as a link where the run has a ticket URL template. */
function exceptionCell({ exception }: ExceptionOutcome): string {
  const id = markdownText(exception.id, 200);
  if (exception.ticket === undefined || exception.ticketUrl === undefined) return id;
  return `${id} (${markdownLink(exception.ticket, exception.ticketUrl, 200)})`;
}

/** The accepted policies, in the order of the exceptions that accept them. */
export function acceptedPolicyList(risks: AcceptedRisks): MarkdownList<AcceptedPolicy> {
  return {
    heading: 'Accepted policies (set apart, colour as scanned)',
    columns: ['Policy', 'Severity', 'Colour', 'Account', 'Exception', 'Owner', 'Expires', 'Days left'],
    items: acceptedPolicies(risks),
    line: ({ match, outcome }) =>
      tableRow([
        markdownText(match.policyId, 200),
        markdownText(match.severity, 50),
        markdownText(match.compliance, 50),
        markdownText(accountText(match), 200),
        exceptionCell(outcome),
        markdownText(outcome.exception.owner, 200),
        outcome.exception.expires,
        displayCount(outcome.daysLeft),
      ]),
    noun: ['accepted policy', 'accepted policies'],
  };
}
