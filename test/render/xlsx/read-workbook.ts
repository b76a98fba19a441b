import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import type { RenderedBody } from '../../../src/model/renderer.js';
import type { ViewModel } from '../../../src/model/view-model.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { collectBytes } from '../../../src/render/renderers.js';

/** The bytes of a rendered body, whole or streamed. */
export async function bodyBytes(body: RenderedBody): Promise<Buffer> {
  return Buffer.from(await collectBytes(body));
}

/** Reads a workbook back with exceljs, as a consumer of the file would. */
export async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet that must exist. */
export function sheet(workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const found = workbook.getWorksheet(name);
  if (!found) throw new Error(`no sheet ${name}`);
  return found;
}

/** Number of the first row whose column A reads `text`. */
export function rowOf(worksheet: ExcelJS.Worksheet, text: string): number {
  for (let number = 1; number <= worksheet.rowCount; number += 1) {
    if (worksheet.getCell(number, 1).value === text) return number;
  }
  throw new Error(`no row starting with ${text} in ${worksheet.name}`);
}

/** Column number of a header in a header row. */
export function columnOf(worksheet: ExcelJS.Worksheet, headerRow: number, header: string): number {
  const row = worksheet.getRow(headerRow);
  for (let column = 1; column <= row.cellCount; column += 1) {
    if (row.getCell(column).value === header) return column;
  }
  throw new Error(`no column ${header} in ${worksheet.name}`);
}

/** The view model of the hostile fixture, optionally edited first (to make findings). */
export async function hostileView(
  edit?: (document: { result: Record<string, unknown>[] }) => void,
): Promise<ViewModel> {
  if (!edit) return buildViewModel(await analyseInputs('test/fixtures/hostile-report.json'));
  const document = JSON.parse(await readFile('test/fixtures/hostile-report.json', 'utf8')) as {
    result: Record<string, unknown>[];
  };
  edit(document);
  return buildViewModel(await analyseInputs({ value: document, name: 'hostile-copy.json' }));
}

/** Date and time fields (MS-DOS format) of every entry in a zip's central directory. */
export function zipEntryStamps(zip: Buffer): { name: string; date: number; time: number }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries: { name: string; date: number; time: number }[] = [];
  for (let index = 0; index < count; index += 1) {
    const nameLength = zip.readUInt16LE(offset + 28);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.push({ name, time: zip.readUInt16LE(offset + 12), date: zip.readUInt16LE(offset + 14) });
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return entries;
}

/** The text of one zip entry (deflated or stored), found through the central directory. */
export function zipEntryText(zip: Buffer, wanted: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let offset = zip.readUInt32LE(end + 16);
  for (let index = 0; index < zip.readUInt16LE(end + 10); index += 1) {
    const nameLength = zip.readUInt16LE(offset + 28);
    if (zip.toString('utf8', offset + 46, offset + 46 + nameLength) === wanted) {
      const local = zip.readUInt32LE(offset + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + zip.readUInt32LE(offset + 20));
      return (zip.readUInt16LE(offset + 10) === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  throw new Error(`no zip entry ${wanted}`);
}
