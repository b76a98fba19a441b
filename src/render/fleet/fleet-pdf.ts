import type { FleetAccount, FleetCategorySummary, FleetFigures, FleetGroup, FleetPolicy } from '../../model/fleet.js';
import type { RenderedBody, RenderOptions } from '../../model/renderer.js';
import { toolInfo } from '../../tool-info.js';
import { figuresView } from '../build-view-model.js';
import { displayCount, displayPercentOrNa } from '../display-values.js';
import { bookmark, heading } from '../pdf/blocks.js';
import type { Canvas } from '../pdf/canvas.js';
import { auditSubject } from '../pdf/document-info.js';
import { openPdfWith } from '../pdf/open-pdf.js';
import { chartRow, figureTiles } from '../pdf/summary.js';
import { drawTable, type Column } from '../pdf/table.js';
import { sizes } from '../pdf/theme.js';
import { drawFleetAccepted } from './fleet-accepted-pdf.js';
import { maxFailingPolicies, maxPdfAccountDetails, maxWorstAccounts, planFleet, type FleetPlan } from './fleet-plan.js';

function note(canvas: Canvas, text: string): void {
  canvas.paragraph(text, { size: sizes.small, colour: 'muted' }, 6);
}

const count = <Row>(header: string, value: (row: Row) => number, width = 50): Column<Row> => ({
  header,
  width,
  align: 'right',
  text: (row) => displayCount(value(row)),
});
const percent = <Row>(header: string, value: (row: Row) => number | null, width = 58): Column<Row> => ({
  header,
  width,
  align: 'right',
  weight: 'bold',
  text: (row) => displayPercentOrNa(value(row)),
});

/** The columns of the worst accounts: names whole, wrapped in their column. */
function accountColumns(canvas: Canvas): Column<{ account: FleetAccount; rank: number }>[] {
  const fixed = 28 + 58 + 3 * 46;
  // The account's names are the longest text of a row: they get the larger share.
  const flexible = canvas.page.contentWidth - fixed;
  return [
    { header: '#', width: 28, align: 'right', text: ({ rank }) => String(rank) },
    {
      header: 'Account',
      width: flexible * 0.6,
      text: ({ account }) => `${account.accountName} · ${account.accountId} · ${account.connectorType}`,
    },
    {
      header: 'Benchmark',
      width: flexible * 0.4,
      text: ({ account }) => `${account.benchmarkName} (${account.benchmarkId})`,
    },
    percent('Compliance', ({ account }) => account.percent),
    count('Red', ({ account }) => account.figures.red, 46),
    count('Red weighted', ({ account }) => account.redWeight, 46),
    count('Amber', ({ account }) => account.figures.amber, 46),
  ];
}

function policyColumns(canvas: Canvas): Column<FleetPolicy>[] {
  const fixed = 62 + 56 + 3 * 50;
  return [
    {
      header: 'Policy',
      width: canvas.page.contentWidth - fixed,
      text: (policy) => `${policy.title} · ${policy.policyId} · benchmark ${policy.benchmarkId}`,
    },
    { header: 'Severity', width: 56, text: (policy) => policy.severity },
    count('Failing in', (policy) => policy.failing, 62),
    count('Red in', (policy) => policy.red),
    count('Amber in', (policy) => policy.amber),
    count('Assessed in', (policy) => policy.accounts),
  ];
}

function categoryColumns(canvas: Canvas): Column<FleetCategorySummary>[] {
  const fixed = 2 * 50 + 3 * 52 + 50;
  const flexible = (canvas.page.contentWidth - fixed) / 2;
  return [
    { header: 'Benchmark', width: flexible, text: (row) => `${row.benchmarkName} (${row.benchmarkId})` },
    { header: 'Category', width: flexible, text: (row) => row.name },
    count('Accounts', (row) => row.accounts),
    count('Assessed in', (row) => row.assessed),
    percent('Lowest', (row) => row.min, 52),
    percent('Median', (row) => row.median, 52),
    percent('Mean', (row) => row.mean, 52),
    count('Red', (row) => row.red),
  ];
}

function groupColumns(canvas: Canvas, what: string): Column<FleetGroup>[] {
  return [
    {
      header: what,
      width: canvas.page.contentWidth - 58 - 5 * 54,
      text: (group) => (group.label === group.key ? group.label : `${group.label} (${group.key})`),
    },
    count('Accounts', (group) => group.accounts, 54),
    count('Reports', (group) => group.reports, 54),
    percent('Compliance', (group) => group.percent),
    count('Red', (group) => group.figures.red, 54),
    count('Amber', (group) => group.figures.amber, 54),
    count('Policies', (group) => group.figures.total, 54),
  ];
}

function drawSummary(canvas: Canvas, plan: FleetPlan, fleet: FleetFigures): void {
  heading(canvas, plan.title, 1);
  canvas.paragraph(
    `${displayCount(plan.totals.figures.total)} policies in ${displayCount(plan.reports)} benchmark reports of ${displayCount(plan.accounts)} accounts, counted together (percent: ${plan.percentFormula}).`,
    { size: sizes.body, colour: 'muted' },
    10,
  );
  const figures = figuresView(plan.totals.figures, fleet.percentFormula);
  figureTiles(canvas, figures);
  chartRow(canvas, figures, plan.totals.redBySeverity);
  heading(canvas, 'By connector type', 3, 40);
  drawTable(canvas, groupColumns(canvas, 'Connector type'), plan.byConnector);
  heading(canvas, 'By benchmark', 3, 40);
  drawTable(canvas, groupColumns(canvas, 'Benchmark'), plan.byBenchmark);
}

function drawDetail(canvas: Canvas, account: FleetAccount, rank: number): void {
  heading(canvas, `${rank}. ${account.accountName}`, 2, 80);
  note(
    canvas,
    `${account.accountId} · ${account.connectorType} · ${account.benchmarkName} (${account.benchmarkId}) · ${displayPercentOrNa(account.percent)} compliant · ${displayCount(account.figures.red)} Red, ${displayCount(account.figures.amber)} Amber of ${displayCount(account.figures.total)} policies`,
  );
  const columns: Column<FleetAccount['categories'][number]>[] = [
    { header: 'Category', width: canvas.page.contentWidth - 5 * 46 - 58, text: (category) => category.name },
    count('Total', (category) => category.figures.total, 46),
    count('Green', (category) => category.figures.green, 46),
    count('Red', (category) => category.figures.red, 46),
    count('Amber', (category) => category.figures.amber, 46),
    count('Gray', (category) => category.figures.gray, 46),
    percent('Compliance', (category) => category.percent),
  ];
  drawTable(canvas, columns, account.categories, { continued: `${account.accountName} (continued)` });
}

/**
 * Renders the fleet tier as PDF: the fleet's figures by connector type and benchmark,
 * the worst accounts, the policies failing in the most accounts, every category across
 * the accounts, then the categories of the worst accounts, at most
 * `maxPdfAccountDetails` of them with the cut stated (with exceptions, the accepted risks
 * per account before them): the page count stays in the tens
 * whatever the fleet's size. Names are wrapped, never cut.
 */
export async function renderFleetPdf(fleet: FleetFigures, options: RenderOptions): Promise<RenderedBody> {
  const plan = planFleet(fleet, options);
  const info = {
    title: plan.title,
    subject: auditSubject(
      [...new Set(fleet.accounts.map((account) => account.accountName))],
      plan.byBenchmark.map((group) => group.label),
    ),
    keywords: ['compliance', 'CSPM', 'fleet', ...plan.byBenchmark.map((group) => group.key)],
    now: options.now ?? null,
    tool: toolInfo,
  };
  const pdf = openPdfWith(info, options, options.now?.toISOString() ?? null);
  const { canvas } = pdf;
  canvas.newPage(false);
  bookmark(canvas, 'Fleet summary', undefined, 0);
  drawSummary(canvas, plan, fleet);

  canvas.newPage();
  bookmark(canvas, 'Worst accounts');
  heading(canvas, 'Worst accounts', 1);
  const worst = plan.worst.slice(0, maxWorstAccounts);
  note(
    canvas,
    `The ${displayCount(worst.length)} worst of ${displayCount(plan.reports)} benchmark reports, ${plan.measures.accounts}. The HTML and XLSX documents of the fleet tier list every one.`,
  );
  drawTable(
    canvas,
    accountColumns(canvas),
    worst.map((account, index) => ({ account, rank: index + 1 })),
    { continued: 'Worst accounts (continued)' },
  );

  canvas.newPage();
  bookmark(canvas, 'Policies failing in the most accounts');
  heading(canvas, 'Policies failing in the most accounts', 1);
  const failing = plan.failing.slice(0, maxFailingPolicies);
  note(
    canvas,
    failing.length === 0
      ? 'No policy fails in any account.'
      : `The first ${displayCount(failing.length)} of ${displayCount(plan.failing.length)} policies that fail somewhere, ${plan.measures.policies}. The XLSX workbook of the fleet tier lists every one.`,
  );
  if (failing.length > 0)
    drawTable(canvas, policyColumns(canvas), failing, {
      continued: 'Policies failing in the most accounts (continued)',
    });

  canvas.newPage();
  bookmark(canvas, 'Compliance by category across accounts');
  heading(canvas, 'Compliance by category across accounts', 1);
  note(
    canvas,
    "Each account's compliance in the category, lowest median first; accounts where nothing in it was assessed are left out of the figures.",
  );
  drawTable(canvas, categoryColumns(canvas), plan.categories, { continued: 'Compliance by category (continued)' });

  if (plan.worst.some((account) => account.accepted !== undefined)) drawFleetAccepted(canvas, plan.worst);

  const detailed = plan.worst.slice(0, maxPdfAccountDetails);
  canvas.newPage();
  bookmark(canvas, 'Categories of the worst accounts');
  heading(canvas, 'Categories of the worst accounts', 1);
  note(
    canvas,
    detailed.length < plan.reports
      ? `Detail for the ${displayCount(detailed.length)} worst of ${displayCount(plan.reports)} benchmark reports; the full list is in the HTML and XLSX documents of the fleet tier.`
      : `Detail for every one of the ${displayCount(plan.reports)} benchmark reports, the worst first.`,
  );
  detailed.forEach((account, index) => drawDetail(canvas, account, index + 1));
  return pdf.finish(' · fleet roll-up');
}
