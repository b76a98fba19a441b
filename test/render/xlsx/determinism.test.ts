import { describe, expect, it } from 'vitest';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { renderXlsxView } from '../../../src/render/xlsx/render-xlsx.js';
import { bodyBytes, hostileView, readWorkbook, rowOf, sheet, zipEntryStamps } from './read-workbook.js';

/** MS-DOS date and time fields of a UTC time, as zip entries hold them. */
function dosStamp(date: Date): { date: number; time: number } {
  return {
    date: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
  };
}

describe('XLSX determinism', () => {
  it('gives identical bytes for the same input and options', async () => {
    const view = await hostileView();
    const first = await bodyBytes(await renderXlsxView(view, {}));
    const second = await bodyBytes(await renderXlsxView(await hostileView(), {}));
    expect(second.equals(first)).toBe(true);
  });

  it('stamps a fixed date on every zip entry and in the document properties', async () => {
    const bytes = await bodyBytes(await renderXlsxView(await hostileView(), {}));
    const entries = zipEntryStamps(bytes);
    expect(entries.map((entry) => entry.name)).toContain('xl/worksheets/sheet3.xml');
    const fixed = dosStamp(new Date('1980-01-01T00:00:00Z'));
    for (const entry of entries) expect({ date: entry.date, time: entry.time }).toEqual(fixed);
    const workbook = await readWorkbook(bytes);
    expect(workbook.created.toISOString()).toBe('1980-01-01T00:00:00.000Z');
    expect(workbook.modified.toISOString()).toBe('1980-01-01T00:00:00.000Z');
    expect(workbook.creator).toBe('cspm-report');
  });

  it('stamps the time of generation when options.now is given', async () => {
    const now = new Date('2026-03-04T05:06:08Z');
    const view = await hostileView();
    const bytes = await bodyBytes(await renderXlsxView(view, { now }));
    for (const entry of zipEntryStamps(bytes)) expect({ date: entry.date, time: entry.time }).toEqual(dosStamp(now));
    expect((await readWorkbook(bytes)).created.toISOString()).toBe(now.toISOString());
    expect(bytes.equals(await bodyBytes(await renderXlsxView(view, {})))).toBe(false);
  });

  it('stamps the view model time of generation when the view carries one', async () => {
    const now = new Date('2026-03-04T05:06:08Z');
    const view = buildViewModel(await analyseInputs('test/fixtures/hostile-report.json'), { now });
    const workbook = await readWorkbook(await bodyBytes(await renderXlsxView(view, {})));
    expect(workbook.created.toISOString()).toBe(now.toISOString());
    const summary = sheet(workbook, 'Summary');
    expect(summary.getCell(rowOf(summary, 'Generated at'), 2).value).toEqual(now);
  });
});
