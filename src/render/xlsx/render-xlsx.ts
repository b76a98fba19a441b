import { showBidiControls } from '../../text/terminal-text.js';
import { cellText } from './cell-text.js';
import type { RenderOptions, RenderedBody } from '../../model/renderer.js';
import type { ViewModel } from '../../model/view-model.js';
import { acceptedRisksSheet } from './accepted-risks-sheet.js';
import { actionSheet } from './action-sheet.js';
import { categoriesSheet } from './categories-sheet.js';
import { categoryChangesSheet } from './category-changes-sheet.js';
import { changesSheet } from './changes-sheet.js';
import { findingsSheet } from './findings-sheet.js';
import { PinnedWorkbookWriter } from './pinned-workbook-writer.js';
import { policiesSheet } from './policies-sheet.js';
import { poamSheet } from './poam-sheet.js';
import { summarySheet } from './summary-sheet.js';
import { countedPace, writeTableSheet } from './table-sheet.js';
import { rowProgress } from '../render-progress.js';
import { WorkbookOutput } from './workbook-output.js';

/** Above this many policy and finding rows the workbook comes back as a stream, not as bytes. */
export const streamAboveRows = 50_000;

/**
 * The date stamped into a workbook made without `now`: the earliest a zip entry can
 * carry, so that the same input gives the same bytes.
 */
export const fixedDate = new Date('1980-01-01T00:00:00Z');

async function writeWorkbook(view: ViewModel, options: RenderOptions, output: WorkbookOutput): Promise<void> {
  const date = options.now ?? (view.generatedAt ? new Date(view.generatedAt) : fixedDate);
  const title = options.title ?? view.title;
  const writer = new PinnedWorkbookWriter({ stream: output.stream, date, creator: view.tool.name });
  const pace = countedPace(output.pace, rowProgress(options, 'xlsx'));
  // The title goes into docProps/core.xml, XML like every cell: the same treatment, and
  // bidirectional controls shown too, as in PDF metadata: file managers show it as one line.
  writer.title = showBidiControls(cellText(title));
  // One sheet at a time: exceljs zips sheets in order, so a sheet still open behind
  // another would sit in memory until the one before it is committed.
  await writeTableSheet(writer, summarySheet(view, title), pace);
  if (view.reports.some((report) => report.changes)) {
    await writeTableSheet(writer, changesSheet(view), pace);
    await writeTableSheet(writer, categoryChangesSheet(view), pace);
  }
  if (view.acceptedRisks) await writeTableSheet(writer, acceptedRisksSheet(view.acceptedRisks), pace);
  await writeTableSheet(writer, categoriesSheet(view), pace);
  await writeTableSheet(writer, actionSheet(view), pace);
  await writeTableSheet(writer, policiesSheet(view), pace);
  await writeTableSheet(writer, poamSheet(view), pace);
  await writeTableSheet(writer, findingsSheet(view), pace);
  await writer.commit();
}

/**
 * Renders the view model as an Excel workbook: Summary, Categories, Action list,
 * Policies, POA&M and Findings sheets; with a diff (`options.diff`), Changes and Category
 * changes sheets after the Summary; with exceptions, an Accepted risks sheet before the
 * Categories and an Exception column on the Action list and Policies sheets. Small
 * workbooks come back as bytes; large ones as a stream of zip chunks written while the
 * caller reads (the caller must read it to the end).
 *
 * @param streamAbove - the row count above which the workbook streams: {@link streamAboveRows},
 * which every caller in the library keeps. Lower only in a test, so that a stream read
 * slowly need not be tens of thousands of rows long (seconds to write); never a way to
 * hold a larger workbook in memory.
 */
export async function renderXlsxView(
  view: ViewModel,
  options: RenderOptions,
  streamAbove = streamAboveRows,
): Promise<RenderedBody> {
  const output = new WorkbookOutput();
  const written = writeWorkbook(view, options, output).catch((error: unknown) => {
    output.fail(error);
    throw error;
  });
  if (view.rollup.policies + view.findings.length > Math.min(streamAbove, streamAboveRows)) {
    // The reader sees a failure as the stream's error.
    written.catch(() => undefined);
    return output.stream;
  }
  const [bytes] = await Promise.all([output.bytes(), written]);
  return bytes;
}
