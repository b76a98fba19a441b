import type { Policy } from '../../model/report.js';
import type { CategoryView, ReportView, ViewModel } from '../../model/view-model.js';
import { displayRisk } from '../display-values.js';
import type { TableSheet } from './table-sheet.js';
import { exceptionColumns } from './exception-columns.js';
import { colourStyle } from './xlsx-styles.js';

/** A policy with its report and category. */
interface PolicyRow {
  report: ReportView;
  category: CategoryView;
  policy: Policy;
}

function* policyRows(view: ViewModel): Iterable<PolicyRow> {
  for (const report of view.reports) {
    for (const category of report.categories) {
      for (const policy of category.listed) yield { report, category, policy };
    }
  }
}

/**
 * The Policies sheet: one row per listed policy of every report (all of them unless
 * the caller chose fewer, which a line above the table then says), the sheet that can hold
 * hundreds of thousands of rows. Every cell wraps, so that no name or title is cut off
 * by the next cell, on screen or printed. Compliance and risk level are filled in their colour
 * (with the colour's name as text); blank risk values read as an en dash, as in the
 * other formats.
 */
export function policiesSheet(view: ViewModel): TableSheet<PolicyRow> {
  return {
    name: 'Policies',
    keyColumns: 4,
    columns: [
      // Names of several words wrap; a policy id is one word, which a wrap would break
      // inside, so its column is wide enough for the longest the service sends
      // (`DiagnosticsLogsInSelectiveAppServicesMonitoringEffectId`, 55). The widths keep
      // the id and the title on the first page across and the rest on the second.
      { header: 'Benchmark', kind: 'text', width: { max: 32 }, value: (row) => row.report.benchmarkName },
      { header: 'Account', kind: 'text', width: { max: 20 }, value: (row) => row.report.accountName },
      { header: 'Category', kind: 'text', width: { max: 26 }, value: (row) => row.category.name },
      { header: 'Number', kind: 'text', width: { max: 20 }, value: (row) => row.policy.ComplianceNumber },
      { header: 'Policy id', kind: 'text', width: { max: 58, wrapHeader: true }, value: (row) => row.policy.PolicyId },
      { header: 'Title', kind: 'text', width: { max: 48 }, value: (row) => row.policy.ShortTitle },
      { header: 'Service', kind: 'text', width: { max: 32 }, value: (row) => row.policy.ServiceName },
      {
        header: 'Compliance',
        kind: 'text',
        width: { max: 14, wrapHeader: true },
        value: (row) => row.policy.Compliance,
        style: (row) => colourStyle.get(row.policy.Compliance),
      },
      ...exceptionColumns<PolicyRow>(view, (row) => row),
      { header: 'Severity', kind: 'text', width: { max: 12, wrapHeader: true }, value: (row) => row.policy.Severity },
      {
        header: 'Risk probability',
        kind: 'text',
        width: { max: 16, wrapHeader: true },
        value: (row) => displayRisk(row.policy.RiskProbability),
      },
      {
        header: 'Risk level',
        kind: 'text',
        width: { max: 12, wrapHeader: true },
        value: (row) => displayRisk(row.policy.RiskLevel),
        style: (row) => colourStyle.get(row.policy.RiskLevel),
      },
      {
        header: 'Passed resources',
        kind: 'count',
        width: { max: 12, wrapHeader: true },
        value: (row) => row.policy.PassedResourceCount,
      },
      {
        header: 'Total resources',
        kind: 'count',
        width: { max: 12, wrapHeader: true },
        value: (row) => row.policy.TotalResourceCount,
      },
    ],
    rows: () => policyRows(view),
    wrap: true,
    ...(view.policyListing.leftOut ? { preamble: [{ label: view.policyListing.leftOut }] } : {}),
  };
}
