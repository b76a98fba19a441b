#!/usr/bin/env node
// `cspm-report query` over a generated fleet dataset of 10,000,000 policy rows (10 scan
// dates × 2 benchmarks × 2,500 accounts × 200 policies), laid out as the Parquet writer
// lays a dataset out: policies/scan_date=…/benchmark=…/*.parquet, the partition columns in
// the folder names only. Generated once with DuckDB's range() into .bench/ and reused.
// Whole CLI processes: each query's time and peak memory (the engine's native memory
// included, which the resident set counts).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { datasetTables } from '../../dist/model/dataset-columns.js';
import { datasetSqlTypes as sqlTypes } from '../../dist/model/dataset-columns.js';
import { median, runNode } from './run-node.js';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const bin = fileURLToPath(new URL(`../../${packageJson.bin['cspm-report']}`, import.meta.url));

const dates = 10;
const benchmarks = 2;
const accounts = 2_500;
const policies = 200;
const rows = dates * benchmarks * accounts * policies;

/**
 * The value of each column for row `i` of range(): scan `d` (a day each), benchmark `b`,
 * account `a`, policy `p`; colours and severities spread so that about a fifth are Red.
 * Columns the map does not name take their type's plain value.
 */
const expressions = {
  scan_time: "TIMESTAMP '2026-01-01 06:00:00' + to_days(CAST(d AS INTEGER)) + to_minutes(CAST(a % 600 AS INTEGER))",
  job_id: "printf('job-%d-%d-%d', d, b, a)",
  account_id: "printf('acct-%05d', a)",
  account_name: "printf('Account %d', a)",
  connector: "CASE WHEN a % 3 = 0 THEN 'Azure' ELSE 'AWS' END",
  cloud_account_id: "printf('%012d', a)",
  benchmark_id: "printf('bench-%d', b)",
  benchmark_name: "printf('Benchmark %d', b)",
  category_id: "printf('cat-%d', p % 12)",
  category_name: "printf('Category %d', p % 12)",
  category_order: 'p % 12',
  policy_id: "printf('pol-%03d', p)",
  compliance_number: "printf('%d.%d', p // 10, p % 10)",
  title: "printf('Policy %d of the benchmark', p)",
  service: "printf('Service %d', p % 30)",
  compliance:
    "CASE hash(a, p, d // 3) % 10 WHEN 0 THEN 'Red' WHEN 1 THEN 'Red' WHEN 2 THEN 'Amber' WHEN 3 THEN 'Gray' ELSE 'Green' END",
  severity:
    "CASE p % 5 WHEN 0 THEN 'Critical' WHEN 1 THEN 'High' WHEN 2 THEN 'Moderate' WHEN 3 THEN 'Low' ELSE 'VeryLow' END",
  passed_resources: 'hash(a, p) % 50',
  total_resources: '50',
  source: "printf('acct-%05d-%d.json', a, d)",
};

function plain(type) {
  return { string: "''", int32: '0', int64: '0', double: '0', timestamp: "TIMESTAMP '2026-01-01'" }[type];
}

/** Writes the dataset into `dir` (through a temporary folder, so that a stopped run leaves none half written). */
async function generate(dir) {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const temporary = `${dir}.tmp`;
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary, { recursive: true });
  const columns = datasetTables.policies.columns.map(
    (column) => `CAST(${expressions[column.name] ?? plain(column.type)} AS ${sqlTypes[column.type]}) AS ${column.name}`,
  );
  const indexes = `i // ${benchmarks * accounts * policies} AS d, (i // ${accounts * policies}) % ${benchmarks} AS b, (i // ${policies}) % ${accounts} AS a, i % ${policies} AS p`;
  const select = `SELECT ${columns.join(', ')} FROM (SELECT ${indexes} FROM range(${rows}) r(i))`;
  // The partition columns are derived from each row as the writer derives its folders,
  // and written into the folder names only (PARTITION_BY leaves them out of the files).
  const partitioned = `SELECT *, CAST(CAST(scan_time AS DATE) AS VARCHAR) AS scan_date, benchmark_id AS benchmark FROM (${select})`;
  await connection.run(
    `COPY (${partitioned}) TO '${join(temporary, 'policies')}' (FORMAT parquet, PARTITION_BY (scan_date, benchmark), FILENAME_PATTERN 'part-{i}')`,
  );
  connection.closeSync();
  instance.closeSync();
  renameSync(temporary, dir);
}

const queries = [
  ['--preset worst-accounts', ['--preset', 'worst-accounts']],
  [
    'count by compliance and severity',
    ['SELECT compliance, severity, count(*) AS policies FROM policies GROUP BY ALL ORDER BY ALL'],
  ],
  ['--preset new-failures', ['--preset', 'new-failures']],
];

/** Times each query over the dataset of 10,000,000 rows (generated into `folder` once); medians of `runs`. */
export async function benchQuery({ folder, runs = 3 }) {
  const dir = join(folder, `query-dataset-${rows}`);
  let generatedMs;
  if (!existsSync(dir)) {
    process.stdout.write(`generating ${dir} (${rows.toLocaleString('en-US')} policy rows) …\n`);
    const started = performance.now();
    await generate(dir);
    generatedMs = performance.now() - started;
  }
  const results = queries.map(([name, args]) => {
    const measured = Array.from({ length: runs }, () =>
      runNode([bin, 'query', dir, ...args, '-f', 'csv', '-o', '/dev/null']),
    );
    return {
      name,
      ms: median(measured.map((run) => run.ms)),
      peakRssMb: Math.max(...measured.map((run) => run.peakRssMb)),
      exitCodes: [...new Set(measured.map((run) => run.status))],
    };
  });
  const baseline = runNode(['-e', '0']);
  return { rows, dir, generatedMs, startMs: baseline.ms, results };
}
