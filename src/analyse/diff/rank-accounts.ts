import type { AccountChange, ReportDiff } from '../../model/diff.js';
import type { SideReport } from './pair-reports.js';

const blank = (accountId: string, accountName: string): AccountChange => ({
  accountId,
  accountName,
  status: 'compared',
  compared: 0,
  lostReports: 0,
  addedReports: 0,
  percentDelta: null,
  regressions: 0,
});

/** Failing policies of a report: Red, Amber, and of a colour outside the observed set. */
const failingOf = ({ analysed }: SideReport): number =>
  analysed.figures.red + analysed.figures.amber + analysed.figures.other;

/**
 * The tier of an account in the ranking, worst first. What cannot be compared ranks
 * above every fall in percent, so that a lost account or report never makes the
 * comparison look better: lost accounts, accounts that lost a benchmark report,
 * changes of no figure, falls and rises, then added accounts.
 */
function tierOf(account: AccountChange): number {
  if (account.status === 'lost') return 0;
  if (account.status === 'added') return 4;
  if (account.lostReports > 0) return 1;
  return account.percentDelta === null ? 2 : 3;
}

function worstFirst(a: AccountChange, b: AccountChange): number {
  return (
    tierOf(a) - tierOf(b) ||
    (a.percentDelta ?? 0) - (b.percentDelta ?? 0) ||
    b.regressions - a.regressions ||
    b.lostReports - a.lostReports ||
    (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0)
  );
}

/**
 * Every account of a comparison, ranked worst first; undefined when the inputs hold
 * one account or none (a comparison of one account has nothing to rank, and its output
 * stays as it was). `oldLeft` and `newLeft` are the reports no report of the other
 * input pairs with.
 */
export function rankAccounts(
  reports: readonly ReportDiff[],
  oldLeft: readonly SideReport[],
  newLeft: readonly SideReport[],
): AccountChange[] | undefined {
  const accounts = new Map<string, AccountChange>();
  const accountOf = (accountId: string, accountName: string): AccountChange => {
    let account = accounts.get(accountId);
    if (account === undefined) {
      account = blank(accountId, accountName);
      accounts.set(accountId, account);
    }
    return account;
  };
  for (const report of reports) {
    const account = accountOf(report.accountId, report.accountName);
    account.compared += 1;
    account.regressions += report.counts.regression + report.counts['new-failure'];
    const delta = report.overall.percentDelta;
    if (delta !== null && (account.percentDelta === null || delta < account.percentDelta)) account.percentDelta = delta;
  }
  for (const entry of oldLeft)
    accountOf(entry.analysed.report.AccountId, entry.analysed.report.AccountName).lostReports += 1;
  for (const entry of newLeft) {
    const account = accountOf(entry.analysed.report.AccountId, entry.analysed.report.AccountName);
    account.addedReports += 1;
    account.regressions += failingOf(entry);
  }
  if (accounts.size < 2) return undefined;
  for (const account of accounts.values()) {
    if (account.compared === 0) account.status = account.lostReports > 0 ? 'lost' : 'added';
  }
  return [...accounts.values()].sort(worstFirst);
}
