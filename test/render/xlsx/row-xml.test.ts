import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PinnedWorkbookWriter } from '../../../src/render/xlsx/pinned-workbook-writer.js';
import { rowXml, type XmlColumn } from '../../../src/render/xlsx/row-xml.js';
import { colourStyle, countStyle, headerStyle, type CellStyle } from '../../../src/render/xlsx/xlsx-styles.js';
import { bodyBytes, readWorkbook } from './read-workbook.js';

interface Item {
  title: string;
  colour: string;
  count: number | null;
}

const columns: XmlColumn<Item>[] = [
  { value: (item) => item.title },
  { value: (item) => item.colour, style: (item) => colourStyle.get(item.colour) },
  { value: (item) => item.count, style: () => countStyle },
];

const items: Item[] = [
  { title: '=SUM(1,2)', colour: 'Red', count: 1234 },
  { title: '=SUM(1,2)', colour: 'Green', count: null },
  { title: '<b>&amp; "quoted"</b>', colour: 'Other', count: 0.5 },
  { title: 'Escape \u001b[0m', colour: 'Gray', count: -3 },
  { title: '  spaced  ', colour: 'Amber', count: Number.NaN },
];

/** The same row through exceljs's own row objects. */
function addRow(sheet: ExcelJS.Worksheet, item: Item): void {
  const values = columns
    .map((column) => column.value(item))
    .map((value) => (typeof value === 'number' && !Number.isFinite(value) ? null : value));
  const row = sheet.addRow(values);
  columns.forEach((column, position) => {
    const style = column.style?.(item);
    if (style) row.getCell(position + 1).style = style;
  });
  row.commit();
}

describe('rowXml', () => {
  it('renders text as string cells, escaped, with style indexes', () => {
    const indexes = new Map<CellStyle, number>([
      [colourStyle.get('Red') as CellStyle, 7],
      [countStyle, 3],
    ]);
    const row = rowXml(columns, (style) => indexes.get(style) ?? 0);
    expect(row(12, items[0] as Item)).toBe(
      '<row r="12" spans="1:3" x14ac:dyDescent="0.25"><c r="A12" t="str"><v>=SUM(1,2)</v></c><c r="B12" s="7" t="str"><v>Red</v></c><c r="C12" s="3"><v>1234</v></c></row>',
    );
    expect(row(13, items[2] as Item)).toContain(
      '<c r="A13" t="str"><v>&lt;b&gt;&amp;amp; "quoted"&lt;/b&gt;</v></c><c r="B13" t="str"><v>Other</v></c>',
    );
    // A styled empty cell keeps its style; a non-finite number is left out.
    expect(row(14, items[1] as Item)).toContain('<c r="C14" s="3"/>');
    expect(row(15, items[4] as Item)).toContain('<c r="C15" s="3"/></row>');
  });

  it('reads back like the rows exceljs writes itself', async () => {
    const write = async (asXml: boolean): Promise<unknown[]> => {
      const stream = new PassThrough();
      const bytes = bodyBytes(stream);
      const writer = new PinnedWorkbookWriter({ stream, date: new Date(0), creator: 'test' });
      const sheet = writer.addWorksheet('Rows');
      const header = sheet.addRow(['Title', 'Colour', 'Count']);
      header.eachCell((cell) => (cell.style = headerStyle));
      header.commit();
      if (asXml) {
        const row = rowXml(columns, writer.styleIndex);
        await writer.writeRowsXml(sheet, items.map((item, index) => row(index + 2, item)).join(''));
      } else {
        for (const item of items) addRow(sheet, item);
      }
      sheet.commit();
      await writer.commit();
      const found: unknown[] = [];
      (await readWorkbook(await bytes))
        .getWorksheet('Rows')
        ?.eachRow((read) =>
          read.eachCell((cell) =>
            found.push({ address: cell.address, type: cell.type, value: cell.value, style: cell.style }),
          ),
        );
      return found;
    };
    const fromXml = await write(true);
    expect(fromXml.length).toBeGreaterThan(12);
    // Control characters aside (the XML rows show them as \u escapes, exceljs drops them).
    const withoutEscapes = (cells: unknown[]): unknown[] =>
      cells.filter((cell) => (cell as { address: string }).address !== 'A5');
    expect(withoutEscapes(fromXml)).toEqual(withoutEscapes(await write(false)));
  });
});
