import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { openDuckDb, sqlText } from '../support/duckdb.js';
import { dayFromToday, sampleExceptionsFile } from '../support/sample-exceptions.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

describe('render --exceptions', () => {
  it('fails the run (exit 2) on an exceptions file that does not check, writing nothing', async () => {
    const dir = tempDir();
    const bad = join(dir, 'exceptions.yaml');
    writeFileSync(bad, 'exceptions:\n  - id: EXC-1\n    policy: VMDiskEncryption\n');
    const run = await runInProcess([
      'render',
      'samples/azure-csbp.json',
      '--out-dir',
      dir,
      '--exceptions',
      bad,
      '--no-config',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('exceptions.yaml');
    expect(run.stderr).toContain('/exceptions/0');
  });

  it('names each expired, expiring and unused exception on standard error, even with --quiet', async () => {
    const dir = tempDir();
    const exceptions = sampleExceptionsFile(dir, -1);
    const run = await runInProcess([
      'render',
      'samples/azure-csbp.json',
      '-f',
      'csv',
      '--out-dir',
      dir,
      '--exceptions',
      exceptions,
      '--quiet',
      '--no-config',
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      [
        `cspm-report: warning: EXC-2 expired ${dayFromToday(-1)} (1 day ago), owner platform@example.com: it no longer applies, and the policies it named fail again`,
        `cspm-report: warning: EXC-3 (${exceptions} /exceptions/2) matches no policy`,
        '',
      ].join('\n'),
    );
  });

  it('shows the accepted Critical policy in CSV, POA&M, OCSF, HDF and SARIF, with the expired one renewed (exit 0)', async () => {
    const dir = tempDir();
    const exceptions = sampleExceptionsFile(dir, 60);
    const out = join(dir, 'out');
    const formats = ['csv', 'poam', 'ocsf', 'hdf', 'sarif'].flatMap((format) => ['-f', format]);
    const run = await runInProcess([
      'render',
      'samples/azure-csbp.json',
      ...formats,
      '--out-dir',
      out,
      '--exceptions',
      exceptions,
      '--no-config',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const read = (name: string): string => readFileSync(join(out, name), 'utf8');
    const csv = parse(read('azure-csbp.csv'), { bom: true, columns: true }) as Record<string, string>[];
    expect(csv.find((row) => row.ExceptionId === 'EXC-1')?.Severity).toBe('Critical');
    const poam = parse(read('azure-csbp.poam.csv'), { bom: true, columns: true }) as Record<string, string>[];
    expect(poam.find((row) => row['Scheduled Completion Date'] === dayFromToday(90))?.Comments).toContain('EXC-1');
    const events = read('azure-csbp.ocsf.jsonl')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { status_id: number; unmapped: { policy_id: string } });
    expect(events.find((event) => event.unmapped.policy_id === 'VMDiskEncryption')?.status_id).toBe(3);
    expect(read('azure-csbp.hdf.json')).toContain('"waiver_data":{"justification"');
    const sarif = JSON.parse(read('azure-csbp.sarif')) as {
      runs: { results: { properties: { policyId: string }; suppressions?: unknown[] }[] }[];
    };
    const critical = sarif.runs[0]?.results.find((result) => result.properties.policyId === 'VMDiskEncryption');
    expect(critical?.suppressions).toHaveLength(1);
  });

  it('writes the accepted policies into a Parquet dataset and a table file, read back by DuckDB', async (context) => {
    const db = await openDuckDb();
    if (db === undefined) return context.skip();
    try {
      const dir = tempDir();
      const exceptions = sampleExceptionsFile(dir, 60);
      const lake = join(dir, 'lake');
      const table = join(dir, 'r.parquet');
      for (const args of [
        ['-f', 'parquet', '--out-dir', lake],
        ['-o', table],
      ]) {
        const run = await runInProcess([
          'render',
          'samples/azure-csbp.json',
          'samples/aws-cis.json',
          ...args,
          '--exceptions',
          exceptions,
          '--no-config',
        ]);
        expect(run.code, run.stderr).toBe(0);
      }
      const accepted = `SELECT policy_id, exception_id, CAST(exception_expires AS VARCHAR) AS expires FROM read_parquet(%s) WHERE exception_id IS NOT NULL ORDER BY exception_id`;
      const expected = [
        { policy_id: 'VMDiskEncryption', exception_id: 'EXC-1', expires: dayFromToday(90) },
        { policy_id: 'VMJustInTimeAccess', exception_id: 'EXC-2', expires: dayFromToday(60) },
      ];
      const files = [sqlText(join(lake, 'policies', '**', '*.parquet')), sqlText(table)];
      for (const file of files) expect(await db.rows(accepted.replace('%s', file))).toEqual(expected);
      const sha256 = createHash('sha256').update(readFileSync(exceptions)).digest('hex');
      for (const file of files) {
        const metadata = await db.rows(
          `SELECT DISTINCT decode(value) AS value FROM parquet_kv_metadata(${file}) WHERE decode(key) = 'cspm-report.exceptions'`,
        );
        expect(metadata.map((row) => JSON.parse(String(row['value'])) as unknown)).toEqual([
          {
            files: [{ path: 'exceptions.yaml', sha256, ids: ['EXC-1', 'EXC-2', 'EXC-3'] }],
            applied: ['EXC-1', 'EXC-2'],
          },
        ]);
      }
      const none = await db.rows(
        `SELECT count(*)::INTEGER AS rows, count(exception_id)::INTEGER AS accepted FROM read_parquet(${sqlText(table)}) WHERE account_name <> 'Contoso Production'`,
      );
      expect(none[0]?.['accepted']).toBe(0);
      expect(none[0]?.['rows']).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it('refuses an exceptions file as the table file it would write over', async () => {
    const dir = tempDir();
    const exceptions = sampleExceptionsFile(dir, 60);
    const run = await runInProcess([
      'render',
      'samples/azure-csbp.json',
      '-f',
      'parquet',
      '-o',
      exceptions,
      '--exceptions',
      exceptions,
      '--no-config',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('output would overwrite an input');
    expect(readFileSync(exceptions, 'utf8')).toContain('EXC-1');
  });
});
