import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PinnedWorkbookWriter } from '../../../src/render/xlsx/pinned-workbook-writer.js';
import { colourStyle, headerStyle, percentStyle } from '../../../src/render/xlsx/xlsx-styles.js';
import { bodyBytes, readWorkbook, zipEntryStamps, zipEntryText } from './read-workbook.js';

/** Writes the same styled rows with a writer, returns the zip bytes. */
async function writeRows(make: (stream: PassThrough) => ExcelJS.stream.xlsx.WorkbookWriter): Promise<Buffer> {
  const stream = new PassThrough();
  const bytes = bodyBytes(stream);
  const writer = make(stream);
  const sheet = writer.addWorksheet('Rows');
  const header = sheet.addRow(['Name', 'Colour', 'Percent', 'Count']);
  header.eachCell((cell) => (cell.style = headerStyle));
  header.commit();
  ['Green', 'Red', 'Amber', 'Gray', 'Red'].forEach((colour, index) => {
    const row = sheet.addRow([`policy ${index}`, colour, index / 10, index]);
    row.getCell(2).style = colourStyle.get(colour) ?? {};
    row.getCell(3).style = percentStyle;
    // A fresh style object per cell, as exceljs makes for every cell it creates.
    row.getCell(4).style = { numFmt: '#,##0' };
    row.commit();
  });
  sheet.commit();
  await writer.commit();
  return bytes;
}

describe('PinnedWorkbookWriter', () => {
  const date = new Date('2001-02-03T04:05:06Z');

  it('styles cells exactly as exceljs does on its own', async () => {
    const pinned = await readWorkbook(
      await writeRows((stream) => new PinnedWorkbookWriter({ stream, date, creator: 'test' })),
    );
    const plain = await readWorkbook(
      await writeRows((stream) => new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true })),
    );
    const cells = (workbook: ExcelJS.Workbook): unknown[] => {
      const found: unknown[] = [];
      workbook
        .getWorksheet('Rows')
        ?.eachRow((row) =>
          row.eachCell((cell) => found.push({ address: cell.address, value: cell.value, style: cell.style })),
        );
      return found;
    };
    expect(cells(pinned)).toHaveLength(24);
    expect(cells(pinned)).toEqual(cells(plain));
  });

  it('stamps its date on every zip entry', async () => {
    const bytes = await writeRows((stream) => new PinnedWorkbookWriter({ stream, date, creator: 'test' }));
    const expected = { date: ((2001 - 1980) << 9) | (2 << 5) | 3, time: (4 << 11) | (5 << 5) | 3 };
    const entries = zipEntryStamps(bytes);
    expect(entries.length).toBeGreaterThan(5);
    for (const entry of entries) expect({ date: entry.date, time: entry.time }).toEqual(expected);
  });

  it('names each auto-filter range for its sheet', async () => {
    const stream = new PassThrough();
    const bytes = bodyBytes(stream);
    const writer = new PinnedWorkbookWriter({ stream, date, creator: 'test' });
    for (const name of ['First', "Bob's"]) {
      const sheet = writer.addWorksheet(name);
      sheet.addRow(['a', 'b']).commit();
      sheet.autoFilter = 'A1:B1';
      writer.addFilterName(name, '$A$1:$B$1');
      sheet.commit();
    }
    await writer.commit();
    const workbookXml = zipEntryText(await bytes, 'xl/workbook.xml');
    expect(workbookXml).toContain(
      '<definedName name="_xlnm._FilterDatabase" localSheetId="0">&apos;First&apos;!$A$1:$B$1</definedName>',
    );
    expect(workbookXml).toContain(
      '<definedName name="_xlnm._FilterDatabase" localSheetId="1">&apos;Bob&apos;&apos;s&apos;!$A$1:$B$1</definedName>',
    );
  });
});
