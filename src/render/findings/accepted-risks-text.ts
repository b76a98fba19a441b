import type { Analysis } from '../../model/analysis.js';
import type { AcceptedRisks } from '../../model/exceptions.js';
import { terminalText } from '../../text/terminal-text.js';
import {
  acceptedPolicies,
  accountText,
  daysLeftText,
  describeAcceptedRisks,
  describeOutcome,
  failingBothWays,
  namedStates,
  outcomesIn,
} from './accepted-risks.js';

/** Paints a text for a terminal (ANSI SGR `code`), or leaves it as it is. */
type Paint = (code: string, text: string) => string;

/**
 * The run's accepted risks as the text format's lines: a heading that counts them, each
 * exceptions file with its SHA-256, the failing policies both ways, each accepted policy
 * (with its account, exception, owner and expiry), then each exception expired, expiring,
 * unused or unneeded with its file and pointer. The text lists every one: it is the
 * run's complete output.
 */
export function* acceptedRiskLines(analysis: Analysis, risks: AcceptedRisks, paint: Paint): Generator<string> {
  yield `${paint('1', 'accepted risks')}: ${terminalText(describeAcceptedRisks(risks))}`;
  for (const file of risks.files)
    yield `  ${paint('2', 'file    ')}  ${terminalText(file.path)}  sha256 ${file.sha256}  ${terminalText(file.ids.join(', '))}`;
  yield `  ${paint('2', 'figures ')}  ${failingBothWays(analysis, risks)}`;
  for (const { match, outcome } of acceptedPolicies(risks)) {
    const { exception, daysLeft } = outcome;
    yield (
      `  ${paint('36', 'accepted')}  ${terminalText(match.policyId)} (${terminalText(match.severity)} ${terminalText(match.compliance)})` +
      `  ${terminalText(accountText(match))}  ${terminalText(exception.id)}, owner ${terminalText(exception.owner)},` +
      ` expires ${exception.expires} (${daysLeftText(daysLeft)})` +
      // The ticket is named where it can be followed: with a ticket URL template.
      (exception.ticket === undefined || exception.ticketUrl === undefined
        ? ''
        : `, ticket ${terminalText(exception.ticket)} ${terminalText(exception.ticketUrl)}`)
    );
  }
  for (const state of namedStates) {
    const colour = state === 'expired' ? '31' : '33';
    for (const outcome of outcomesIn(risks, state))
      yield `  ${paint(colour, state.padEnd(8))}  ${terminalText(describeOutcome(outcome))}`;
  }
}
