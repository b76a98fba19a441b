import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type RenderOptions } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { renderReport } from '../../../src/render/renderers.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { hasProgram } from '../../support/system-program.js';
import { useTempDir } from '../../support/temp-dir.js';
import { runLibreOffice } from '../xlsx/soffice.js';

const tempDir = useTempDir();
const hostile = 'test/fixtures/hostile-report.json';

async function csvOf(input: string, options: RenderOptions = {}): Promise<Buffer> {
  return Buffer.from(await collectBytes(await renderReport(await analyseInputs(input), 'csv', options)));
}

function rows(bytes: Buffer): string[][] {
  return parse(bytes, { bom: true, relax_column_count: false }) as string[][];
}

describe('CSV export', () => {
  it('has a header and one row per policy, in document order, numbers as numbers', async () => {
    const table = rows(await csvOf('samples/azure-csbp.json'));
    expect(table[0]).toEqual([
      'Benchmark',
      'Account',
      'Category',
      'ComplianceNumber',
      'ShortTitle',
      'ServiceName',
      'Compliance',
      'Severity',
      'RiskProbability',
      'RiskLevel',
      'PassedResourceCount',
      'TotalResourceCount',
      'LastScannedDate',
    ]);
    expect(table).toHaveLength(1 + 127);
    expect(table[1]).toEqual([
      'Cloud Security Best Practices',
      'Contoso Production',
      'Azure - Business continuity and DR',
      '1000.1',
      expect.any(String),
      expect.any(String),
      'Amber',
      'High',
      expect.any(String),
      expect.any(String),
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^\d+$/),
      '2024-03-18T06:42:17.3841207Z',
    ]);
  });

  it('writes the columns of --fields in their order, and a byte order mark when asked', async () => {
    const bytes = await csvOf('samples/aws-cis.json', {
      csv: { fields: ['severity', 'number', 'policy-id'], bom: true },
    });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const table = rows(bytes);
    expect(table[0]).toEqual(['Severity', 'ComplianceNumber', 'PolicyId']);
    expect(table.slice(1).every((row) => row.length === 3)).toBe(true);
    expect((await csvOf('samples/aws-cis.json')).subarray(0, 9).toString()).toBe('Benchmark');
  });

  it('quotes by RFC 4180 and never starts a cell like a formula', async () => {
    const bytes = await csvOf(hostile);
    expect(bytes.toString('utf8')).toContain('\r\n');
    const cells = rows(bytes).flat();
    expect(cells).toContain(`'=HYPERLINK("http://example.invalid","click me")`);
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    expect(cells).toContain('<script>window.__pwned = true</script>');
  });
});

describe.skipIf(!hasProgram('soffice', 'libreoffice-calc'))('LibreOffice opens the CSV export', () => {
  it('as text cells, formulas none, every row and column', async () => {
    const dir = tempDir();
    const file = join(dir, 'hostile.csv');
    const bytes = await csvOf(hostile, { csv: { bom: true } });
    writeFileSync(file, bytes);
    // Comma, double quote, UTF-8 (76), from line 1: LibreOffice's own CSV import.
    const converted = runLibreOffice(['--infilter=CSV:44,34,76,1', '--convert-to', 'xlsx'], [file], dir);
    expect(converted.status, converted.stderr).toBe(0);
    expect(readdirSync(dir)).toContain('hostile.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, 'hostile.xlsx'));
    const sheet = workbook.worksheets[0]!;
    const expected = rows(bytes);
    expect(sheet.actualRowCount).toBe(expected.length);
    let formulas = 0;
    sheet.eachRow((row) => row.eachCell((cell) => (formulas += cell.formula === undefined ? 0 : 1)));
    expect(formulas).toBe(0);
    const titles = expected.map((row) => row[4]);
    const read = Array.from({ length: expected.length }, (_, index) =>
      String(sheet.getRow(index + 1).getCell(5).value ?? ''),
    );
    expect(read).toEqual(titles);
    expect(readFileSync(file).length).toBeGreaterThan(0);
  }, 120_000);
});

describe('POA&M export', () => {
  async function poam(input: string): Promise<string[][]> {
    return rows(Buffer.from(await collectBytes(await renderReport(await analyseInputs(input), 'poam'))));
  }

  it('has a row per failing policy (Red, Amber), never a Gray one, Open with empty milestones and owner', async () => {
    const table = await poam('samples/azure-csbp.json');
    const header = table[0]!;
    expect(header).toEqual([
      'Finding ID',
      'Date Identified',
      'Weakness Name',
      'Weakness Description',
      'Source Identifying Weakness',
      'Asset Identifier',
      'Service',
      'Compliance',
      'Severity',
      'Likelihood',
      'Resources Affected',
      'Status',
      'Milestones',
      'Scheduled Completion Date',
      'Owner',
    ]);
    const body = table.slice(1);
    const column = (name: string) => body.map((row) => row[header.indexOf(name)]!);
    expect(body).toHaveLength(29 + 37);
    expect(new Set(column('Compliance'))).toEqual(new Set(['Red', 'Amber']));
    expect(new Set(column('Status'))).toEqual(new Set(['Open']));
    expect(new Set([...column('Milestones'), ...column('Owner'), ...column('Scheduled Completion Date')])).toEqual(
      new Set(['']),
    );
    expect(new Set(column('Date Identified'))).toEqual(new Set(['2024-03-18']));
    expect(new Set(column('Finding ID')).size).toBe(body.length);
    expect(column('Finding ID')[0]).toBe('CSBP/e17a4d2c-58b3-4c9e-a6f1-0b92d7e3c845/1100.4');
    expect(column('Weakness Description')[0]).toMatch(/: 14 of 14 resources failed$/);
  });

  it('gives a finding the same id in another scan of the account', async () => {
    const ids = async (file: string) => (await poam(file)).slice(1).map((row) => row[0]);
    const old = await ids('samples/diff/azure-csbp-2024-03-11.json');
    const next = await ids('samples/diff/azure-csbp-2024-03-18.json');
    expect(next.filter((id) => old.includes(id)).length).toBeGreaterThan(50);
  });
});
