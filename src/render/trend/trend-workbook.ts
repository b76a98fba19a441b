import type { RenderedBody } from '../../model/renderer.js';
import { toolInfo } from '../../tool-info.js';
import { cellText } from '../xlsx/cell-text.js';
import { PinnedWorkbookWriter } from '../xlsx/pinned-workbook-writer.js';
import { fixedDate } from '../xlsx/render-xlsx.js';
import { writeTableSheet, type TableSheet } from '../xlsx/table-sheet.js';
import { WorkbookOutput } from '../xlsx/workbook-output.js';
import type { TrendRenderOptions } from './trend-renderer.js';

/** Writes one sheet of a trend workbook, paced by the workbook's reader. */
export type WriteSheet = <T>(sheet: TableSheet<T>) => Promise<void>;

/**
 * A trend workbook (of one account or of a fleet): the streaming writer pinned to a
 * date, titled, with the sheets `writeSheets` writes in order, its bytes once committed.
 * A writer that fails fails the bytes too, so that no half workbook is written.
 */
export async function renderTrendWorkbook(
  title: string,
  options: TrendRenderOptions,
  writeSheets: (write: WriteSheet) => Promise<void>,
): Promise<RenderedBody> {
  const output = new WorkbookOutput();
  const written = (async () => {
    const writer = new PinnedWorkbookWriter({
      stream: output.stream,
      date: options.now ?? fixedDate,
      creator: toolInfo.name,
    });
    writer.title = cellText(title);
    await writeSheets((sheet) => writeTableSheet(writer, sheet, output.pace));
    await writer.commit();
  })().catch((error: unknown) => {
    output.fail(error);
    throw error;
  });
  const [bytes] = await Promise.all([output.bytes(), written]);
  return bytes;
}
