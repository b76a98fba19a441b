import type { AnalysedSource } from '../../model/analysis.js';
import type { ExceptionMatch, ExceptionOutcome, ExceptionState, RiskException } from '../../model/exceptions.js';
// Red, Amber and any colour the service adds (it could be Red): the colours an exception can accept.
import { isFailingColour } from '../colour-rank.js';
import { dayNumber, dayOf } from '../../text/calendar-day.js';
import { exceptionScope, type ExceptionScope } from './exception-scope.js';

/** How exceptions are judged: on which day, and how near an expiry warns. */
export interface JudgeExceptionsOptions {
  /** The run's day (its UTC date); by default now. */
  today?: Date;
  /** An exception this many days or fewer from its expiry is `expiring`; by default 30. */
  expiryWarningDays?: number;
}

/** What exceptions are judged on: the reports of an analysis, or of one scan of a trend. */
export interface ScannedSources {
  sources: readonly Pick<AnalysedSource, 'source' | 'reports'>[];
}

/** The days before an expiry that a run warns of, when not given. */
export const defaultExpiryWarningDays = 30;

/**
 * What each exception does in a run: the policies of the analysis it names, and its state
 * on the run's day. An expired exception accepts nothing, so its policies fail again; an
 * exception that names only Green or Gray policies is unneeded, and one that names none is
 * unused. States are judged in that order: expired first, since an expired exception is
 * the one a run must name whatever it matches.
 *
 * @param exceptions every exception of the run, already validated (their dates are days)
 */
export function judgeExceptions(
  analysis: ScannedSources,
  exceptions: readonly RiskException[],
  options: JudgeExceptionsOptions = {},
): ExceptionOutcome[] {
  const today = dayOf(options.today ?? new Date());
  const warning = options.expiryWarningDays ?? defaultExpiryWarningDays;
  const scopes = exceptions.map(exceptionScope);
  const matches = exceptions.map((): ExceptionMatch[] => []);
  collectMatches(analysis, scopes, matches);
  return exceptions.map((exception, index) => {
    // Stryker disable next-line ArrayDeclaration: each exception has its list of matches; the fallback is for the type
    const found = matches[index] ?? [];
    const daysLeft = (dayNumber(exception.expires) ?? Number.NEGATIVE_INFINITY) - today;
    const failing = found.filter((match) => isFailingColour(match.compliance));
    const state = stateOf(daysLeft, warning, found.length, failing.length);
    return { exception, state, daysLeft, matches: found, accepted: state === 'expired' ? [] : failing };
  });
}

function stateOf(daysLeft: number, warning: number, matched: number, failing: number): ExceptionState {
  if (daysLeft < 0) return 'expired';
  if (matched === 0) return 'unused';
  if (failing === 0) return 'unneeded';
  return daysLeft <= warning ? 'expiring' : 'active';
}

/** Appends to `matches[i]` every policy of the analysis that exception `i` names. */
function collectMatches(
  analysis: ScannedSources,
  scopes: readonly ExceptionScope[],
  matches: ExceptionMatch[][],
): void {
  for (const { source, reports } of analysis.sources) {
    for (const { report, categories } of reports) {
      // Stryker disable next-line ArrayDeclaration: an index that names no scope covers no category, so matches nothing
      const covering = scopes.flatMap((scope, index) => (scope.coversReport(report) ? [index] : []));
      // Stryker disable next-line ConditionalExpression: a shortcut for reports no exception covers
      if (covering.length === 0) continue;
      for (const analysed of categories) {
        const { category, pointer } = analysed;
        // Stryker disable next-line OptionalChaining: every index of `covering` names a scope
        const here = covering.filter((index) => scopes[index]?.coversCategory(category) === true);
        // Stryker disable next-line ConditionalExpression: a shortcut for the categories no exception covers
        if (here.length === 0) continue;
        // A run that keeps only some policies (a figures-only gate) keeps those the exceptions name.
        const policies =
          analysed.keptPolicies === undefined ? category.Policies.entries() : analysed.keptPolicies.entries();
        for (const [policyIndex, policy] of policies) {
          for (const index of here) {
            // Stryker disable next-line OptionalChaining: every index of `here` names a scope and its list of matches
            if (!scopes[index]?.policies.has(policy.PolicyId)) continue;
            // Stryker disable next-line OptionalChaining: as above
            matches[index]?.push({
              source,
              pointer: `${pointer}/Policies/${policyIndex}`,
              policyId: policy.PolicyId,
              accountId: report.AccountId,
              accountName: report.AccountName,
              benchmarkId: report.BenchmarkId,
              compliance: policy.Compliance,
              severity: policy.Severity,
            });
          }
        }
      }
    }
  }
}
