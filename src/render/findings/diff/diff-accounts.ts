import type { AccountChange } from '../../../model/diff.js';
import { plural } from '../../../text/plural.js';
import { signed } from './diff-words.js';

/** The heading of the ranking of accounts in every format. */
export const accountsHeading = 'Accounts, worst first';

/** An account as a ranking names it: `Production (1234)`. */
export const accountText = (account: AccountChange): string => `${account.accountName} (${account.accountId})`;

/**
 * What became of an account, in words: `lost: only in the old input (2 reports)`, `compliance −3.2 points, 4
 * regressions`.
 */
export function accountChangeText(account: AccountChange): string {
  if (account.status === 'lost') return `lost: only in the old input (${plural(account.lostReports, 'report')})`;
  if (account.status === 'added')
    return `added: only in the new input (${plural(account.addedReports, 'report')}, ${plural(account.regressions, 'failing policy', 'failing policies')})`;
  const parts = [
    account.percentDelta === null
      ? 'compliance n/a'
      : `compliance ${signed(account.percentDelta, 1)} points${account.compared > 1 ? ' (its worst benchmark)' : ''}`,
    plural(account.regressions, 'regression or new failure', 'regressions or new failures'),
    ...(account.lostReports > 0 ? [`${plural(account.lostReports, 'benchmark report')} lost`] : []),
    ...(account.addedReports > 0 ? [`${plural(account.addedReports, 'benchmark report')} added`] : []),
  ];
  return parts.join(', ');
}
