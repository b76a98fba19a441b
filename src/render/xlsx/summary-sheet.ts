import type { FiguresView, ReportView, ViewModel } from '../../model/view-model.js';
import { acceptedCount, acceptedRisksSummary, bothWaysText } from '../accepted-marks.js';
import { coverageText, keyFigures, lowCoverageWarning } from '../key-figures.js';
import type { PreambleLine, TableColumn, TableSheet } from './table-sheet.js';
import { dateCell, dateCellStyle, excelSerial } from './excel-date.js';
import {
  colourHeaderStyle,
  colourLabelStyle,
  countValueStyle,
  dateStyle,
  percentValueStyle,
  titleStyle,
} from './xlsx-styles.js';

/** A row of the Summary table: one benchmark report, or the roll-up across them. */
interface SummaryRow {
  report: ReportView | null;
  figures: FiguresView;
  /** Red policies by severity name. */
  red: ReadonlyMap<string, number>;
  /** Policies accepted by an exception (0 without exceptions). */
  accepted: number;
}

// Every header wraps at its spaces (`Resources` over `checked`), so that the columns are as
// narrow as their figures and the printed ones fit one page across (see summarySheet).
const text = (
  header: string,
  value: (report: ReportView) => string | null,
  max = 40,
  min?: number,
): TableColumn<SummaryRow> => ({
  header,
  kind: 'text',
  width: { max, min, wrapHeader: true },
  value: (row) => (row.report ? value(row.report) : null),
});

const count = (header: string, value: (row: SummaryRow) => number): TableColumn<SummaryRow> => ({
  header,
  kind: 'count',
  width: { max: 14, wrapHeader: true },
  value,
  ...(colourHeaderStyle.has(header) ? { headerStyle: colourHeaderStyle.get(header) } : {}),
});

const lastScannedColumn: TableColumn<SummaryRow> = {
  header: 'Last scanned',
  kind: 'date',
  width: { min: 20, max: 24, wrapHeader: true },
  value: (row) => dateCell(row.report?.lastScanned ?? null),
  style: (row) => dateCellStyle(row.report?.lastScanned ?? null),
};

/** The columns a reader of the printed Summary needs: what each report is, its figures and when it was scanned. */
function printedColumns(view: ViewModel): TableColumn<SummaryRow>[] {
  const anyOther = view.rollup.figures.other > 0;
  const anyScanned = view.reports.some((report) => report.lastScanned !== null);
  return [
    // Wide enough for the labels of the lines above the table, which share its column.
    {
      ...text('Benchmark', (report) => report.benchmarkName, 24, 20),
      value: (row) => (row.report ? row.report.benchmarkName : `All ${view.reports.length} reports`),
    },
    // The values of the lines above the table share this column: wide enough for a date.
    text('Benchmark id', (report) => report.benchmarkId, 22, 22),
    text('Account', (report) => report.accountName, 20),
    count('Total', (row) => row.figures.total),
    count('Green', (row) => row.figures.green),
    count('Red', (row) => row.figures.red),
    count('Amber', (row) => row.figures.amber),
    count('Gray', (row) => row.figures.gray),
    ...(anyOther ? [count('Other', (row) => row.figures.other)] : []),
    {
      header: 'Compliance %',
      kind: 'percent',
      width: { max: 14, wrapHeader: true },
      value: (row) => (row.figures.percent === null ? null : row.figures.percent / 100),
    },
    // Beside the percent as scanned, with exceptions: the policies set apart as accepted.
    ...(view.acceptedRisks ? [count('Accepted policies', (row) => row.accepted)] : []),
    ...view.rollup.redBySeverity.map(({ severity }) => count(`Red ${severity}`, (row) => row.red.get(severity) ?? 0)),
    count('Resources passed', (row) => row.figures.passedResources),
    count('Resources checked', (row) => row.figures.totalResources),
    ...(anyScanned ? [lastScannedColumn] : []),
  ];
}

/** Ids and the source file: kept in the sheet for look-ups, left off the printed page. */
const referenceColumns: readonly TableColumn<SummaryRow>[] = [
  text('Account id', (report) => report.accountId),
  text('Connector', (report) => report.connectorType, 16),
  text('Subscription id', (report) => report.subscriptionId),
  text('AWS account id', (report) => report.awsAccountId),
  text('Job id', (report) => report.jobId),
  text('License', (report) => report.licenseName),
  text('License id', (report) => report.licenseId),
  text('Source', (report) => (report.pointer ? `${report.source} ${report.pointer}` : report.source), 60),
];

/**
 * The figures across all reports, drawn from the same list as the cards and tiles of the
 * other formats (keyFigures), then Red by severity and the coverage in words, with its
 * warning when low.
 */
function keyFigureLines(view: ViewModel): PreambleLine[] {
  const { figures, redBySeverity } = view.rollup;
  const lines = keyFigures(figures).map((figure): PreambleLine => {
    if (figure.id === 'compliance') {
      // Nothing assessed: no number (no colour scale paints it) and the reason beside it.
      return figure.value === null
        ? { label: figure.label, value: `n/a (${figure.note ?? 'nothing assessed'})` }
        : { label: figure.label, value: figure.value / 100, valueStyle: percentValueStyle };
    }
    return {
      label: figure.label,
      value: figure.value,
      labelStyle: figure.colour ? colourLabelStyle.get(figure.colour) : undefined,
      valueStyle: countValueStyle,
    };
  });
  const warning = lowCoverageWarning(figures);
  return [
    ...lines,
    ...redBySeverity.map(({ severity, count: red }) => ({
      label: `Red ${severity}`,
      value: red,
      valueStyle: countValueStyle,
    })),
    { label: 'Coverage', value: coverageText(figures) },
    ...(warning ? [{ label: 'Warning', value: warning, labelStyle: colourLabelStyle.get('Amber') }] : []),
  ];
}

/** With exceptions: the compliance figure both ways, and what the exceptions did. */
function acceptedLines(view: ViewModel): PreambleLine[] {
  const risks = view.acceptedRisks;
  if (risks === undefined) return [];
  return [
    { label: 'Accepted risks', value: bothWaysText(view.rollup.figures.percentText, risks.counts.acceptedPolicies) },
    { label: 'Exceptions', value: `${acceptedRisksSummary(risks)} (see the Accepted risks sheet)` },
  ];
}

function preamble(view: ViewModel, title: string): PreambleLine[] {
  return [
    { label: title, labelStyle: titleStyle },
    ...keyFigureLines(view),
    ...acceptedLines(view),
    { label: 'Reports', value: view.rollup.reports, valueStyle: countValueStyle },
    ...(view.rollup.countingNote ? [{ label: 'Roll-up counting', value: view.rollup.countingNote }] : []),
    { label: 'Errors found', value: view.findingCounts.errors, valueStyle: countValueStyle },
    { label: 'Warnings found', value: view.findingCounts.warnings, valueStyle: countValueStyle },
    { label: 'Generated by', value: `${view.tool.name} ${view.tool.version}` },
    ...(view.generatedAt
      ? [{ label: 'Generated at', value: excelSerial(new Date(view.generatedAt)), valueStyle: dateStyle }]
      : []),
    { label: 'Compliance percent', value: view.percentFormula.description },
  ];
}

function severityCounts(counts: readonly { severity: string; count: number }[]): Map<string, number> {
  return new Map(counts.map(({ severity, count: red }) => [severity, red]));
}

/**
 * The Summary sheet: the key figures across all reports as label–value lines, then what
 * the workbook is and how its percent is computed, then one row per benchmark report
 * with its header fields and figures, and a roll-up row when there are several reports.
 * Printed, it is one page across (A4 landscape): the key figures, then each report's
 * names, figures and scan date with wrapped headers; the ids and the source file stay in
 * the sheet but off the page, where they spread one report's row over four pages whose
 * later ones showed the labels above the table without their values. Its header row is
 * not frozen, since with the lines above it a frozen band would fill a laptop's window.
 */
export function summarySheet(view: ViewModel, title: string): TableSheet<SummaryRow> {
  const rows = view.reports.map((report): SummaryRow => ({
    report,
    figures: report.figures,
    red: severityCounts(report.redBySeverity),
    accepted: acceptedCount(report),
  }));
  const rollup: SummaryRow = {
    report: null,
    figures: view.rollup.figures,
    red: severityCounts(view.rollup.redBySeverity),
    accepted: view.acceptedRisks?.counts.acceptedPolicies ?? 0,
  };
  const printed = printedColumns(view);
  return {
    name: 'Summary',
    columns: [...printed, ...referenceColumns],
    printedColumns: printed.length,
    // A long benchmark or account name wraps rather than widening the page.
    wrap: true,
    rows: () => rows,
    preamble: preamble(view, title),
    footer: view.reports.length > 1 ? [rollup] : [],
    freezeHeader: false,
  };
}
