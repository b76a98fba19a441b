import type { LapsedAcceptance } from '../model/diff.js';
import type { PolicyAcceptance } from '../model/exceptions.js';
import type { Policy } from '../model/report.js';
import type { AcceptedRisksView, AcceptedRiskView, ReportView } from '../model/view-model.js';
import { plural } from '../text/plural.js';
import { displayCount } from './display-values.js';

/**
 * What the documents for a person (HTML, PDF, XLSX) write beside an accepted policy and
 * beside a compliance figure, in one wording, so that the formats agree.
 */

const byReport = new WeakMap<ReportView, ReadonlyMap<Policy, PolicyAcceptance>>();
const none: ReadonlyMap<Policy, PolicyAcceptance> = new Map();

/**
 * The report's accepted policies by the policy object the tables list: the view keys them
 * by their pointer in the input, which a table row does not carry. Built once per report,
 * from the accepted pointers alone (a report can hold 300,000 policies, a handful accepted).
 */
export function acceptedPoliciesOf(report: ReportView): ReadonlyMap<Policy, PolicyAcceptance> {
  if (report.accepted === undefined || report.accepted.size === 0) return none;
  const known = byReport.get(report);
  if (known !== undefined) return known;
  const found = new Map<Policy, PolicyAcceptance>();
  const prefix = `${report.pointer}/ResourceCategories/`;
  for (const [pointer, acceptance] of report.accepted) {
    if (!pointer.startsWith(prefix)) continue;
    const [category, word, policy] = pointer.slice(prefix.length).split('/');
    if (word !== 'Policies') continue;
    const listed = report.categories[Number(category)]?.policies[Number(policy)];
    if (listed !== undefined) found.set(listed, acceptance);
  }
  byReport.set(report, found);
  return found;
}

/**
 * `accepted · EXC-1, until 2027-03-31`, with the days left once it is expiring: what a
 * policy row shows beside its colour.
 */
export function acceptanceText(acceptance: PolicyAcceptance): string {
  const base = `accepted · ${acceptance.id}, until ${acceptance.expires}`;
  if (acceptance.state !== 'expiring') return base;
  return `${base} (${acceptance.daysLeft === 0 ? 'last day' : `${plural(acceptance.daysLeft, 'day')} left`})`;
}

/**
 * `EXC-2 expired 2024-03-14, owner platform@example.com: no longer accepted`: what a
 * change shows whose exception accepted the policy in the old scan and no longer does (it
 * expired in between, or no longer covers the policy), so that it reads as failing again.
 */
export function lapsedAcceptanceText(lapsed: LapsedAcceptance): string {
  return lapsed.expired
    ? `${lapsed.id} expired ${lapsed.expires}, owner ${lapsed.owner}: no longer accepted`
    : `${lapsed.id} (until ${lapsed.expires}, owner ${lapsed.owner}) no longer covers it: no longer accepted`;
}

/** `1 policy accepted`: the count set apart beside a figure as scanned. */
export function acceptedCountText(count: number): string {
  return `${plural(count, 'policy', 'policies')} accepted`;
}

/** `24.9% as scanned; 1 policy accepted`: a compliance figure both ways, as every document gives it. */
export function bothWaysText(percentText: string, accepted: number): string {
  return `${percentText} as scanned; ${acceptedCountText(accepted)}`;
}

/** The policies of a report accepted in force: 0 without exceptions. */
export function acceptedCount(report: ReportView): number {
  return report.accepted?.size ?? 0;
}

/**
 * An exception's policies as a list reads them: `VMDiskEncryption (Contoso Production)`
 * (those failing again once expired), or the ids it names when it accepts none.
 */
export function acceptedPoliciesText(risk: AcceptedRiskView): string {
  const shown = risk.state === 'expired' ? risk.failingAgain : risk.accepted;
  if (shown.length === 0) return risk.policies.join(', ');
  return shown.map((policy) => `${policy.policyId} (${policy.accountName})`).join(', ');
}

/** The expiry as a reader a year later needs it: the date and the days from the day it was judged. */
export function expiryText(risk: AcceptedRiskView): string {
  if (risk.daysLeft < 0) return `${risk.expires} (${plural(-risk.daysLeft, 'day')} ago)`;
  if (risk.daysLeft === 0) return `${risk.expires} (last day)`;
  return `${risk.expires} (${plural(risk.daysLeft, 'day')} left)`;
}

/** A one-line account of the section: `1 policy accepted · 1 active · 1 expired · 1 unused`, zero states left out. */
export function acceptedRisksSummary(risks: AcceptedRisksView): string {
  const { counts } = risks;
  const states = (['active', 'expiring', 'expired', 'unused', 'unneeded'] as const)
    .filter((state) => counts[state] > 0)
    .map((state) => `${displayCount(counts[state])} ${state}`);
  return [acceptedCountText(counts.acceptedPolicies), ...states].join(' · ');
}

/** A policy's colour as scanned, then its acceptance when an exception accepts it: `Red, accepted · EXC-1, …`. */
export function complianceText(policy: Policy, accepted: ReadonlyMap<Policy, PolicyAcceptance>): string {
  const acceptance = accepted.size === 0 ? undefined : accepted.get(policy);
  return acceptance === undefined ? policy.Compliance : `${policy.Compliance}, ${acceptanceText(acceptance)}`;
}
