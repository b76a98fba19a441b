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
    // Accounts are keyed by id: two are never equal.
    // Stryker disable next-line EqualityOperator: `<=` is the same on ids that never are equal
    (a.accountId < b.accountId ? -1 : 1)
  );
}

/** The changes of a compared report that the new scan accepts: listed, never counted as regressions. */
const acceptedOf = (report: ReportDiff): number =>
  report.changes.reduce((sum, change) => sum + (change.accepted === undefined ? 0 : 1), 0);

/**
 * Every account of a comparison, ranked worst first; undefined when the inputs hold
 * one account or none (a comparison of one account has nothing to rank, and its output
 * stays as it was). `oldLeft` and `newLeft` are the reports no report of the other
 * input pairs with.
 *
 * A comparison given exceptions passes `newAccepted`: the failing policies the new scan
 * accepts of each report of `newLeft`, in its order. Then what the new scan accepts is
 * left out of each account's regressions, as the verdict leaves it out, so that the
 * ranking and the verdict agree, and is counted beside them in `accepted`.
 */
export function rankAccounts(
  reports: readonly ReportDiff[],
  oldLeft: readonly SideReport[],
  newLeft: readonly SideReport[],
  newAccepted?: readonly number[],
): AccountChange[] | undefined {
  const accounts = new Map<string, AccountChange>();
  const accountOf = (accountId: string, accountName: string): AccountChange => {
    let account = accounts.get(accountId);
    if (account === undefined) {
      account = blank(accountId, accountName);
      if (newAccepted !== undefined) account.accepted = 0;
      accounts.set(accountId, account);
    }
    return account;
  };
  for (const report of reports) {
    const account = accountOf(report.accountId, report.accountName);
    account.compared += 1;
    const accepted = acceptedOf(report);
    account.regressions += report.counts.regression + report.counts['new-failure'] - accepted;
    if (account.accepted !== undefined) account.accepted += accepted;
    const delta = report.overall.percentDelta;
    if (delta !== null) account.percentDelta = Math.min(delta, account.percentDelta ?? delta);
  }
  for (const entry of oldLeft)
    accountOf(entry.analysed.report.AccountId, entry.analysed.report.AccountName).lostReports += 1;
  newLeft.forEach((entry, at) => {
    const account = accountOf(entry.analysed.report.AccountId, entry.analysed.report.AccountName);
    const accepted = newAccepted?.[at] ?? 0;
    account.addedReports += 1;
    account.regressions += failingOf(entry) - accepted;
    if (account.accepted !== undefined) account.accepted += accepted;
  });
  if (accounts.size < 2) return undefined;
  for (const account of accounts.values()) {
    if (account.compared === 0) account.status = account.lostReports > 0 ? 'lost' : 'added';
  }
  return [...accounts.values()].sort(worstFirst);
}
