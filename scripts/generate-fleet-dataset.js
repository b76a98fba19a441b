#!/usr/bin/env node
// A posture dataset of a generated fleet, laid out and typed as `render -f parquet --out-dir`
// writes one (policies/ and figures/, scan_date=…/benchmark=…/part-….parquet, the partition
// columns in the folder names only), for `npm run bench -- site-build` and for trying the site
// at scale. Written by DuckDB's COPY … PARTITION_BY straight from range(): no row is held here.
//   node scripts/generate-fleet-dataset.js <dir> <accounts> <scans> [seed]
//
// The fleet: AWS, Azure and Office365 accounts (7 : 3 : 3... of every 20, 14 AWS, 3 Azure,
// 3 Office365), each with its sample's policy catalogue (samples/aws-cis.json, azure-csbp.json,
// office365.json), scanned weekly up to 2026-11-30. Each policy's colour is piecewise constant
// over an account's scans (a new draw every 13 to 52 weeks, so a few changes a year at most),
// its resources agree with it (Green: passed = total; Red: 0 passed; Amber: between; Gray: 0 of
// 0), about 3 % of accounts are lost (no scan in the last one to four weeks) and about 5 %
// joined late. The figures table is recounted from the same rows: a report row and a row per
// category for each scan, compliance_percent by the default formula (Green of the assessed).
// The same arguments and seed give the same rows.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const samples = ['aws-cis', 'azure-csbp', 'office365'];
/** Of every 20 accounts, the kind (position in `samples`) of each. */
const kindPattern = [...Array(14).fill(0), ...Array(3).fill(1), ...Array(3).fill(2)];
const latestScan = '2026-11-30 06:00:00';

/** A SQL string literal. */
const str = (text) => `'${String(text).replaceAll("'", "''")}'`;
/** A SQL list of strings or numbers. */
const list = (values) =>
  `[${values.map((value) => (typeof value === 'number' ? String(value) : str(value))).join(', ')}]`;

/** The first report of a sample, and its policies in order with their category. */
function catalogue(name) {
  const path = fileURLToPath(new URL(`../samples/${name}.json`, import.meta.url));
  const parsed = JSON.parse(readFileSync(path, 'utf8'));
  const [report] = [Array.isArray(parsed) ? parsed : parsed.result].flat();
  const policies = report.ResourceCategories.flatMap((category) =>
    category.Policies.map((policy) => ({ category, policy })),
  );
  return { report, policies };
}

/** `column` of policy `pos` (0-based) of a catalogue, as a SQL list lookup. */
function lookup(values) {
  return `${list(values)}[pos + 1]`;
}

/**
 * The SELECT of every policy row of accounts of one kind in scans `from` to `to` (not
 * included): scan `s`, account `a`, policy `pos`, from range().
 */
function kindRows(kind, accounts, scans, seed, from, to) {
  const { report, policies } = catalogue(samples[kind]);
  const per = kindPattern.filter((k) => k === kind).length;
  const before = kindPattern.indexOf(kind);
  const count = Array.from({ length: accounts }, (_, a) => a).filter((a) => kindPattern[a % 20] === kind).length;
  const p = policies.length;
  if (count === 0) return undefined;
  /**
   * A whole number in [0, n) drawn from the seed and `parts` (small whole numbers): the same
   * parts, the same number. Multiply-and-reduce, not hash(): some ten draws a row, 40 million rows.
   */
  const h = (n, ...parts) => {
    const mixed = [seed, ...parts].reduce(
      (sum, part, at) => `((${sum}) * 40503 + ${part} + ${at * 7919}) % 2147483629`,
      '1',
    );
    return `((${mixed}) * 2654435761 % 4294967291 // 7) % ${n}`;
  };
  const connector = report.ConnectorType;
  const cloud =
    connector === 'AWS'
      ? `printf('%012d', 100000000000 + a)`
      : connector === 'Azure'
        ? `printf('%08x-%04x-4%03x-9%03x-%012x', ${h(4294967296, 'a', 1)}, ${h(65536, 'a', 2)}, ${h(4096, 'a', 3)}, ${h(4096, 'a', 4)}, ${h(65536, 'a', 5)} * 4294967296 + ${h(4294967296, 'a', 6)})`
        : 'NULL';
  const teams = ['Payments', 'Data platform', 'Identity', 'Mobile', 'Search', 'Billing', 'Logistics', 'Marketing'];
  const stages = ['production', 'staging', 'development', 'sandbox', 'shared services'];
  // Index arithmetic keeps the rows in the order a writer writes them: a scan's policies together, in order.
  const indexes = `SELECT j, (j // ${per}) * 20 + ${before} + j % ${per} AS a, s, pos FROM (SELECT ${from} + i // ${count * p} AS s, (i // ${p}) % ${count} AS j, i % ${p} AS pos FROM range(${(to - from) * count * p}) r(i))`;
  const drawn = `SELECT *,
      ${h(100, 'a', 'pos', 11)} < 8 AS gray,
      13 + ${h(40, 'a', 'pos', 12)} AS span,
      ${h(30, 'a', 13)} AS lean,
      CASE WHEN ${h(100, 'a', 14)} < 3 THEN GREATEST(0, ${scans - 2} - ${h(4, 'a', 15)}) ELSE ${scans - 1} END AS last_scan,
      CASE WHEN ${h(100, 'a', 16)} < 5 THEN ${h(Math.max(1, Math.floor(scans / 2)), 'a', 17)} ELSE 0 END AS first_scan
    FROM (${indexes})`;
  const coloured = `SELECT *,
      CASE WHEN gray THEN 'Gray'
        WHEN ${h(100, 'a', 'pos', `(s + ${h('span', 'a', 'pos', 18)}) // span`, 19)} < 6 + lean THEN 'Red'
        WHEN ${h(100, 'a', 'pos', `(s + ${h('span', 'a', 'pos', 18)}) // span`, 19)} < 14 + lean THEN 'Amber'
        ELSE 'Green' END AS colour,
      2 + ${h(30, 'a', 'pos', 20)} AS resources
    FROM (${drawn}) WHERE s BETWEEN LEAST(first_scan, last_scan) AND last_scan`;
  const risk = (field, fallback) => lookup(policies.map(({ policy }) => String(policy[field]).trim() || fallback));
  const time = `CAST(TIMESTAMP '${latestScan}' - to_weeks(CAST(${scans - 1} - s AS INTEGER)) + to_minutes(CAST(a % 600 AS INTEGER)) AS TIMESTAMP_MS)`;
  const accountId = `printf('${connector.toLowerCase()}-%06d', a)`;
  return `SELECT
      ${time} AS scan_time,
      printf('job-%08x%08x', ${h(4294967296, 'a', 's', 21)}, ${h(4294967296, 's', 'a', 22)}) AS job_id,
      ${accountId} AS account_id,
      ${list(teams)}[1 + ${h(teams.length, 'a', 22)}] || ' ' || ${list(stages)}[1 + ${h(stages.length, 'a', 23)}] || ' ' || a AS account_name,
      ${str(connector)} AS connector,
      ${cloud} AS cloud_account_id,
      ${str(report.BenchmarkId)} AS benchmark_id,
      ${str(report.BenchmarkName)} AS benchmark_name,
      ${lookup(policies.map(({ category }) => category.CategoryId))} AS category_id,
      ${lookup(policies.map(({ category }) => category.CategoryName))} AS category_name,
      CAST(${lookup(policies.map(({ category }) => category.ControlCategoryOrder))} AS BIGINT) AS category_order,
      ${lookup(policies.map(({ policy }) => policy.PolicyId))} AS policy_id,
      ${lookup(policies.map(({ policy }) => policy.ComplianceNumber))} AS compliance_number,
      ${lookup(policies.map(({ policy }) => policy.ShortTitle))} AS title,
      ${lookup(policies.map(({ policy }) => policy.ServiceName))} AS service,
      colour AS compliance,
      ${lookup(policies.map(({ policy }) => policy.Severity))} AS severity,
      CASE WHEN colour = 'Gray' THEN '' ELSE ${risk('RiskProbability', 'Moderate')} END AS risk_probability,
      CASE WHEN colour = 'Gray' THEN '' ELSE ${risk('RiskLevel', 'Amber')} END AS risk_level,
      CAST(CASE colour WHEN 'Green' THEN resources WHEN 'Amber' THEN 1 + ${h('(resources - 1)', 'a', 'pos', 's', 24)} ELSE 0 END AS BIGINT) AS passed_resources,
      CAST(CASE WHEN colour = 'Gray' THEN 0 ELSE resources END AS BIGINT) AS total_resources,
      CAST(NULL AS VARCHAR) AS exception_id,
      CAST(NULL AS VARCHAR) AS exception_expires,
      printf('scans/%s/%s.json', strftime(${time}, '%Y-%m-%d'), ${accountId}) AS source
    FROM (${coloured})`;
}

const scanColumns = [
  'scan_time',
  'job_id',
  'account_id',
  'account_name',
  'connector',
  'cloud_account_id',
  'benchmark_id',
  'benchmark_name',
];

/** The figures rows of every scan, recounted from its policy rows: the report's row and one per category. */
function figuresSql(policies) {
  const counts = `CAST(count(*) AS INTEGER) AS policies,
      CAST(count(*) FILTER (compliance = 'Green') AS INTEGER) AS green,
      CAST(count(*) FILTER (compliance = 'Red') AS INTEGER) AS red,
      CAST(count(*) FILTER (compliance = 'Amber') AS INTEGER) AS amber,
      CAST(count(*) FILTER (compliance = 'Gray') AS INTEGER) AS gray`;
  const percent = `CASE WHEN policies - gray > 0 THEN green * 100.0 / (policies - gray) END`;
  const keys = scanColumns.join(', ');
  return `SELECT ${keys}, level, category_id, category_name, category_order, policies, green, red, amber, gray,
      CAST(${percent} AS DOUBLE) AS compliance_percent, CAST(NULL AS DOUBLE) AS stated_compliance_percent, source
    FROM (
      SELECT ${keys}, 'report' AS level, CAST(NULL AS VARCHAR) AS category_id, CAST(NULL AS VARCHAR) AS category_name,
        CAST(NULL AS BIGINT) AS category_order, ${counts}, source
      FROM (${policies}) GROUP BY ${keys}, source
      UNION ALL
      SELECT ${keys}, 'category', category_id, category_name, category_order, ${counts}, source
      FROM (${policies}) GROUP BY ${keys}, category_id, category_name, category_order, source
    )`;
}

/** The partition columns, derived from each row as the writer derives its folders. */
const partitioned = (select) =>
  `SELECT *, strftime(scan_time, '%Y-%m-%d') AS scan_date, benchmark_id AS benchmark FROM (${select})`;

/**
 * Writes the dataset of `accounts` accounts × `scans` weekly scans into `dir` (through a
 * temporary folder beside it, so that a stopped run leaves none half written).
 */
export async function generateFleetDataset(dir, accounts, scans, seed = 1) {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const temporary = `${dir}.tmp`;
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary, { recursive: true });
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: '1GB',
    temp_directory: join(temporary, '.spill'),
  });
  const options = "FORMAT parquet, PARTITION_BY (scan_date, benchmark), FILENAME_PATTERN 'part-{uuid}'";
  // The scans in slices written at once, one connection each: an ordered partitioned write runs on one thread.
  const slices = Math.min(availableParallelism(), scans);
  const bounds = Array.from({ length: slices + 1 }, (_, at) => Math.round((at * scans) / slices));
  const policies = join(temporary, 'policies');
  await Promise.all(
    bounds.slice(0, -1).map(async (from, at) => {
      const to = bounds[at + 1];
      const parts = [0, 1, 2].map((kind) => kindRows(kind, accounts, scans, seed, from, to)).filter(Boolean);
      const rows = parts.map((part) => `(${part})`).join(' UNION ALL ');
      const slice = await instance.connect();
      await slice.run(`COPY (${partitioned(rows)}) TO ${str(join(temporary, `slice-${at}`))} (${options})`);
      slice.closeSync();
    }),
  );
  // Each slice holds other scan dates: their folders move into one table folder.
  mkdirSync(policies);
  for (let at = 0; at < slices; at += 1)
    for (const folder of readdirSync(join(temporary, `slice-${at}`)))
      renameSync(join(temporary, `slice-${at}`, folder), join(policies, folder));
  const connection = await instance.connect();
  const written = `SELECT * FROM read_parquet(${str(join(policies, '*', '*', '*.parquet'))}, hive_partitioning = false)`;
  await connection.run(`COPY (${partitioned(figuresSql(written))}) TO ${str(join(temporary, 'figures'))} (${options})`);
  connection.closeSync();
  instance.closeSync();
  for (const name of readdirSync(temporary))
    if (name !== 'policies' && name !== 'figures') rmSync(join(temporary, name), { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(temporary, dir);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, accounts, scans, seed = '1'] = process.argv.slice(2);
  const whole = (text) => (/^\d+$/.test(text ?? '') ? Number(text) : Number.NaN);
  if (dir === undefined || !(whole(accounts) >= 1) || !(whole(scans) >= 2) || Number.isNaN(whole(seed))) {
    process.stderr.write('usage: node scripts/generate-fleet-dataset.js <dir> <accounts> <scans ≥ 2> [seed]\n');
    process.exit(2);
  }
  if (existsSync(dir)) process.stderr.write(`replacing ${dir}\n`);
  const started = performance.now();
  await generateFleetDataset(dir, whole(accounts), whole(scans), whole(seed));
  process.stdout.write(`wrote ${dir} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
