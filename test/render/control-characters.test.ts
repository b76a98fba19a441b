import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { renderers, type ViewModel } from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { buildViewModel } from '../../src/render/build-view-model.js';
import { collectBytes } from '../../src/render/renderers.js';
import { minimalReport } from '../support/minimal-report.js';
import { infoOf, outlineOf, textOf, type Bookmark } from './pdf/pdf-helpers.js';

const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

async function hostileView(): Promise<ViewModel> {
  const report = minimalReport();
  report.BenchmarkName = 'Bench\u001b]0;pwned\u0007mark';
  const category = report.ResourceCategories[0]!;
  category.CategoryName = 'Storage\u0000NUL';
  category.Policies[0]!.ShortTitle = 'Escape\u001b[31mred\u007fDEL\u0085NEL';
  return buildViewModel(await analyseInputs({ value: report, name: 'controls.json' }));
}

function titles(items: readonly Bookmark[]): string[] {
  return items.flatMap((item) => [item.title, ...titles(item.items)]);
}

describe('control characters in report text', () => {
  it('are shown as \\uXXXX, the same way, in HTML, PDF text, PDF metadata, PDF bookmarks and XLSX', async () => {
    const view = await hostileView();
    const html = Buffer.from(await collectBytes(await renderers.html.render(view, {}))).toString('utf8');
    expect(html).not.toMatch(raw);
    expect(html).toContain('Storage\\u0000NUL');
    expect(html).toContain('Escape\\u001b[31mred\\u007fDEL\\u0085NEL');
    // The page script puts the rows of its JSON blocks into the page as they parse.
    const blocks = [...html.matchAll(/<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? 'null') as unknown,
    );
    const parsed = JSON.stringify(blocks, (_key, value: unknown) =>
      typeof value === 'string' && raw.test(value) ? `RAW:${value}` : value,
    );
    expect(parsed).not.toContain('RAW:');
    expect(parsed).toContain('Escape\\\\u001b[31mred\\\\u007fDEL\\\\u0085NEL');

    const pdf = Buffer.from(await collectBytes(await renderers.pdf.render(view, { title: 'Audit\u001b[2J\u0000' })));
    const text = (await textOf(pdf)).replace(/\s+/g, '');
    expect(text).toContain('Storage\\u0000NUL');
    expect(text).toContain('Escape\\u001b[31mred\\u007fDEL\\u0085NEL');
    const info = await infoOf(pdf);
    expect(info['Title']).toBe('Audit\\u001b[2J\\u0000');
    expect(info['Subject']).toContain('Bench\\u001b]0;pwned\\u0007mark');
    const bookmarks = titles(await outlineOf(pdf));
    expect(bookmarks).toContain('Bench\\u001b]0;pwned\\u0007mark — Contoso Azure');
    expect(bookmarks).toContain('1. Storage\\u0000NUL');
    for (const title of bookmarks) expect(title).not.toMatch(raw);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      Buffer.from(await collectBytes(await renderers.xlsx.render(view, {}))) as unknown as ArrayBuffer,
    );
    const cells: string[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))));
    expect(cells).toContain('Storage\\u0000NUL');
    expect(cells).toContain('Escape\\u001b[31mred\\u007fDEL\\u0085NEL');
  });
});

/** Bidirectional controls: an override, an isolate and a mark, each able to reorder what a line shows. */
const bidi = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

async function bidiView(): Promise<ViewModel> {
  const report = minimalReport();
  report.BenchmarkName = 'Bench \u202eEVIL\u202c end';
  report.BenchmarkId = 'ID\u2066x\u2069';
  const policy = report.ResourceCategories[0]!.Policies[0]!;
  policy.ShortTitle = 'Allow \u202eAll\u202c\u200f\u0001';
  return buildViewModel(await analyseInputs({ value: report, name: 'bidi.json' }));
}

describe('bidirectional controls in report text', () => {
  it('are shown as \\uXXXX in PDF metadata (Title, Subject, Keywords) as pdf.js reads them', async () => {
    const pdf = Buffer.from(await collectBytes(await renderers.pdf.render(await bidiView(), {})));
    const info = await infoOf(pdf);
    for (const field of ['Title', 'Subject', 'Keywords']) expect(String(info[field])).not.toMatch(bidi);
    expect(info['Title']).toContain('Bench \\u202eEVIL\\u202c end');
    expect(info['Subject']).toContain('Bench \\u202eEVIL\\u202c end');
    expect(info['Keywords']).toContain('ID\\u2066x\\u2069');
  });

  it("are shown as \\uXXXX in the XLSX title; sheet names are the tool's own", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      Buffer.from(await collectBytes(await renderers.xlsx.render(await bidiView(), {}))) as unknown as ArrayBuffer,
    );
    expect(workbook.title).toContain('Bench \\u202eEVIL\\u202c end');
    expect(workbook.title).not.toMatch(bidi);
    expect(workbook.worksheets.length).toBeGreaterThan(3);
    for (const sheet of workbook.worksheets) expect(sheet.name).toMatch(/^[A-Za-z& ]+$/);
  });

  it('are shown as \\uXXXX in CSV cells, as control characters are, and nothing else changes', async () => {
    const csv = Buffer.from(await collectBytes(await renderers.csv.render(await bidiView(), {}))).toString('utf8');
    expect(csv).not.toMatch(bidi);
    expect(csv).toContain('Allow \\u202eAll\\u202c\\u200f\\u0001');
    expect(csv).toContain('Bench \\u202eEVIL\\u202c end');
  });
});
