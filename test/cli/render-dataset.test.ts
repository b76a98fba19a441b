import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetTables } from '../../src/model/dataset-columns.js';
import { runInProcess } from '../support/cli-run.js';
import { expectedPolicyTotals, reportsOfFile } from '../support/dataset-expectations.js';
import { openDuckDb, sqlText, type DuckDb } from '../support/duckdb.js';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
let db: DuckDb | undefined;
beforeAll(async () => {
  db = await openDuckDb();
});
afterAll(() => db?.close());

const samples = [
  'samples/aws-cis.json',
  'samples/azure-csbp.json',
  'samples/azure-multi-benchmark.json',
  'samples/office365.json',
];

/** Every file below a folder, as paths relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(dir, path)).isFile())
    .map((path) => relative(dir, join(dir, path)))
    .sort();
}

function inputsFolder(): string {
  const dir = join(tempDir(), 'reports');
  mkdirSync(dir);
  for (const sample of samples) copyFileSync(sample, join(dir, sample.slice('samples/'.length)));
  return dir;
}

async function table(lake: string, name: string, select: string, rest = ''): Promise<Record<string, unknown>[]> {
  return (db as DuckDb).rows(
    `SELECT ${select} FROM read_parquet(${sqlText(join(lake, name, '**', '*.parquet'))}, hive_partitioning = true) ${rest}`,
  );
}

describe('render -f parquet --out-dir: a Hive-style dataset', () => {
  it('writes both tables partitioned by scan date and benchmark, which DuckDB reads back with the counts of the JSON', async ({
    skip,
  }) => {
    if (db === undefined) return skip();
    const lake = join(tempDir(), 'lake');
    const result = await runInProcess(['render', inputsFolder(), '-f', 'parquet', '--out-dir', lake]);
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toMatch(/^cspm-report:/m);
    expect(result.code).toBe(0);
    const reports = samples.flatMap(reportsOfFile);
    expect(result.stderr).toContain(
      `: 4 files, ${reports.length} reports, ${expectedPolicyTotals(reports).rows} policies\n`,
    );
    const files = filesBelow(lake);
    expect(
      files.every((file) =>
        /^(policies|figures)\/scan_date=[^/]+\/benchmark=[^/]+\/part-[0-9a-f]{20}\.parquet$/.test(file),
      ),
    ).toBe(true);
    // Partitions by scan date (UTC) and benchmark, counted from the JSON.
    const expected = new Map<string, number>();
    for (const report of reports) {
      const date = typeof report.LastScannedDate === 'string' ? report.LastScannedDate.slice(0, 10) : null;
      const key = JSON.stringify([date, report.BenchmarkId]);
      expected.set(
        key,
        (expected.get(key) ?? 0) +
          report.ResourceCategories.reduce((sum, category) => sum + category.Policies.length, 0),
      );
    }
    const partitions = await table(
      lake,
      'policies',
      'scan_date::VARCHAR AS scan_date, benchmark, count(*)::INTEGER AS n, count(DISTINCT benchmark_id)::INTEGER AS ids',
      'GROUP BY ALL ORDER BY ALL',
    );
    expect(new Map(partitions.map((row) => [JSON.stringify([row['scan_date'], row['benchmark']]), row['n']]))).toEqual(
      expected,
    );
    expect(partitions.every((row) => row['ids'] === 1)).toBe(true);
    expect(await table(lake, 'policies', 'count(*) FILTER (benchmark <> benchmark_id)::INTEGER AS n')).toEqual([
      { n: 0 },
    ]);
    const [figures] = await table(
      lake,
      'figures',
      "count(*) FILTER (level = 'report')::INTEGER AS reports, count(*) FILTER (level = 'category')::INTEGER AS categories",
    );
    expect(figures).toEqual({
      reports: reports.length,
      categories: reports.reduce((sum, report) => sum + report.ResourceCategories.length, 0),
    });
  });

  it("keeps the partition columns out of the files: each holds its table's columns exactly", async ({ skip }) => {
    if (db === undefined) return skip();
    const lake = join(tempDir(), 'lake');
    expect((await runInProcess(['render', 'samples/azure-csbp.json', '-f', 'parquet', '--out-dir', lake])).code).toBe(
      0,
    );
    for (const file of filesBelow(lake)) {
      const described = await db.rows(
        `DESCRIBE SELECT * FROM read_parquet(${sqlText(join(lake, file))}, hive_partitioning = false)`,
      );
      const name = file.split('/')[0] as keyof typeof datasetTables;
      expect(described.map((column) => column['column_name'])).toEqual(
        datasetTables[name].columns.map((column) => column.name),
      );
    }
  });

  it('escapes partition values Hive-style, and DuckDB reads the values back as they were', async ({ skip }) => {
    if (db === undefined) return skip();
    const dir = tempDir();
    const report = minimalReport();
    report.BenchmarkId = 'CIS/1.4=a%b c';
    report.LastScannedDate = '2024-03-18T23:30:00-02:00';
    writeFileSync(join(dir, 'odd.json'), JSON.stringify(report));
    const lake = join(dir, 'lake');
    expect((await runInProcess(['render', join(dir, 'odd.json'), '-f', 'parquet', '--out-dir', lake])).code).toBe(0);
    expect(filesBelow(lake)[0]).toMatch(/^figures\/scan_date=2024-03-19\/benchmark=CIS%2F1\.4%3Da%25b%20c\/part-/);
    expect(await table(lake, 'policies', 'DISTINCT scan_date::VARCHAR AS scan_date, benchmark, benchmark_id')).toEqual([
      { scan_date: '2024-03-19', benchmark: 'CIS/1.4=a%b c', benchmark_id: 'CIS/1.4=a%b c' },
    ]);
  });

  it('puts a scan without a date under __HIVE_DEFAULT_PARTITION__, read back as null', async ({ skip }) => {
    if (db === undefined) return skip();
    const lake = join(tempDir(), 'lake');
    expect((await runInProcess(['render', 'samples/aws-cis.json', '-f', 'parquet', '--out-dir', lake])).code).toBe(0);
    expect(filesBelow(lake)[0]).toMatch(/^figures\/scan_date=__HIVE_DEFAULT_PARTITION__\/benchmark=CISAWS140\//);
    expect(await table(lake, 'policies', 'DISTINCT scan_date, scan_time')).toEqual([
      { scan_date: null, scan_time: null },
    ]);
  });

  it('adds no row when run again over the same inputs, and leaves the parts as they are', async ({ skip }) => {
    if (db === undefined) return skip();
    const inputs = inputsFolder();
    const lake = join(tempDir(), 'lake');
    expect((await runInProcess(['render', inputs, '-f', 'parquet', '--out-dir', lake])).code).toBe(0);
    const before = filesBelow(lake).map((file) => [file, statSync(join(lake, file)).mtimeMs]);
    const again = await runInProcess(['render', inputs, '-f', 'parquet', '--out-dir', lake]);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toMatch(/^wrote /m);
    expect(again.stderr).toMatch(/^unchanged, already there: .*part-[0-9a-f]{20}\.parquet \(\d+ rows\)$/m);
    expect(filesBelow(lake).map((file) => [file, statSync(join(lake, file)).mtimeMs])).toEqual(before);
    const reports = samples.flatMap(reportsOfFile);
    expect(await table(lake, 'policies', 'count(*)::INTEGER AS n')).toEqual([
      { n: expectedPolicyTotals(reports).rows },
    ]);
    // A new scan the next night adds a part of its own beside them.
    const next = minimalReport();
    next.LastScannedDate = '2024-07-01T02:00:00Z';
    writeFileSync(join(inputs, 'next.json'), JSON.stringify(next));
    expect((await runInProcess(['render', join(inputs, 'next.json'), '-f', 'parquet', '--out-dir', lake])).code).toBe(
      0,
    );
    expect(await table(lake, 'policies', 'count(*)::INTEGER AS n')).toEqual([
      { n: expectedPolicyTotals(reports).rows + 5 },
    ]);
  });

  it('refuses a part whose name is taken by other bytes, writes nothing of the run and leaves no temporary file', async () => {
    const lake = join(tempDir(), 'lake');
    expect((await runInProcess(['render', 'samples/azure-csbp.json', '-f', 'parquet', '--out-dir', lake])).code).toBe(
      0,
    );
    const [figuresPart] = filesBelow(lake);
    writeFileSync(join(lake, figuresPart as string), 'other bytes');
    const before = filesBelow(lake).map((file) => [file, readFileSync(join(lake, file)).toString('base64')]);
    const result = await runInProcess(['render', 'samples/azure-csbp.json', '-f', 'parquet', '--out-dir', lake]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `cspm-report: a dataset part of that name holds other rows: ${join(lake, figuresPart as string)}: a part of this name holds other bytes (the same scans written otherwise: other inputs' order, --policies, --show-paths, --exceptions or version); nothing of this run was written. Move that file away to write it again\n`,
    );
    expect(filesBelow(lake).map((file) => [file, readFileSync(join(lake, file)).toString('base64')])).toEqual(before);
  });

  it('refuses another format beside it, before reading anything', async () => {
    const lake = join(tempDir(), 'lake');
    const result = await runInProcess([
      'render',
      'samples/azure-csbp.json',
      '-f',
      'parquet',
      '-f',
      'html',
      '--out-dir',
      lake,
    ]);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'cspm-report: invalid usage: --format: -f parquet with --out-dir writes a dataset; render html in a run of its own\n',
    });
  });

  it('writes one table to a file named by -o: .figures.parquet names the figures table', async ({ skip }) => {
    if (db === undefined) return skip();
    const dir = tempDir();
    expect(
      (await runInProcess(['render', 'samples/azure-csbp.json', '-o', join(dir, 'scan.figures.parquet')])).code,
    ).toBe(0);
    expect((await runInProcess(['render', 'samples/azure-csbp.json', '-o', join(dir, 'scan.parquet')])).code).toBe(0);
    expect(
      await db.rows(`SELECT count(*)::INTEGER AS n FROM read_parquet(${sqlText(join(dir, 'scan.figures.parquet'))})`),
    ).toEqual([{ n: 1 + 12 }]);
    expect(
      await db.rows(`SELECT count(*)::INTEGER AS n FROM read_parquet(${sqlText(join(dir, 'scan.parquet'))})`),
    ).toEqual([{ n: 127 }]);
  });

  it('writes a scan given in two inputs once, names both, and fails (exit 1) while writing every other report', async ({
    skip,
  }) => {
    if (db === undefined) return skip();
    const dir = inputsFolder();
    mkdirSync(join(dir, 'copy'));
    copyFileSync('samples/azure-csbp.json', join(dir, 'copy', 'azure-csbp.json'));
    const lake = join(tempDir(), 'lake');
    const result = await runInProcess(['render', dir, '-f', 'parquet', '--out-dir', lake]);
    expect(result.code).toBe(1);
    const [report] = reportsOfFile('samples/azure-csbp.json');
    expect(result.stderr).toContain(
      `${report?.BenchmarkId} of account ${report?.AccountId} (job ${report?.JobId}) was written from `,
    );
    expect(result.stderr).toMatch(
      /copy[/\\]azure-csbp\.json#\/0: .* was written from [^ ]*azure-csbp\.json#\/0; not written twice\n/,
    );
    const reports = samples.flatMap(reportsOfFile);
    const [written] = await table(
      lake,
      'policies',
      'count(*)::INTEGER AS rows, count(DISTINCT (job_id, account_id, benchmark_id))::INTEGER AS scans',
    );
    expect(written).toEqual({ rows: expectedPolicyTotals(reports).rows, scans: reports.length });
    expect(await table(lake, 'figures', 'count(*)::INTEGER AS n', "WHERE level = 'report'")).toEqual([
      { n: reports.length },
    ]);
  });

  it('writes one table of every input to one file with -o, a scan given twice once (exit 1), the figures likewise', async ({
    skip,
  }) => {
    if (db === undefined) return skip();
    const dir = inputsFolder();
    mkdirSync(join(dir, 'copy'));
    copyFileSync('samples/azure-csbp.json', join(dir, 'copy', 'azure-csbp.json'));
    const out = tempDir();
    const reports = samples.flatMap(reportsOfFile);
    const policies = join(out, 'all.parquet');
    const result = await runInProcess(['render', dir, '-o', policies]);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('cspm-report:'))).toEqual([
      expect.stringMatching(
        /copy[/\\]azure-csbp\.json#\/0: .* was written from [^ ]*azure-csbp\.json#\/0; not written twice$/,
      ),
    ]);
    expect(result.stderr).toContain(`wrote ${policies}\n`);
    expect(result.stderr).toContain(
      `office365.json: 5 files, ${reports.length} reports, ${expectedPolicyTotals(reports).rows} policies written\n`,
    );
    expect(
      await db.rows(
        `SELECT count(*)::INTEGER AS rows, count(DISTINCT (job_id, account_id, benchmark_id))::INTEGER AS scans FROM read_parquet(${sqlText(policies)})`,
      ),
    ).toEqual([{ rows: expectedPolicyTotals(reports).rows, scans: reports.length }]);
    const figures = join(out, 'all.figures.parquet');
    expect((await runInProcess(['render', dir, '-o', figures])).code).toBe(1);
    expect(
      await db.rows(`SELECT count(*)::INTEGER AS n FROM read_parquet(${sqlText(figures)}) WHERE level = 'report'`),
    ).toEqual([{ n: reports.length }]);
  });

  it('makes no file with -o when no input has a report to write, and says so (exit 1)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'not-a-report.json'), '{"hello": "world"}');
    const output = join(dir, 'all.parquet');
    const result = await runInProcess(['render', join(dir, 'not-a-report.json'), '-o', output]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`cspm-report: ${output}: not written, no input had a benchmark report to write\n`);
    expect(readdirSync(dir)).toEqual(['not-a-report.json']);
  });
});
