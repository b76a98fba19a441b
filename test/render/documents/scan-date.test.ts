import { describe, expect, it } from 'vitest';
import { readScanDate } from '../../../src/render/stated-date.js';
import { renderers } from '../../../src/index.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { minimalReport } from '../../support/minimal-report.js';
import { htmlText, manyGray, pdfText, rowsOf, viewOf, workbookOf } from './support.js';

describe('dates a person reads', () => {
  it.each([
    {
      name: 'ISO 8601 in UTC with 7 decimals, as the service writes it',
      stated: '2019-12-31T09:55:12.4171536Z',
      epoch: undefined,
      text: '2019-12-31 09:55 UTC',
    },
    {
      name: 'an offset, converted to UTC',
      stated: '2019-12-31T10:55:00+01:00',
      epoch: undefined,
      text: '2019-12-31 09:55 UTC',
    },
    {
      name: 'no zone: shown without inventing one',
      stated: '2019-12-31T09:55:12',
      epoch: undefined,
      text: '2019-12-31 09:55',
    },
    { name: 'only the epoch seconds', stated: null, epoch: 1577786112, text: '2019-12-31 09:55 UTC' },
    { name: 'text that is no date: shown as stated', stated: 'yesterday', epoch: undefined, text: 'yesterday' },
    { name: 'an impossible day', stated: '2019-02-30T09:55:00Z', epoch: undefined, text: '2019-02-30T09:55:00Z' },
  ])('$name', ({ stated, epoch, text }) => {
    expect(readScanDate(stated, epoch)?.text).toBe(text);
  });

  it('shows nothing when the report carries no scan date', async () => {
    const view = await viewOf({ value: [minimalReport()], name: 'none.json' });
    expect(view.reports[0]!.lastScanned).toBeNull();
    expect(await htmlText(view)).not.toContain('Last scanned');
  });

  it('prints "Last scanned 2019-12-31 09:55 UTC" in HTML and PDF and stores a real date in XLSX', async () => {
    const view = await viewOf(manyGray);
    expect(await htmlText(view)).toContain('Last scanned 2019-12-31 09:55 UTC');
    expect(await pdfText(view)).toContain('Last scanned 2019-12-31 09:55 UTC');
    const workbook = await workbookOf(view);
    const summary = rowsOf(workbook, 'Summary');
    const header = summary.find((row) => row[0] === 'Benchmark')!;
    const column = header.indexOf('Last scanned');
    const cell = workbook.getWorksheet('Summary')!.getCell(summary.indexOf(header) + 2, column + 1);
    expect(cell.value).toEqual(new Date('2019-12-31T09:55:12Z'));
    expect(cell.numFmt).toBe('yyyy-mm-dd hh:mm "UTC"');
  });

  it('prints the time of generation only with now, in the same words, and stays byte-identical without it', async () => {
    const view = await viewOf(manyGray);
    for (const format of ['html', 'pdf', 'xlsx'] as const) {
      const first = await collectBytes(await renderers[format].render(view, {}));
      const second = await collectBytes(await renderers[format].render(await viewOf(manyGray), {}));
      expect(Buffer.from(first).equals(Buffer.from(second)), format).toBe(true);
    }
    const now = new Date('2026-11-23T20:44:31.123Z');
    const stamped = await viewOf(manyGray, { now });
    expect(await htmlText(stamped)).toContain('generated 2026-11-23 20:44 UTC');
    expect(await pdfText(stamped, { now })).toContain('Generated 2026-11-23 20:44 UTC');
    const summary = rowsOf(await workbookOf(stamped, { now }), 'Summary');
    expect(summary.find((row) => row[0] === 'Generated at')?.[1]).toEqual(new Date('2026-11-23T20:44:31Z'));
  });
});
