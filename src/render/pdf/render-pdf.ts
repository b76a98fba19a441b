import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RenderedBody, RenderOptions } from '../../model/renderer.js';
import type { ViewModel } from '../../model/view-model.js';
import { drawAcceptedRisks } from './accepted-risks.js';
import { bookmark, heading } from './blocks.js';
import { drawCategoryTable, drawReportTable } from './category-table.js';
import { drawChanges } from './changes-section.js';
import { drawCover } from './cover.js';
import { drawDataQuality } from './data-quality.js';
import { drawContents, reserveContents } from './contents.js';
import { displayCount } from '../display-values.js';
import { cutPolicies } from '../policy-listing.js';
import { drawActionList } from './action-list.js';
import { openPdf } from './open-pdf.js';
import { pauseOften } from '../pause-often.js';
import { rowProgress } from '../render-progress.js';
import { drawnPolicies, drawPolicies, policyBookmarks } from './policy-table.js';
import { drawReportSummary, drawRollupSummary } from './summary.js';
import { sizes } from './theme.js';

/** Policy rows listed when the caller sets no `maxPolicies`: enough for any real account. */
export const defaultMaxPolicies = 50_000;

/**
 * Renders a view model to PDF bytes: cover, table of contents, a roll-up when there
 * are several benchmark reports, then per report its summary with charts, its
 * changes since an earlier scan (with `options.diff`), its category table, its action list and its listed policies (the
 * most severe under
 * `maxPolicies`), with exceptions the Accepted risks, and last the data-quality findings; with bookmarks, metadata and
 * "page X of Y". Same view and options give the same bytes unless `now` is set.
 */
export async function renderPdfView(view: ViewModel, options: RenderOptions): Promise<RenderedBody> {
  const pdf = openPdf(view, options);
  const { canvas } = pdf;
  const limit = Math.max(0, Math.floor(options.maxPolicies ?? defaultMaxPolicies));
  const cut = cutPolicies(view, limit);
  const coverNote = cut.text ?? view.policyListing.leftOut;
  const rows = view.reports.reduce((sum, report) => sum + drawnPolicies(report, cut), 0);
  const pause = pauseOften(500, rowProgress(options, 'pdf', rows));

  canvas.newPage(false);
  bookmark(canvas, 'Cover', undefined, 0);
  drawCover(canvas, view, options, coverNote);
  await nextTurn();
  canvas.newPage();
  bookmark(canvas, 'Contents', undefined, 0);
  const contents = reserveContents(canvas, {
    level1: (view.reports.length > 1 ? 1 : 0) + view.reports.length + 1 + (view.acceptedRisks ? 1 : 0),
    level2: view.reports.reduce((sum, report) => sum + policyBookmarks(report, cut) + (report.changes ? 1 : 0), 0),
  });
  if (view.reports.length > 1) {
    canvas.newPage();
    bookmark(canvas, 'Roll-up across benchmark reports');
    drawRollupSummary(canvas, view);
    await nextTurn();
    heading(canvas, 'Benchmark reports', 2);
    drawReportTable(canvas, view.reports);
  }
  for (const report of view.reports) {
    // A turn of the event loop between sections, so that a stop signal is handled while
    // a long document is drawn (and every few hundred rows of a policy table).
    await nextTurn();
    canvas.newPage();
    const item = bookmark(canvas, `${report.benchmarkName} — ${report.accountName}`);
    drawReportSummary(canvas, report, view.ranking.worstCategories);
    if (report.changes) drawChanges(canvas, report, report.changes, item);
    heading(canvas, 'Categories', 2, 60);
    drawCategoryTable(canvas, report);
    canvas.y += 14;
    drawActionList(canvas, report, view.ranking.actions, item);
    const drawn = drawnPolicies(report, cut);
    if (drawn > 0) {
      canvas.y += 2;
      bookmark(canvas, 'Policies', item, heading(canvas, `Policies of ${report.benchmarkName}`, 1, 160));
      const note = cut.text ?? report.policiesLeftOut;
      if (note)
        canvas.paragraph(
          `${displayCount(drawn)} of ${displayCount(report.figures.total)} policies of this report listed. ${note}`,
          { size: sizes.body, colour: 'muted' },
          6,
        );
      await drawPolicies(canvas, report, cut, item, pause);
    }
  }
  if (view.acceptedRisks) {
    canvas.newPage();
    drawAcceptedRisks(canvas, view.acceptedRisks);
  }
  canvas.newPage();
  bookmark(canvas, 'Data quality');
  drawDataQuality(canvas, view);
  drawContents(canvas, contents, canvas.outline);
  await nextTurn();
  return pdf.finish();
}
