import type { CategoryView, ReportView } from '../../model/view-model.js';
import { formatRisk } from '../display-values.js';
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
  /** [anchor, order, name, total, green, red, amber, gray, percent, percentText, statedText]. */
  categories: (string | number)[][];
  /** [number, title, service, colour, severity, probability, level, passed, total, category (index into categories)]. */
  policies: (string | number)[][];
}

class StringTable {
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
export function categoryRow(category: CategoryView, statedText: string): (string | number)[] {
  const { figures } = category;
  return [category.anchor, category.order, category.name, figures.total, figures.green, figures.red, figures.amber, figures.gray, figures.percent, figures.percentText, statedText];
}

/** Builds the script's rows of one report and the values its filter menus offer. */
export function buildReportData(report: ReportView, statedText: (category: CategoryView) => string): { data: ReportData; filters: FilterValues } {
  const colours = new StringTable();
  const severities = new StringTable();
  const services = new StringTable();
  const risks = new StringTable();
  const policies: (string | number)[][] = [];
  for (const [categoryIndex, category] of report.categories.entries()) {
    for (const policy of category.policies) {
      policies.push([
        policy.ComplianceNumber,
        policy.ShortTitle,
        services.indexOf(policy.ServiceName),
        colours.indexOf(policy.Compliance),
        severities.indexOf(policy.Severity),
        risks.indexOf(formatRisk(policy.RiskProbability)),
        risks.indexOf(formatRisk(policy.RiskLevel)),
        policy.PassedResourceCount,
        policy.TotalResourceCount,
        categoryIndex,
      ]);
    }
  }
  const data: ReportData = {
    colours: colours.values,
    severities: severities.values,
    services: services.values,
    risks: risks.values,
    categories: report.categories.map((category) => categoryRow(category, statedText(category))),
    policies,
  };
  const filters: FilterValues = {
    colours: [...colours.values].sort(compareValues.colour),
    severities: [...severities.values].sort(compareValues.severity),
    services: [...services.values].sort(compareValues.text),
    categories: [...new Set(report.categories.map((category) => category.name))],
  };
  return { data, filters };
}
