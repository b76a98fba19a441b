import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  isCspmError,
  type Analysis,
  type DocumentFormat,
  type PlannedDocument,
  type ReadyDocument,
} from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { collectBytes } from '../../src/render/renderers.js';
import { renderDocuments } from '../../src/render/render-documents.js';
import { minimalReport } from '../support/minimal-report.js';
import { textOf } from './pdf/pdf-helpers.js';

/**
 * Two good reports of their own scan jobs, a report with wrong stated totals, a JSON file that is no report, and one
 * that fails the schema.
 */
function inputs() {
  const second = minimalReport();
  second.JobId = 'a1b2c3d4-0000-4000-8000-000000000024';
  second.AccountName = 'Fabrikam Azure';
  const wrong = minimalReport();
  wrong.JobId = 'a1b2c3d4-0000-4000-8000-000000000034';
  wrong.ResourceCategories[0]!.Total = 9;
  const invalid = minimalReport() as unknown as Record<string, unknown>;
  invalid['JobId'] = 'a1b2c3d4-0000-4000-8000-000000000044';
  delete invalid['ResourceCategories'];
  return {
    good: { value: [minimalReport()], name: 'contoso.json' },
    second: { value: second, name: 'fabrikam.json' },
    wrong: { value: wrong, name: 'wrong.json' },
    other: { value: { name: 'not a report', version: 3 }, name: 'package.json' },
    invalid: { value: invalid, name: 'invalid.json' },
  };
}

async function analysisOf(...names: (keyof ReturnType<typeof inputs>)[]): Promise<Analysis> {
  const all = inputs();
  return analyseInputs(names.map((name) => all[name]));
}

function ready(document: PlannedDocument | undefined): ReadyDocument {
  if (document?.status !== 'ready') throw new Error(`expected a ready document, got ${document?.status ?? 'none'}`);
  return document;
}

async function bodyOf(document: PlannedDocument | undefined, format: DocumentFormat): Promise<Buffer> {
  const output = ready(document).outputs.find((item) => item.format === format);
  if (!output) throw new Error(`no ${format} output`);
  return Buffer.from(await collectBytes(await output.render()));
}

describe('renderDocuments', () => {
  it('makes one document per input, each of only its own reports', async () => {
    const plan = renderDocuments(await analysisOf('good', 'second'), { formats: ['html', 'xlsx'], combine: false });
    expect(plan.complete).toBe(true);
    expect(
      plan.documents.map((document) => [document.status, document.sources, document.analysis.summary.reports]),
    ).toEqual([
      ['ready', ['contoso.json'], 1],
      ['ready', ['fabrikam.json'], 1],
    ]);
    expect(
      ready(plan.documents[0]).outputs.map(({ format, extension, mediaType }) => [format, extension, mediaType]),
    ).toEqual([
      ['html', 'html', 'text/html'],
      ['xlsx', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ]);
    const html = (await bodyOf(plan.documents[1], 'html')).toString('utf8');
    expect(html).toContain('Fabrikam Azure');
    expect(html).not.toContain('Contoso Azure');
  });

  it('makes one document of every input with combine, its roll-up over all of them', async () => {
    const plan = renderDocuments(await analysisOf('good', 'second'), { formats: ['html'], combine: true });
    expect(plan.documents.map((document) => [document.status, document.sources])).toEqual([
      ['ready', ['contoso.json', 'fabrikam.json']],
    ]);
    const html = (await bodyOf(plan.documents[0], 'html')).toString('utf8');
    expect(html).toContain('Overview of 2 benchmark reports');
    expect(html).toMatch(/2 benchmark reports · 10 policies · 50\.0% compliant/);
  });

  it('refuses a document with errors under strict, and renders it without', async () => {
    const analysis = await analysisOf('good', 'wrong');
    const strict = renderDocuments(analysis, { formats: ['html'], combine: false, strict: true });
    expect(strict.complete).toBe(false);
    expect(strict.documents[0]!.status).toBe('ready');
    expect(strict.documents[1]).toMatchObject({
      status: 'refused',
      reason: 'errors-and-strict',
      sources: ['wrong.json'],
      message: 'not rendered: 2 errors and strict is on',
    });
    const combined = renderDocuments(analysis, { formats: ['html'], combine: true, strict: true });
    expect(combined.documents).toMatchObject([
      { status: 'refused', reason: 'errors-and-strict', sources: ['contoso.json', 'wrong.json'] },
    ]);
    const lenient = renderDocuments(analysis, { formats: ['html'], combine: false });
    expect(lenient.complete).toBe(true);
    expect(lenient.documents.map((document) => document.status)).toEqual(['ready', 'ready']);
  });

  it('skips an input with no benchmark report and no error, which is no failure', async () => {
    // A JSON file found in a folder: its not-a-report finding is a warning there (named, it
    // is an error, which no setting lowers: the input could not be used).
    const all = inputs();
    const folder = mkdtempSync(join(tmpdir(), 'cspm-test-'));
    writeFileSync(join(folder, 'a-package.json'), JSON.stringify(all.other.value));
    writeFileSync(join(folder, 'contoso.json'), JSON.stringify(all.good.value));
    try {
      const analysis = await analyseInputs([folder]);
      const plan = renderDocuments(analysis, { formats: ['pdf'], combine: false, strict: true });
      expect(plan.complete).toBe(true);
      expect(plan.documents[0]).toMatchObject({
        status: 'skipped',
        reason: 'no-benchmark-report',
        sources: [join(folder, 'a-package.json')],
        message: 'no benchmark report in it (1 warning)',
      });
      expect(plan.documents[1]!.status).toBe('ready');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses an input with no valid report, strict or not', async () => {
    const plan = renderDocuments(await analysisOf('invalid'), { formats: ['html'], combine: false });
    expect(plan.complete).toBe(false);
    expect(plan.documents[0]).toMatchObject({
      status: 'refused',
      reason: 'no-valid-report',
      sources: ['invalid.json'],
    });
    expect((plan.documents[0] as { message: string }).message).toMatch(
      /^no valid benchmark report to render \(\d+ errors?\)$/,
    );
  });

  it('refuses an unknown format before planning, naming the valid ones', async () => {
    const analysis = await analysisOf('other');
    let caught: unknown;
    try {
      renderDocuments(analysis, { formats: ['docx' as DocumentFormat], combine: false });
    } catch (error) {
      caught = error;
    }
    expect(isCspmError(caught) && caught.code === 'unknown-format').toBe(true);
    expect(String((caught as Error).message)).toContain('html, pdf, xlsx');
  });

  describe('the bodies of a combined document in all three formats agree on the roll-up', () => {
    const plan = async () =>
      renderDocuments(await analysisOf('good', 'second'), {
        formats: ['html', 'pdf', 'xlsx'],
        combine: true,
        title: 'Two tenants',
      });

    it('HTML shows the title and the totals', async () => {
      const html = (await bodyOf((await plan()).documents[0], 'html')).toString('utf8');
      expect(html).toContain('<title>Two tenants</title>');
      expect(html).toMatch(/2 benchmark reports · 10 policies · 50\.0% compliant/);
    });

    it('exceljs reads the workbook back with the roll-up row', async () => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await bodyOf((await plan()).documents[0], 'xlsx')) as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.getWorksheet('Summary')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      const header = rows.find((row) => row[0] === 'Benchmark')!;
      const rollup = rows.find((row) => row[0] === 'All 2 reports')!;
      const cell = (name: string) => rollup[header.indexOf(name)];
      expect([cell('Total'), cell('Green'), cell('Red'), cell('Amber'), cell('Gray'), cell('Compliance %')]).toEqual([
        10, 4, 2, 2, 2, 0.5,
      ]);
      expect(rows.find((row) => row[0] === 'Policies')?.[1]).toBe(10);
    });

    it('the PDF reads back with the roll-up section', async () => {
      const text = (await textOf(await bodyOf((await plan()).documents[0], 'pdf'))).replace(/\s+/g, ' ');
      expect(text).toContain('Two tenants');
      expect(text).toContain('Roll-up across 2 benchmark reports');
      expect(text).toContain('10 policies in 2 benchmark reports, counted together.');
      expect(text).toContain('50.0%');
    });
  });

  it('gives the same bytes for a format whichever order the formats are asked for in', async () => {
    const analysis = await analysisOf('good', 'second');
    const first = renderDocuments(analysis, { formats: ['xlsx', 'html'], combine: true });
    const second = renderDocuments(analysis, { formats: ['xlsx', 'html'], combine: true });
    const html = await bodyOf(first.documents[0], 'html');
    expect((await bodyOf(first.documents[0], 'xlsx')).equals(await bodyOf(second.documents[0], 'xlsx'))).toBe(true);
    expect(html.equals(await bodyOf(second.documents[0], 'html'))).toBe(true);
    // Asked again once every format was rendered: the view is built anew, the bytes the same.
    expect(html.equals(await bodyOf(first.documents[0], 'html'))).toBe(true);
  });
});
