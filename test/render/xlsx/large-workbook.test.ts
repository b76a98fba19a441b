import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseInputs } from '../../../src/index.js';
import type { ViewModel } from '../../../src/model/view-model.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { renderXlsxView, streamAboveRows } from '../../../src/render/xlsx/render-xlsx.js';
import { minimalReport, policy } from '../../support/minimal-report.js';
import { bodyBytes } from './read-workbook.js';

/** Row counts of every sheet, read with exceljs's streaming reader. */
async function rowCounts(bytes: Buffer): Promise<number[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {});
  const counts: number[] = [];
  for await (const worksheet of reader) {
    let rows = 0;
    for await (const row of worksheet) rows = Math.max(rows, row.number);
    counts.push(rows);
  }
  return counts;
}

describe('a workbook above the streaming threshold', () => {
  const policies = streamAboveRows + 1_000;
  let view: ViewModel;
  // One render read at full speed, shared: both tests read it, and rendering takes seconds.
  let body: Awaited<ReturnType<typeof renderXlsxView>>;
  let fast: Buffer;
  beforeAll(async () => {
    const report = minimalReport();
    const category = report.ResourceCategories[0];
    if (!category) throw new Error('the minimal report has categories');
    category.Policies = Array.from({ length: policies }, (_, index) => policy(`Policy${index}`, `1000.${index + 1}`, index % 3, 2));
    view = buildViewModel(await analyseInputs({ value: [report], name: 'large.json' }));
    body = await renderXlsxView(view, {});
    fast = await bodyBytes(body);
  }, 180_000);

  it('comes back as a stream that holds a row per policy', async () => {
    expect(body).not.toBeInstanceOf(Uint8Array);
    const counts = await rowCounts(fast);
    expect(counts[3]).toBe(1 + view.rollup.policies);
    expect(view.rollup.policies).toBe(policies + 2);
  });

  it('gives the same bytes when read slowly', async () => {
    const slow = await renderXlsxView(view, {});
    const chunks: Buffer[] = [];
    for await (const chunk of slow as AsyncIterable<Uint8Array>) {
      chunks.push(Buffer.from(chunk));
      if (chunks.length % 8 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(Buffer.concat(chunks).equals(fast)).toBe(true);
  });
});
