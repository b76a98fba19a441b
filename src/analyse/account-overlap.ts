import type { AnalysedReport } from '../model/analysis.js';

/** An account with several benchmark reports, and how many of their policies are the same check. */
export interface AccountOverlap {
  accountId: string;
  accountName: string;
  /** Benchmark reports of the account. */
  reports: number;
  /** Policies of those reports, each report's counted (what the roll-up sums). */
  policies: number;
  /** Distinct PolicyIds among them: what the account holds once each. */
  distinctPolicies: number;
}

/**
 * The accounts whose benchmark reports share policies. The service maps one check
 * (one PolicyId) into every benchmark that asks for it, so an account scanned against
 * CSBP, CIS and PCI holds the same policy up to three times. The roll-up sums benchmark
 * reports as they are (see rollUpReports), counting such a policy once per benchmark;
 * this is what the documents say beside it. Only accounts with more than one report
 * and at least one PolicyId in two of them; reports of one account are told by AccountId.
 */
export function accountOverlaps(reports: readonly AnalysedReport[]): AccountOverlap[] {
  const byAccount = new Map<string, { name: string; reports: number; policies: number; ids: Set<string> }>();
  for (const { report, categories } of reports) {
    let entry = byAccount.get(report.AccountId);
    if (!entry) {
      entry = { name: report.AccountName, reports: 0, policies: 0, ids: new Set() };
      byAccount.set(report.AccountId, entry);
    }
    entry.reports += 1;
    for (const { category } of categories) {
      for (const policy of category.Policies) {
        entry.policies += 1;
        entry.ids.add(policy.PolicyId);
      }
    }
  }
  const overlaps: AccountOverlap[] = [];
  for (const [accountId, entry] of byAccount) {
    if (entry.reports > 1 && entry.ids.size < entry.policies) {
      overlaps.push({
        accountId,
        accountName: entry.name,
        reports: entry.reports,
        policies: entry.policies,
        distinctPolicies: entry.ids.size,
      });
    }
  }
  return overlaps;
}
