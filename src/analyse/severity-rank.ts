import type { Figures } from '../model/analysis.js';
import type { Policy } from '../model/report.js';
import { severityOrder, severityRank } from '../model/observed-values.js';
import { colourRank, countsAsRed, isFailingColour } from './colour-rank.js';

/**
 * The orders every format lists failing policies and worst categories in, kept in one
 * place so that the web page, the PDF and the workbook rank alike.
 */

/** Weight of a Red policy by its Severity; an unknown severity weighs as Critical. */
export const severityWeights: Readonly<Record<string, number>> = {
  Critical: 5,
  High: 4,
  Moderate: 3,
  Low: 2,
  VeryLow: 1,
};

/**
 * GitHub code scanning's `security-severity` score of a Severity, in the middle of
 * GitHub's bands (critical above 9.0, high 7.0–8.9, medium 4.0–6.9, low 0.1–3.9), so
 * that an alert shows the severity the service gave the policy.
 */
export const securitySeverityScores: Readonly<Record<string, number>> = {
  Critical: 9.5,
  High: 8.0,
  Moderate: 5.5,
  Low: 3.0,
  VeryLow: 1.0,
};

/**
 * The score of a Severity outside the observed set: High's, so that it fails closed (an
 * error, shown as High) without passing for a Critical that nobody stated.
 */
export const unknownSecuritySeverity = 8.0;

/** The `security-severity` score of a Severity; see {@link unknownSecuritySeverity}. */
export function securitySeverity(severity: string): number {
  return Object.hasOwn(securitySeverityScores, severity)
    ? (securitySeverityScores[severity] as number)
    : unknownSecuritySeverity;
}

/**
 * Position of a Severity in the order outputs with a size limit keep results: Critical
 * (0) down to VeryLow, then every unknown severity (one past the last). Unlike
 * severityRank (model/observed-values.ts), which decides verdicts, an unknown severity
 * is not ranked as Critical here: keeping the severities the service vouches for first is what a capped
 * JUnit, GitHub or SARIF output is read for, and each counts what it left out.
 */
export function capSeverityRank(severity: string): number {
  const rank = severityOrder.indexOf(severity);
  return rank === -1 ? severityOrder.length : rank;
}

/** The severities in cap order, then the name an unknown one is counted under. */
export const capSeverityNames: readonly string[] = [...severityOrder, 'unknown'];

/** The measure of {@link compareWorst} in words, for a ranking of categories or of reports. */
function worstMeasure(what: 'category' | 'report'): string {
  return `most Red policies weighted by severity (Critical 5, High 4, Moderate 3, Low 2, VeryLow 1), then most failing resources, then most Amber policies, then lowest compliance; a ${what} with nothing assessed is never ranked`;
}

/**
 * How worst categories (and worst reports) are ranked, in the words every format prints.
 * By what fails, not by the lowest percent: a category of 4 assessed policies at 0 % is
 * less to act on than one of 121 with 115 Red, and a manager reads rank 1 as where to
 * act first. The percent and the assessed count are printed beside each rank.
 */
export const worstCategoryMeasure = worstMeasure('category');

/** How the worst reports of a roll-up are ranked: as the worst categories are. */
export const worstReportMeasure = worstMeasure('report');

/** The order of the action list, in the words every format prints. */
export const actionOrderText = 'Red before Amber, then Critical first down to VeryLow, then most failing resources';

/** Most worst categories a report lists. */
export const maxWorstCategories = 5;

function weightOf(severity: string): number {
  return Object.hasOwn(severityWeights, severity)
    ? (severityWeights[severity] as number)
    : (severityWeights['Critical'] as number);
}

/** Red policies weighted by severity (a policy of an unknown Compliance counts as Red). */
export function redWeight(policies: readonly Policy[]): number {
  let weight = 0;
  for (const policy of policies) if (countsAsRed(policy.Compliance)) weight += weightOf(policy.Severity);
  return weight;
}

/** A category (or a report) as the ranking reads it. */
export interface RankedCategory {
  figures: Pick<Figures, 'red' | 'amber'> & {
    percent: number | null;
    /** Policies assessed (not Gray): a category with none is never ranked. */
    assessed: number;
    /** Resources that failed a policy, summed over the policies. */
    failingResources: number;
  };
  /** Red policies weighted by severity ({@link severityWeights}). */
  redWeight: number;
  order: number;
}

/** How a percent compares, lowest first; no percent after every percent. */
function lowerPercentFirst(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

/**
 * Compares two categories (or reports) by {@link worstCategoryMeasure}, the worst first:
 * the heaviest weighted Red, then most failing resources, most Amber, lowest compliance
 * (no percent last), then order. The one comparison every ranking of the documents uses.
 */
export function compareWorst(a: RankedCategory, b: RankedCategory): number {
  return (
    b.redWeight - a.redWeight ||
    b.figures.failingResources - a.figures.failingResources ||
    b.figures.amber - a.figures.amber ||
    lowerPercentFirst(a.figures.percent, b.figures.percent) ||
    a.order - b.order
  );
}

/**
 * The worst categories by {@link worstCategoryMeasure}: those with an assessed policy
 * that is Red or Amber, the heaviest weighted Red first, then most failing resources,
 * most Amber, lowest compliance, then report order. At most five, and at most half of
 * the assessed categories (at least one), so that a small report does not call every
 * category "worst". The one ranking every document prints (HTML, PDF, XLSX, executive tier).
 */
export function worstCategories<Category extends RankedCategory>(categories: readonly Category[]): Category[] {
  const assessed = categories.filter((category) => category.figures.assessed > 0);
  const limit = Math.min(maxWorstCategories, Math.max(1, Math.floor(assessed.length / 2)));
  return assessed
    .filter((category) => category.figures.red + category.figures.amber > 0 || category.redWeight > 0)
    .sort(compareWorst)
    .slice(0, limit);
}

/** Resources that failed a policy. */
export function failingResources(policy: Policy): number {
  return Math.max(0, policy.TotalResourceCount - policy.PassedResourceCount);
}

/** True for a policy that failed: Red, Amber, or of an unknown Compliance. */
export function isFailing(policy: Policy): boolean {
  return isFailingColour(policy.Compliance);
}

/**
 * Compares policies for the action list and for keeping the most severe ones: Red, an
 * unknown colour, Amber, then Green and Gray; within a colour Critical (and unknown
 * severities) first; then most failing resources. Ties keep their order (Array#sort
 * is stable).
 */
export function compareBySeverity(a: Policy, b: Policy): number {
  return (
    colourRank(a.Compliance) - colourRank(b.Compliance) ||
    severityRank(a.Severity) - severityRank(b.Severity) ||
    failingResources(b) - failingResources(a)
  );
}
