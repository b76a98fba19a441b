import type { DiffExceptions, LapsedAcceptance, PolicyChangeKind, UnpairedReport } from '../../model/diff.js';
import type { PolicyAcceptance, RiskException } from '../../model/exceptions.js';
import { severityRank } from '../../model/observed-values.js';
import type { BenchmarkReport, Policy, ResourceCategory } from '../../model/report.js';
import { dayNumber, dayOf } from '../../text/calendar-day.js';
import { isFailingColour } from '../colour-rank.js';
import { exceptionScope, type ExceptionScope } from '../exceptions/exception-scope.js';
import { defaultExpiryWarningDays } from '../exceptions/judge-exceptions.js';
import { isWorse } from './classify-change.js';

/** The exception a policy of a report is accepted under on a side's day, if any. */
export type PolicyAcceptor = (
  report: BenchmarkReport,
  category: ResourceCategory,
  policy: Policy,
) => PolicyAcceptance | undefined;

/** How a comparison judges its exceptions: the new side on the run's day, the old side on each scan's. */
export interface DiffAcceptance {
  /** Who accepts a policy of the new scan, on the run's day. */
  new: PolicyAcceptor;
  /** Who accepts a policy of the old scan, on the day that report was scanned. */
  old: PolicyAcceptor;
  /** The exception that accepted a policy in the old scan, as a lapsed one: expired by the run's day or not. */
  lapsed(acceptance: PolicyAcceptance): LapsedAcceptance;
}

/**
 * The day a report was scanned: its LastScannedDate when it states one that parses, else
 * the run's day (an old scan of unknown date is judged as the new one is).
 */
export function scanDay(report: BenchmarkReport, today: number): number {
  // Date.parse of '' is NaN, as of any text that is no date.
  // Stryker disable next-line StringLiteral: any other text that is no date parses to NaN as '' does
  const stated = Date.parse(report.LastScannedDate ?? '');
  return Number.isNaN(stated) ? today : dayOf(new Date(stated));
}

/**
 * The acceptance of a comparison's exceptions. A policy is accepted on a day by the first
 * exception (in the files' order) that covers it and has not expired by that day, and only
 * while it fails: as judgeExceptions sets policies apart, so that the diff and the
 * accepted risks it shows agree.
 */
export function diffAcceptance(judging: DiffExceptions): DiffAcceptance {
  const today = dayOf(judging.today);
  const warning = judging.expiryWarningDays ?? defaultExpiryWarningDays;
  const scopes = judging.exceptions.map((exception) => ({ exception, scope: exceptionScope(exception) }));
  const acceptorOn =
    (dayOfReport: (report: BenchmarkReport) => number): PolicyAcceptor =>
    (report, category, policy) => {
      if (!isFailingColour(policy.Compliance)) return undefined;
      const day = dayOfReport(report);
      const found = scopes.find(
        ({ exception, scope }) => daysLeft(exception, day) >= 0 && covers(scope, report, category, policy),
      );
      return found === undefined ? undefined : acceptanceOf(found.exception, daysLeft(found.exception, day), warning);
    };
  return {
    new: acceptorOn(() => today),
    old: acceptorOn((report) => scanDay(report, today)),
    lapsed: (acceptance) => ({
      id: acceptance.id,
      expires: acceptance.expires,
      owner: acceptance.owner,
      expired: (dayNumber(acceptance.expires) ?? Number.NEGATIVE_INFINITY) < today,
    }),
  };
}

function covers(scope: ExceptionScope, report: BenchmarkReport, category: ResourceCategory, policy: Policy): boolean {
  return scope.policies.has(policy.PolicyId) && scope.coversReport(report) && scope.coversCategory(category);
}

/** Days from `day` to the exception's last day: 0 on it, negative once expired (an unreadable date is expired). */
function daysLeft(exception: RiskException, day: number): number {
  return (dayNumber(exception.expires) ?? Number.NEGATIVE_INFINITY) - day;
}

function acceptanceOf(exception: RiskException, left: number, warning: number): PolicyAcceptance {
  return {
    id: exception.id,
    state: left <= warning ? 'expiring' : 'active',
    expires: exception.expires,
    daysLeft: left,
    reason: exception.reason,
    owner: exception.owner,
    approvedBy: exception.approvedBy,
    ...(exception.ticket === undefined ? {} : { ticket: exception.ticket }),
  };
}

/** A policy of one scan, where it is. */
export interface PolicyPlace {
  report: BenchmarkReport;
  category: ResourceCategory;
  policy: Policy;
}

/** A change as exceptions judge it: its kind (undefined: unchanged) and the acceptance that marks it. */
export interface JudgedChange {
  kind: PolicyChangeKind | undefined;
  accepted?: PolicyAcceptance;
  noLongerAccepted?: LapsedAcceptance;
}

/**
 * What exceptions make of a policy's change (`old` null for a policy of the new scan
 * only): a regression or new failure that the new scan accepts is marked accepted; a
 * policy that fails in the new scan, unaccepted, after the old scan accepted it (its
 * exception expired in between) is a regression whatever its colours, naming the
 * exception. Without exceptions, the kind as it was.
 */
export function judgeChange(
  kind: PolicyChangeKind | undefined,
  old: PolicyPlace | null,
  next: PolicyPlace,
  acceptance: DiffAcceptance | undefined,
): JudgedChange {
  if (acceptance === undefined) return { kind };
  const accepted = acceptance.new(next.report, next.category, next.policy);
  if (accepted !== undefined) return isWorse(kind) ? { kind, accepted } : { kind };
  const before = old === null ? undefined : acceptance.old(old.report, old.category, old.policy);
  if (before === undefined || !isFailingColour(next.policy.Compliance)) return { kind };
  return { kind: 'regression', noLongerAccepted: acceptance.lapsed(before) };
}

/**
 * A report only the new scan has, its failing policies split: those the new scan accepts
 * move from `failing` to `accepted` (by Severity, worst first), so that they are listed and
 * not counted as new failures.
 */
export function withAcceptedPolicies(
  unpaired: UnpairedReport,
  report: BenchmarkReport,
  acceptor: PolicyAcceptor,
): UnpairedReport {
  const accepted = new Map<string, number>();
  for (const category of report.ResourceCategories)
    for (const policy of category.Policies)
      if (acceptor(report, category, policy) !== undefined)
        accepted.set(policy.Severity, (accepted.get(policy.Severity) ?? 0) + 1);
  const failing = unpaired.failing
    .map(({ severity, count }) => ({ severity, count: count - (accepted.get(severity) ?? 0) }))
    .filter(({ count }) => count > 0);
  const acceptedList = [...accepted]
    .map(([severity, count]) => ({ severity, count }))
    .sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
  return { ...unpaired, failing, accepted: acceptedList };
}
