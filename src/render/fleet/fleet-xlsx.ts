import type { FleetFigures } from '../../model/fleet.js';
import type { RenderedBody, RenderOptions } from '../../model/renderer.js';
import { toolInfo } from '../../tool-info.js';
import { showBidiControls } from '../../text/terminal-text.js';
import { rowProgress } from '../render-progress.js';
import { cellText } from '../xlsx/cell-text.js';
import { PinnedWorkbookWriter } from '../xlsx/pinned-workbook-writer.js';
import { fixedDate } from '../xlsx/render-xlsx.js';
import { countedPace, writeTableSheet, type TableSheet } from '../xlsx/table-sheet.js';
import { WorkbookOutput } from '../xlsx/workbook-output.js';
import { planFleet } from './fleet-plan.js';
import { accountsSheet, categoriesSheet, policiesSheet } from './fleet-sheets.js';

/** The most rows a worksheet of Excel holds (and so LibreOffice and exceljs), header included. */
export const maxSheetRows = 1_048_576;

/**
 * `table` as sheets of at most `maxRows` rows each, header included: `Accounts`, then
 * `Accounts 2`, `Accounts 3`…, so that Excel opens every row instead of cutting the
 * sheet at its limit. A workbook is written whatever its size; each sheet repeats the header.
 */
export function splitSheet<T>(table: TableSheet<T>, rows: readonly T[], maxRows = maxSheetRows): TableSheet<T>[] {
  const perSheet = maxRows - 1;
  const sheets: TableSheet<T>[] = [];
  for (let start = 0; start === 0 || start < rows.length; start += perSheet) {
    const part = rows.slice(start, start + perSheet);
    sheets.push({
      ...table,
      name: start === 0 ? table.name : `${table.name} ${start / perSheet + 1}`,
      rows: () => part,
    });
  }
  return sheets;
}

async function writeWorkbook(fleet: FleetFigures, options: RenderOptions, output: WorkbookOutput): Promise<void> {
  const plan = planFleet(fleet, options);
  const writer = new PinnedWorkbookWriter({
    stream: output.stream,
    date: options.now ?? fixedDate,
    creator: toolInfo.name,
  });
  writer.title = showBidiControls(cellText(plan.title));
  const pace = countedPace(output.pace, rowProgress(options, 'xlsx'));
  const tables = [
    ...splitSheet(accountsSheet(plan), plan.worst),
    ...splitSheet(policiesSheet(plan), plan.failing),
    ...splitSheet(categoriesSheet(plan), plan.categories),
  ];
  // One sheet at a time: exceljs zips sheets in order, and an open one would wait in memory.
  for (const table of tables) await writeTableSheet(writer, table as TableSheet<unknown>, pace);
  await writer.commit();
}

/**
 * Renders the fleet tier as an Excel workbook: Accounts (every account and benchmark,
 * the worst first), Policies (every policy failing somewhere, failing in the most
 * accounts first) and Categories (each category across the accounts). A sheet past
 * Excel's 1,048,576 rows goes on in a numbered one. The workbook comes back as a
 * stream of zip chunks written while the caller reads.
 */
export async function renderFleetXlsx(fleet: FleetFigures, options: RenderOptions): Promise<RenderedBody> {
  const output = new WorkbookOutput();
  writeWorkbook(fleet, options, output).catch((error: unknown) => output.fail(error));
  return output.stream;
}
