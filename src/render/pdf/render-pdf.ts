import type { RenderedBody, RenderOptions } from '../../model/renderer.js';
import type { ViewModel } from '../../model/view-model.js';
import { bookmark, heading } from './blocks.js';
import { Canvas } from './canvas.js';
import { drawCategoryTable, drawReportTable } from './category-table.js';
import { drawCover } from './cover.js';
import { drawDataQuality } from './data-quality.js';
import { drawContents, reserveContents } from './contents.js';
import { createDocument } from './document-info.js';
import { FontSet } from './font-set.js';
import { drawPageFooters } from './page-footer.js';
import { cutText, drawPolicies, listedCategories, type PolicyBudget } from './policy-table.js';
import { drawReportSummary, drawRollupSummary } from './summary.js';
import { pageGeometry } from './theme.js';
import { Typesetter } from './typesetter.js';

/** Policy rows listed when the caller sets no `maxPolicies`: enough for any real account. */
export const defaultMaxPolicies = 50_000;

function collect(doc: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * Renders a view model to PDF bytes: cover, table of contents, a roll-up when there
 * are several benchmark reports, then per report its summary with charts, its
 * category table and its policies, and last the data-quality findings; with
 * bookmarks, metadata and "page X of Y". Same view and options give the same bytes unless `now` is set.
 */
export async function renderPdfView(view: ViewModel, options: RenderOptions): Promise<RenderedBody> {
  const page = pageGeometry(options.landscape === true);
  const doc = createDocument(view, options, page);
  const bytes = collect(doc);
  const fonts = new FontSet(doc);
  const canvas = new Canvas(doc, fonts, new Typesetter(fonts), page, options.title ?? view.title);
  const limit = Math.max(0, Math.floor(options.maxPolicies ?? defaultMaxPolicies));
  const budget: PolicyBudget = { limit, left: limit, total: view.rollup.policies };

  canvas.newPage(false);
  bookmark(canvas, 'Cover', undefined, 0);
  drawCover(canvas, view, options, cutText(budget));
  canvas.newPage();
  bookmark(canvas, 'Contents', undefined, 0);
  const contents = reserveContents(canvas, {
    level1: (view.reports.length > 1 ? 1 : 0) + view.reports.length + 1,
    level2: listedCategories(view.reports, limit),
  });
  if (view.reports.length > 1) {
    canvas.newPage();
    bookmark(canvas, 'Roll-up across benchmark reports');
    drawRollupSummary(canvas, view);
    heading(canvas, 'Benchmark reports', 2);
    drawReportTable(canvas, view.reports);
  }
  for (const report of view.reports) {
    canvas.newPage();
    const item = bookmark(canvas, `${report.benchmarkName} — ${report.accountName}`);
    drawReportSummary(canvas, report);
    heading(canvas, 'Categories', 2, 60);
    drawCategoryTable(canvas, report);
    if (budget.left > 0 && report.categories.length > 0) {
      canvas.y += 14;
      heading(canvas, `Policies of ${report.benchmarkName}`, 1, 160);
      drawPolicies(canvas, report, budget, item);
    }
  }
  canvas.newPage();
  bookmark(canvas, 'Data quality');
  drawDataQuality(canvas, view);
  drawContents(canvas, contents, canvas.outline);
  drawPageFooters(canvas, `${view.tool.name} ${view.tool.version}${view.generatedAt ? ` · generated ${view.generatedAt}` : ''}`);
  doc.end();
  return bytes;
}
