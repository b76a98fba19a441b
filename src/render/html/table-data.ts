import { isFailing } from '../../analyse/severity-rank.js';
import type { Policy } from '../../model/report.js';
import type { CategoryView, ReportView } from '../../model/view-model.js';
import { displayRisk } from '../display-values.js';
import { compareValues } from './value-order.js';

/**
 * The rows the page script draws, as compact arrays: a report can hold 300,000
 * policies, and repeated values (service, colour, severity, risk) are indexes into
 * small string tables, so the embedded data stays well below the size of the JSON input.
 */

/** Distinct values of a report's policies, for the filter menus, in display order. */
export interface FilterValues {
  colours: string[];
  severities: string[];
  services: string[];
  /** Category names, in the report's order. */
  categories: string[];
}

/** A report's rows for the page script. */
export interface ReportData {
  /** String tables the policy rows index into. */
  colours: string[];
  severities: string[];
  services: string[];
  /** RiskProbability and RiskLevel as displayed (a blank is an en dash). */
  risks: string[];
  /**
   * [anchor, order, name, total, green, red, amber, gray, percent (null: n/a), percentText, statedText, percentNote].
   */
  categories: (string | number | null)[][];
  /**
   * [number, title, service, colour, severity, probability, level, passed, total, category (index into categories)] of
   * the listed policies.
   */
  policies: (string | number)[][];
  /** The action list in its order: [index into policies, index into categories, failing resources, rank]. */
  actions: number[][];
}

/** Strings kept once each, in the order first seen: rows then hold their indexes. */
export class StringTable {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();

  indexOf(value: string): number {
    let found = this.index.get(value);
    if (found === undefined) {
      found = this.values.length;
      this.values.push(value);
      this.index.set(value, found);
    }
    return found;
  }
}

/** The category row as the script reads it; statedText is empty when it agrees. */
export function categoryRow(category: CategoryView, statedText: string): (string | number | null)[] {
  const { figures } = category;
  return [
    category.anchor,
    category.order,
    category.name,
    figures.total,
    figures.green,
    figures.red,
    figures.amber,
    figures.gray,
    figures.percent,
    figures.percentText,
    statedText,
    figures.percentNote ?? '',
  ];
}

/** Builds the script's rows of one report and the values its filter menus offer. */
export function buildReportData(
  report: ReportView,
  statedText: (category: CategoryView) => string,
): { data: ReportData; filters: FilterValues } {
  const colours = new StringTable();
  const severities = new StringTable();
  const services = new StringTable();
  const risks = new StringTable();
  const policies: (string | number)[][] = [];
  // Failing policies are listed under every choice, so each action points at its row.
  const rowOf = new Map<Policy, number>();
  for (const [categoryIndex, category] of report.categories.entries()) {
    for (const policy of category.listed) {
      if (isFailing(policy)) rowOf.set(policy, policies.length);
      policies.push([
        policy.ComplianceNumber,
        policy.ShortTitle,
        services.indexOf(policy.ServiceName),
        colours.indexOf(policy.Compliance),
        severities.indexOf(policy.Severity),
        risks.indexOf(displayRisk(policy.RiskProbability)),
        risks.indexOf(displayRisk(policy.RiskLevel)),
        policy.PassedResourceCount,
        policy.TotalResourceCount,
        categoryIndex,
      ]);
    }
  }
  const indexOfCategory = new Map(report.categories.map((category, index) => [category, index]));
  const data: ReportData = {
    colours: colours.values,
    severities: severities.values,
    services: services.values,
    risks: risks.values,
    categories: report.categories.map((category) => categoryRow(category, statedText(category))),
    policies,
    actions: report.actions.map((action, index) => [
      rowOf.get(action.policy) ?? -1,
      indexOfCategory.get(action.category) ?? -1,
      action.failingResources,
      index + 1,
    ]),
  };
  const filters: FilterValues = {
    colours: [...colours.values].sort(compareValues.colour),
    severities: [...severities.values].sort(compareValues.severity),
    services: [...services.values].sort(compareValues.text),
    categories: [...new Set(report.categories.map((category) => category.name))],
  };
  return { data, filters };
}
