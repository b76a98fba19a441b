import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryDataset, queryPresets, type QueryValue } from '../../src/index.js';
import { builderConnection, writeDataset, type DatasetRow } from '../support/dataset-builder.js';
import { hasQueryEngine } from '../support/query-engine.js';

/**
 * Each saved query over a dataset of several scans whose answers are worked out by hand:
 * account a1 scanned four times on cis (j1 to j4, a day apart) and once on nist; a2 once;
 * a3 twice, Green at the last.
 */

const available = hasQueryEngine();
let dir: string;

const day = (date: string): string => `2026-03-0${date} 10:00:00`;
const scan = (
  account: string,
  benchmark: string,
  job: string,
  time: string,
  policies: [id: string, severity: string, compliance: string][],
): DatasetRow[] =>
  policies.map(([policy, severity, compliance]) => ({
    account_id: account,
    account_name: `Account ${account}`,
    benchmark_id: benchmark,
    job_id: job,
    scan_time: time,
    policy_id: policy,
    severity,
    compliance,
    title: `title of ${policy}`,
  }));

const rows: DatasetRow[] = [
  // p1: Red, Green, Red, Red (Red since j3); p2: Red throughout; p3: Red at j4 only (new);
  // p4: Red at j1, j2, j4, absent at j3 (a break: Red since j4, and new); p5: Red, then Amber.
  ...scan('a1', 'cis', 'j1', day('1'), [
    ['p1', 'Critical', 'Red'],
    ['p2', 'High', 'Red'],
    ['p3', 'Moderate', 'Green'],
    ['p4', 'Low', 'Red'],
    ['p5', 'High', 'Green'],
  ]),
  ...scan('a1', 'cis', 'j2', day('2'), [
    ['p1', 'Critical', 'Green'],
    ['p2', 'High', 'Red'],
    ['p3', 'Moderate', 'Green'],
    ['p4', 'Low', 'Red'],
    ['p5', 'High', 'Green'],
  ]),
  ...scan('a1', 'cis', 'j3', day('3'), [
    ['p1', 'Critical', 'Red'],
    ['p2', 'High', 'Red'],
    ['p3', 'Moderate', 'Green'],
    ['p5', 'High', 'Red'],
  ]),
  ...scan('a1', 'cis', 'j4', day('4'), [
    ['p1', 'Critical', 'Red'],
    ['p2', 'High', 'Red'],
    ['p3', 'Moderate', 'Red'],
    ['p4', 'Low', 'Red'],
    ['p5', 'High', 'Amber'],
  ]),
  ...scan('a1', 'nist', 'n1', day('5'), [
    ['n1', 'High', 'Red'],
    ['n2', 'Low', 'Red'],
  ]),
  ...scan('a2', 'cis', 'k1', '2026-03-02 09:00:00', [
    ['q1', 'Critical', 'Red'],
    ['q2', 'High', 'Red'],
    ['q3', 'Critical', 'Red'],
    ['q4', 'Moderate', 'Green'],
  ]),
  ...scan('a3', 'cis', 'm1', day('1'), [['r1', 'Critical', 'Red']]),
  ...scan('a3', 'cis', 'm2', day('3'), [['r1', 'Critical', 'Green']]),
];

beforeAll(async () => {
  if (!available) return;
  const connection = await builderConnection();
  dir = mkdtempSync(join(tmpdir(), 'cspm-query-presets-'));
  await writeDataset(connection, dir, { policies: rows });
  connection.close();
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function answer(preset: string, columns: string[]): Promise<QueryValue[][]> {
  const result = await queryDataset(dir, { preset });
  const indexes = columns.map((name) => result.columns.findIndex((column) => column.name === name));
  expect(indexes).not.toContain(-1);
  const out: QueryValue[][] = [];
  for await (const batch of result.rows) for (const row of batch) out.push(indexes.map((index) => row[index] ?? null));
  return out;
}

describe.runIf(available)('saved queries', () => {
  it('worst-accounts: Red Critical and High policies of each latest scan, worst first; a clean account left out', async () => {
    expect(
      await answer('worst-accounts', [
        'account_id',
        'account_name',
        'critical',
        'high',
        'failing',
        'benchmarks',
        'latest_scan',
      ]),
    ).toEqual([
      ['a2', 'Account a2', 2, 1, 3, 1, '2026-03-02T09:00:00Z'],
      ['a1', 'Account a1', 1, 2, 3, 2, '2026-03-05T10:00:00Z'],
    ]);
  });

  it('failing-longest: Red in the latest scan, since the first scan of the unbroken run, oldest first', async () => {
    expect(
      await answer('failing-longest', [
        'account_id',
        'benchmark_id',
        'policy_id',
        'severity',
        'red_since',
        'red_scans',
      ]),
    ).toEqual([
      ['a1', 'cis', 'p2', 'High', '2026-03-01T10:00:00Z', 4],
      ['a2', 'cis', 'q1', 'Critical', '2026-03-02T09:00:00Z', 1],
      ['a2', 'cis', 'q3', 'Critical', '2026-03-02T09:00:00Z', 1],
      ['a2', 'cis', 'q2', 'High', '2026-03-02T09:00:00Z', 1],
      ['a1', 'cis', 'p1', 'Critical', '2026-03-03T10:00:00Z', 2],
      ['a1', 'cis', 'p3', 'Moderate', '2026-03-04T10:00:00Z', 1],
      ['a1', 'cis', 'p4', 'Low', '2026-03-04T10:00:00Z', 1],
      ['a1', 'nist', 'n1', 'High', '2026-03-05T10:00:00Z', 1],
      ['a1', 'nist', 'n2', 'Low', '2026-03-05T10:00:00Z', 1],
    ]);
  });

  it('new-failures: Red now, not Red (or absent) in the scan before; a first scan has none', async () => {
    expect(
      await answer('new-failures', [
        'account_id',
        'benchmark_id',
        'policy_id',
        'severity',
        'previous',
        'scan_time',
        'title',
      ]),
    ).toEqual([
      ['a1', 'cis', 'p3', 'Moderate', 'Green', '2026-03-04T10:00:00Z', 'title of p3'],
      ['a1', 'cis', 'p4', 'Low', null, '2026-03-04T10:00:00Z', 'title of p4'],
    ]);
  });

  it('describes every preset', () => {
    for (const [name, preset] of Object.entries(queryPresets))
      expect(preset.description.length, name).toBeGreaterThan(20);
  });
});
