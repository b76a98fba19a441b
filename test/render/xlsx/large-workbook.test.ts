import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import type { ViewModel } from '../../../src/model/view-model.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { renderXlsxView, streamAboveRows } from '../../../src/render/xlsx/render-xlsx.js';
import { minimalReport, policy } from '../../support/minimal-report.js';
import { bodyBytes, zipEntryText } from './read-workbook.js';

/**
 * The names of the sheets, and the row count of `counted`, read with exceljs's streaming
 * reader. The other sheets are passed over unread.
 */
async function rowCount(bytes: Buffer, counted: string): Promise<{ names: string[]; rows: number }> {
  // Read whole, not streamed: exceljs's streaming reader names a sheet only when it has parsed
  // xl/workbook.xml first, which its timing does not promise (a loaded machine saw "Sheet4").
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const names = workbook.worksheets.map((worksheet) => worksheet.name);
  return { names, rows: workbook.getWorksheet(counted)?.actualRowCount ?? 0 };
}

/**
 * The fourth sheet's name and its rows as its XML lists them: `<row r="n">` each. Of
 * 51,000 rows, parsing every cell with exceljs took seconds; the small streamed workbook
 * below is read back with exceljs.
 */
function policiesRows(bytes: Buffer): { name: string | undefined; rows: number; last: number } {
  const names = [...zipEntryText(bytes, 'xl/workbook.xml').matchAll(/<sheet [^>]*name="([^"]*)"/g)].map(
    (match) => match[1],
  );
  const xml = zipEntryText(bytes, 'xl/worksheets/sheet4.xml');
  const numbers = [...xml.matchAll(/<row r="(\d+)"/g)].map((match) => Number(match[1]));
  return { name: names[3], rows: numbers.length, last: numbers.at(-1) ?? 0 };
}

describe('a workbook above the streaming threshold', () => {
  const policies = streamAboveRows + 1_000;
  let view: ViewModel;
  let body: Awaited<ReturnType<typeof renderXlsxView>>;
  let fast: Buffer;
  beforeAll(async () => {
    const report = minimalReport();
    const category = report.ResourceCategories[0];
    if (!category) throw new Error('the minimal report has categories');
    category.Policies = Array.from({ length: policies }, (_, index) =>
      policy(`Policy${index}`, `1000.${index + 1}`, index % 3, 2),
    );
    view = buildViewModel(await analyseInputs({ value: [report], name: 'large.json' }));
    body = await renderXlsxView(view, {});
    fast = await bodyBytes(body);
  }, 180_000);

  it('comes back as a stream that holds a row per policy', async () => {
    expect(body).not.toBeInstanceOf(Uint8Array);
    const { name, rows, last } = policiesRows(fast);
    expect(name).toBe('Policies');
    expect(rows).toBe(1 + view.rollup.policies);
    expect(last).toBe(rows);
    expect(view.rollup.policies).toBe(policies + 2);
  });
});

describe('a workbook streamed under a lowered threshold', () => {
  // Reading slowly needs a stream, not tens of thousands of rows: 5,000 policies streamed
  // above a threshold lowered to 1,000 are some hundreds of kilobytes of zip, many times
  // what the stream buffers before the writer must wait for its reader.
  it('gives the same bytes when read slowly, and the same as when not streamed', async () => {
    const report = minimalReport();
    const category = report.ResourceCategories[0];
    if (!category) throw new Error('the minimal report has categories');
    category.Policies = Array.from({ length: 5_000 }, (_, index) =>
      policy(`Policy${index}`, `1000.${index + 1}`, index % 3, 2),
    );
    const view = buildViewModel(await analyseInputs({ value: [report], name: 'large.json' }));
    const whole = await renderXlsxView(view, {});
    expect(whole).toBeInstanceOf(Uint8Array);
    const fast = await renderXlsxView(view, {}, 1_000);
    expect(fast).not.toBeInstanceOf(Uint8Array);
    const fastBytes = await bodyBytes(fast);
    const slow = await renderXlsxView(view, {}, 1_000);
    const chunks: Buffer[] = [];
    for await (const chunk of slow as AsyncIterable<Uint8Array>) {
      chunks.push(Buffer.from(chunk));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(chunks.length).toBeGreaterThan(8);
    expect(Buffer.concat(chunks).equals(fastBytes)).toBe(true);
    expect(fastBytes.equals(Buffer.from(whole as Uint8Array))).toBe(true);
    const { names, rows } = await rowCount(fastBytes, 'Policies');
    expect(names[3]).toBe('Policies');
    expect(rows).toBe(1 + view.rollup.policies);
  });
});
