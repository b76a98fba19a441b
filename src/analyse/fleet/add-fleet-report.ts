import type { AnalysedReport, Analysis, PercentFormula } from '../../model/analysis.js';
import type { AcceptedRisks } from '../../model/exceptions.js';
import type { FleetAccount, FleetFigures, FleetPolicy } from '../../model/fleet.js';
import type { Policy } from '../../model/report.js';
import { isFailingColour } from '../colour-rank.js';
import { defaultPercentFormula, definedPercent } from '../percent-formulas.js';
import { redWeight } from '../severity-rank.js';
import { fleetAcceptedRisks } from './fleet-accepted.js';

/** The key of a policy in `FleetFigures.policies`: its benchmark and id, which no text can run together. */
export function fleetPolicyKey(benchmarkId: string, policyId: string): string {
  return JSON.stringify([benchmarkId, policyId]);
}

/** An empty fleet, whose percents follow `percentFormula` (the default formula without it). */
export function createFleetFigures(percentFormula: PercentFormula = defaultPercentFormula): FleetFigures {
  return { percentFormula, accounts: [], policies: new Map() };
}

/** How one policy fares in one report: a policy id listed twice in a report counts once, at its worst. */
interface PolicyOutcome {
  policy: Policy;
  red: boolean;
  amber: boolean;
  failing: boolean;
}

function outcomesOf(analysed: AnalysedReport): Map<string, PolicyOutcome> {
  const outcomes = new Map<string, PolicyOutcome>();
  for (const { category } of analysed.categories) {
    for (const policy of category.Policies) {
      const key = fleetPolicyKey(analysed.report.BenchmarkId, policy.PolicyId);
      const outcome = outcomes.get(key) ?? { policy, red: false, amber: false, failing: false };
      outcome.red ||= policy.Compliance === 'Red';
      outcome.amber ||= policy.Compliance === 'Amber';
      outcome.failing ||= isFailingColour(policy.Compliance);
      outcomes.set(key, outcome);
    }
  }
  return outcomes;
}

function addPolicies(fleet: FleetFigures, analysed: AnalysedReport): void {
  for (const [key, outcome] of outcomesOf(analysed)) {
    let entry = fleet.policies.get(key);
    if (entry === undefined) {
      const { policy } = outcome;
      entry = {
        policyId: policy.PolicyId,
        benchmarkId: analysed.report.BenchmarkId,
        title: policy.ShortTitle,
        severity: policy.Severity,
        accounts: 0,
        red: 0,
        amber: 0,
        failing: 0,
      } satisfies FleetPolicy;
      fleet.policies.set(key, entry);
    }
    entry.accounts += 1;
    if (outcome.red) entry.red += 1;
    if (outcome.amber) entry.amber += 1;
    if (outcome.failing) entry.failing += 1;
  }
}

function accountRow(formula: PercentFormula, source: string, analysed: AnalysedReport): FleetAccount {
  const { report } = analysed;
  return {
    accountName: report.AccountName,
    accountId: report.AccountId,
    connectorType: report.ConnectorType,
    benchmarkId: report.BenchmarkId,
    benchmarkName: report.BenchmarkName,
    source,
    figures: { ...analysed.figures },
    percent: definedPercent(formula, analysed.figures),
    redBySeverity: analysed.redBySeverity.map(({ severity, count }) => ({ severity, count })),
    redWeight: analysed.categories.reduce((sum, { category }) => sum + redWeight(category.Policies), 0),
    categories: analysed.categories.map(({ category, figures }) => ({
      name: category.CategoryName,
      figures: { ...figures },
      percent: definedPercent(formula, figures),
    })),
  };
}

/**
 * Adds one analysed report to a fleet, in place, and returns the fleet: a row for the
 * report and its categories, and its policies counted into the fleet's (each at most
 * once per report). Nothing of the report is kept but those figures, so a caller can
 * let the report go before reading the next. Its figures must follow the fleet's
 * percent formula (the analysis that made it ran with it).
 *
 * A Compliance outside the observed set counts as failing, never as Red or Amber: the
 * verdicts fail closed on it, and the fleet must not name a colour nobody stated.
 *
 * @param source the input the report came from, as the document names it
 */
export function addFleetReport(fleet: FleetFigures, source: string, analysedReport: AnalysedReport): FleetFigures {
  fleet.accounts.push(accountRow(fleet.percentFormula, source, analysedReport));
  addPolicies(fleet, analysedReport);
  return fleet;
}

/**
 * The fleet of every analysed report of an analysis, in the order of its sources; with
 * the run's exceptions, each account row with its accepted risks.
 */
export function buildFleetFigures(analysis: Analysis, acceptedRisks?: AcceptedRisks): FleetFigures {
  const fleet = createFleetFigures(analysis.percentFormula);
  for (const source of analysis.sources)
    for (const report of source.reports) {
      addFleetReport(fleet, source.source, report);
      const row = fleet.accounts[fleet.accounts.length - 1];
      if (acceptedRisks !== undefined && row !== undefined)
        row.accepted = fleetAcceptedRisks(acceptedRisks, source.source, report.pointer);
    }
  return fleet;
}
