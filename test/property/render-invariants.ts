import type { Analysis, Policy } from '../../src/index.js';
import {
  checkAll,
  expectThat,
  expectedFigures,
  InvariantError,
  rawControl,
  type Api,
  type ExpectedFigures,
} from './invariants.js';
import { readHtml, readPdf, readXlsx, type ShownFigures } from './read-outputs.js';

/** Control characters a workbook cell or PDF string may not carry raw (tab and line breaks are text). */
const cellControl = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/u;

function sum(figures: readonly ExpectedFigures[]): ExpectedFigures {
  const total = figures.reduce(
    (into, item) => ({
      ...into,
      total: into.total + item.total,
      green: into.green + item.green,
      red: into.red + item.red,
      amber: into.amber + item.amber,
      gray: into.gray + item.gray,
    }),
    expectedFigures([]),
  );
  total.percent = total.total - total.gray > 0 ? (total.green / (total.total - total.gray)) * 100 : 0;
  return total;
}

/** Nothing assessed (every policy Gray): every format shows n/a, an empty cell in XLSX. */
function agree(
  api: Api,
  format: string,
  where: string,
  shown: ShownFigures | null | undefined,
  expected: ExpectedFigures,
): void {
  expectThat(shown !== null && shown !== undefined, `${format} shows every figure`, () => `${where} not found`);
  const wanted: ShownFigures = {
    total: expected.total,
    green: expected.green,
    red: expected.red,
    amber: expected.amber,
    gray: expected.gray,
    percentText: expected.total - expected.gray > 0 ? api.displayPercent(expected.percent) : 'n/a',
  };
  const same = (Object.keys(wanted) as (keyof ShownFigures)[]).every((key) => shown?.[key] === wanted[key]);
  expectThat(
    same,
    'totals agree across formats and with the recount',
    () => `${format} ${where} shows ${JSON.stringify(shown)}, recounted ${JSON.stringify(wanted)}`,
  );
}

async function attempt<T>(invariant: string, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof InvariantError) throw error;
    throw new InvariantError(
      invariant,
      (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 300),
    );
  }
}

/**
 * Renders an analysis that holds valid reports to HTML, PDF and XLSX, reads each back
 * with a real consumer (parse5, pdf.js, exceljs) and compares the colour counts and
 * percent of the roll-up, every report and every category with a recount of the policies.
 */
export async function checkRenders(api: Api, analysis: Analysis): Promise<void> {
  const policiesOf = analysis.sources.flatMap((source) =>
    source.reports.map((analysed) =>
      analysed.report.ResourceCategories.map((category) => category.Policies as readonly Policy[]),
    ),
  );
  if (policiesOf.length === 0) return;
  const reports = policiesOf.map((categories) => expectedFigures(categories.flat()));
  const categories = policiesOf.flatMap((list) => list.map((policies) => expectedFigures(policies)));
  const rollup = sum(reports);

  await checkAll([
    () =>
      checkHtml(
        api,
        analysis,
        reports,
        categories,
        rollup,
        policiesOf.map((list) => list.length),
      ),
    () => checkPdf(api, analysis, reports, rollup),
    () => checkXlsx(api, analysis, reports, categories, rollup),
  ]);
}

/**
 * The page writes the first reports in full and the rest as placeholders with one line
 * of figures (their categories are drawn when scrolled to): categories are compared
 * for the reports written in full, `categoryCounts` telling how many each report has.
 */
async function checkHtml(
  api: Api,
  analysis: Analysis,
  reports: ExpectedFigures[],
  categories: ExpectedFigures[],
  rollup: ExpectedFigures,
  categoryCounts: number[],
): Promise<void> {
  const html = await attempt('renderHtml does not throw', () => api.renderHtml(analysis));
  const page = await attempt('parse5 reads the HTML', () => readHtml(html));
  expectThat(page.parseErrors.length === 0, 'the HTML parses without errors', () =>
    page.parseErrors.slice(0, 3).join('; '),
  );
  if (reports.length > 1) agree(api, 'HTML', 'roll-up', page.rollup, rollup);
  reports.forEach((expected, index) => agree(api, 'HTML', `report ${index + 1}`, page.reports[index], expected));
  expectThat(
    page.reports.length === reports.length,
    'HTML shows every report',
    () => `${page.reports.length} of ${reports.length}`,
  );
  const inFull = categoryCounts.slice(0, page.reportsInFull).reduce((sum, count) => sum + count, 0);
  expectThat(
    page.reportsInFull > 0 && page.categories.length === inFull,
    'HTML shows every figure',
    () => `${page.categories.length} category rows for ${inFull} categories of ${page.reportsInFull} reports in full`,
  );
  categories
    .slice(0, inFull)
    .forEach((expected, index) => agree(api, 'HTML', `category row ${index + 1}`, page.categories[index], expected));
}

async function checkPdf(
  api: Api,
  analysis: Analysis,
  reports: ExpectedFigures[],
  rollup: ExpectedFigures,
): Promise<void> {
  const pdf = await attempt('renderPdf does not throw', () => api.renderPdf(analysis));
  const document = await attempt('pdf.js reads the PDF', () => readPdf(pdf));
  agree(api, 'PDF', 'cover', document.rollup, rollup);
  reports.forEach((expected, index) => agree(api, 'PDF', `report ${index + 1}`, document.reports[index], expected));
  for (const [key, value] of Object.entries(document.info)) {
    // A text string pdf.js could not decode as UTF-16 comes back as its bytes, BOM first.
    expectThat(
      typeof value !== 'string' || !value.startsWith('\u00fe\u00ff'),
      'PDF metadata decodes as text',
      () => `${key} = ${JSON.stringify(value).slice(0, 200)}`,
    );
    const control = typeof value === 'string' ? rawControl.exec(value) : null;
    expectThat(
      control === null,
      'PDF metadata holds no raw control character',
      () => `${key} = ${JSON.stringify(value)}`,
    );
  }
}

async function checkXlsx(
  api: Api,
  analysis: Analysis,
  reports: ExpectedFigures[],
  categories: ExpectedFigures[],
  rollup: ExpectedFigures,
): Promise<void> {
  const xlsx = await attempt('renderXlsx does not throw', () => api.renderXlsx(analysis));
  const workbook = await attempt('exceljs reads the XLSX', () => readXlsx(xlsx, reports.length, api.displayPercent));
  expectThat(
    ['Summary', 'Categories', 'Policies', 'Findings'].every((name) => workbook.sheets.includes(name)),
    'the workbook has its four sheets',
    () => workbook.sheets.join(', '),
  );
  if (reports.length > 1) agree(api, 'XLSX', 'roll-up', workbook.rollup, rollup);
  reports.forEach((expected, index) => agree(api, 'XLSX', `report ${index + 1}`, workbook.reports[index], expected));
  categories.forEach((expected, index) =>
    agree(api, 'XLSX', `category row ${index + 1}`, workbook.categories[index], expected),
  );
  const raw = workbook.texts.find((text) => cellControl.test(text));
  expectThat(raw === undefined, 'workbook cells hold no raw control character', () => JSON.stringify(raw));
}
