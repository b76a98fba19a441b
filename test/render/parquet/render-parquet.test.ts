import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RenderOptions } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { renderReport } from '../../../src/render/renderers.js';
import { datasetTables, type DatasetColumnType } from '../../../src/model/dataset-columns.js';
import { collectBytes } from '../../../src/render/renderers.js';
import {
  expectedCategoryFigures,
  expectedPolicyTotals,
  reportsOfFile,
  reportsOfValue,
} from '../../support/dataset-expectations.js';
import { openDuckDb, sqlText, type DuckDb } from '../../support/duckdb.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();
let db: DuckDb | undefined;
beforeAll(async () => {
  db = await openDuckDb();
});
afterAll(() => db?.close());

const duckTypes: Record<DatasetColumnType, string> = {
  string: 'VARCHAR',
  int32: 'INTEGER',
  int64: 'BIGINT',
  double: 'DOUBLE',
  timestamp: 'TIMESTAMP',
  date: 'DATE',
};
const samples = readdirSync('samples')
  .filter((name) => name.endsWith('.json'))
  .map((name) => join('samples', name));

async function parquetOf(
  input: Parameters<typeof analyseInputs>[0],
  format: 'parquet' | 'parquet-figures',
  options: RenderOptions = {},
): Promise<string> {
  const path = join(tempDir(), format === 'parquet' ? 'out.parquet' : 'out.figures.parquet');
  writeFileSync(path, await collectBytes(await renderReport(await analyseInputs(input), format, options)));
  return path;
}

async function rows(sql: string): Promise<Record<string, unknown>[]> {
  return (db as DuckDb).rows(sql);
}

async function policyTotals(path: string): Promise<Record<string, unknown>> {
  const [totals] = await rows(
    `SELECT count(*)::INTEGER AS rows, sum(passed_resources)::INTEGER AS passed, sum(total_resources)::INTEGER AS total, count(*) FILTER (compliance = 'Red')::INTEGER AS red FROM read_parquet(${sqlText(path)})`,
  );
  return totals as Record<string, unknown>;
}

async function categoryFigures(path: string): Promise<Record<string, unknown>[]> {
  return rows(`SELECT category_id, policies, green, red FROM read_parquet(${sqlText(path)}) WHERE level = 'category'`);
}

describe('Parquet export (-f parquet, -f parquet-figures), read back by DuckDB', () => {
  it.for(samples)(
    '%s: a row per policy and per report and category, with the counts of the JSON',
    async (sample, { skip }) => {
      if (db === undefined) return skip();
      const reports = reportsOfFile(sample);
      const expected = expectedPolicyTotals(reports);
      expect(await policyTotals(await parquetOf(sample, 'parquet'))).toEqual({
        rows: expected.rows,
        passed: expected.passed,
        total: expected.total,
        red: expected.red,
      });
      const figures = await parquetOf(sample, 'parquet-figures');
      expect(await categoryFigures(figures)).toEqual(expectedCategoryFigures(reports));
      const reportRows = await rows(
        `SELECT benchmark_id, policies FROM read_parquet(${sqlText(figures)}) WHERE level = 'report'`,
      );
      expect(reportRows).toEqual(
        reports.map((report) => ({
          benchmark_id: report.BenchmarkId,
          policies: report.ResourceCategories.reduce((sum, category) => sum + category.Policies.length, 0),
        })),
      );
    },
  );

  it('writes an 879-policy generated report whole, over several categories', async ({ skip }) => {
    if (db === undefined) return skip();
    const script = '../../../scripts/generate-report.js';
    const { generateReport } = (await import(script)) as { generateReport(policies: number): unknown };
    const value = generateReport(879);
    const reports = reportsOfValue(value);
    const input = { value, name: 'generated-879.json' };
    const expected = expectedPolicyTotals(reports);
    expect(expected.rows).toBe(879);
    expect(await policyTotals(await parquetOf(input, 'parquet'))).toEqual({
      rows: 879,
      passed: expected.passed,
      total: expected.total,
      red: expected.red,
    });
    expect(await categoryFigures(await parquetOf(input, 'parquet-figures'))).toEqual(expectedCategoryFigures(reports));
  });

  it('types every column as the registry says, in its order, null only where nullable', async ({ skip }) => {
    if (db === undefined) return skip();
    // aws-cis.json states no scan date; its report row has no category.
    for (const [format, table] of [
      ['parquet', 'policies'],
      ['parquet-figures', 'figures'],
    ] as const) {
      const path = await parquetOf('samples/aws-cis.json', format);
      const described = await rows(`DESCRIBE SELECT * FROM read_parquet(${sqlText(path)})`);
      expect(described.map((column) => [column['column_name'], column['column_type']])).toEqual(
        datasetTables[table].columns.map((column) => [column.name, duckTypes[column.type]]),
      );
      const [nulls] = await rows(
        `SELECT ${datasetTables[table].columns.map((column) => `count(*) FILTER (${column.name} IS NULL)::INTEGER AS ${column.name}`).join(', ')} FROM read_parquet(${sqlText(path)})`,
      );
      for (const column of datasetTables[table].columns)
        if (!column.nullable)
          expect([column.name, (nulls as Record<string, unknown>)[column.name]]).toEqual([column.name, 0]);
      expect((nulls as Record<string, unknown>)['scan_time']).toBeGreaterThan(0);
    }
    const [report] = await rows(
      `SELECT category_id, category_name, category_order, compliance_percent, stated_compliance_percent FROM read_parquet(${sqlText(await parquetOf('samples/aws-cis.json', 'parquet-figures'))}) WHERE level = 'report'`,
    );
    expect(report).toMatchObject({ category_id: null, category_name: null, category_order: null });
  });

  it('stores the scan time as a UTC timestamp, to the second as every format reads it', async ({ skip }) => {
    if (db === undefined) return skip();
    const [row] = await rows(
      `SELECT DISTINCT epoch_ms(scan_time)::VARCHAR AS ms FROM read_parquet(${sqlText(await parquetOf('samples/azure-csbp.json', 'parquet'))})`,
    );
    // The report states 2024-03-18T06:42:17.3841207Z.
    expect(row).toEqual({ ms: String(Date.UTC(2024, 2, 18, 6, 42, 17)) });
  });

  it('keeps hostile text exactly: markup, formulas, quotes, control and right-to-left characters', async ({ skip }) => {
    if (db === undefined) return skip();
    const hostile = 'test/fixtures/hostile-report.json';
    const titles = await rows(
      `SELECT title, account_name, benchmark_name FROM read_parquet(${sqlText(await parquetOf(hostile, 'parquet'))})`,
    );
    const [report] = reportsOfFile(hostile);
    expect(titles.map((row) => row['title'])).toEqual(expectedPolicyTotals(reportsOfFile(hostile)).titles);
    expect(titles[0]).toMatchObject({ account_name: report?.AccountName, benchmark_name: report?.BenchmarkName });
  });

  it('lists only the policies --policies chooses; the figures count them all', async ({ skip }) => {
    if (db === undefined) return skip();
    const expected = expectedPolicyTotals(reportsOfFile('samples/azure-csbp.json'));
    const failing = await rows(
      `SELECT count(*)::INTEGER AS n FROM read_parquet(${sqlText(await parquetOf('samples/azure-csbp.json', 'parquet', { policies: 'failing' }))}) WHERE compliance NOT IN ('Red', 'Amber')`,
    );
    expect(failing).toEqual([{ n: 0 }]);
    const [all] = await rows(
      `SELECT policies FROM read_parquet(${sqlText(await parquetOf('samples/azure-csbp.json', 'parquet-figures', { policies: 'failing' }))}) WHERE level = 'report'`,
    );
    expect(all).toEqual({ policies: expected.rows });
  });
});

describe('Parquet: numbers past 32 bits', () => {
  /** The sample with its first category numbered `order`. */
  function numbered(order: number): { value: unknown; name: string } {
    const value = JSON.parse(readFileSync('samples/azure-csbp.json', 'utf8')) as {
      ResourceCategories: { ControlCategoryOrder: number }[];
    }[];
    value[0]!.ResourceCategories[0]!.ControlCategoryOrder = order;
    return { value, name: 'numbered.json' };
  }

  it('keeps a ControlCategoryOrder past 2^31 as it is (a 32-bit column wrapped 3,000,000,000 to -1,294,967,296)', async ({
    skip,
  }) => {
    if (db === undefined) return skip();
    for (const format of ['parquet', 'parquet-figures'] as const) {
      const path = await parquetOf(numbered(3_000_000_000), format);
      const found = await rows(
        `SELECT DISTINCT category_order::VARCHAR AS category_order FROM read_parquet(${sqlText(path)}) WHERE category_order > 100`,
      );
      expect(found, format).toEqual([{ category_order: '3000000000' }]);
    }
  });

  it('refuses a number past 64 bits rather than store another one', async () => {
    const analysis = await analyseInputs(numbered(1e20));
    await expect(collectBytes(await renderReport(analysis, 'parquet'))).rejects.toThrow(
      'the number 100000000000000000000 is past the 64-bit integers a Parquet column holds',
    );
  });
});
