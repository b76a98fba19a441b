import type { AccountChange } from '../../../model/diff.js';
import { plural } from '../../../text/plural.js';
import { displayCount } from '../../display-values.js';
import { signed } from './diff-words.js';

/** The heading of the ranking of accounts in every format. */
export const accountsHeading = 'Accounts, worst first';

/** An account as a ranking names it: `Production (1234)`. */
export const accountText = (account: AccountChange): string => `${account.accountName} (${account.accountId})`;

/** `2 accepted (not counted)`: beside an account's figures, what exceptions left out of them; none without. */
function acceptedText(account: AccountChange): string[] {
  return account.accepted === undefined || account.accepted === 0
    ? []
    : [`${displayCount(account.accepted)} accepted (not counted)`];
}

/**
 * What became of an account, in words: `lost: only in the old input (2 reports)`, `compliance −3.2 points, 4
 * regressions`, and in a diff given exceptions how many the new scan accepts, left out of the figures.
 */
export function accountChangeText(account: AccountChange): string {
  if (account.status === 'lost') return `lost: only in the old input (${plural(account.lostReports, 'report')})`;
  if (account.status === 'added')
    return `added: only in the new input (${[
      plural(account.addedReports, 'report'),
      plural(account.regressions, 'failing policy', 'failing policies'),
      ...acceptedText(account),
    ].join(', ')})`;
  const parts = [
    account.percentDelta === null
      ? 'compliance n/a'
      : `compliance ${signed(account.percentDelta, 1)} points${account.compared > 1 ? ' (its worst benchmark)' : ''}`,
    plural(account.regressions, 'regression or new failure', 'regressions or new failures'),
    ...acceptedText(account),
    ...(account.lostReports > 0 ? [`${plural(account.lostReports, 'benchmark report')} lost`] : []),
    ...(account.addedReports > 0 ? [`${plural(account.addedReports, 'benchmark report')} added`] : []),
  ];
  return parts.join(', ');
}
