import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { hasQueryEngine } from '../support/query-engine.js';
import { useTempDir } from '../support/temp-dir.js';

const available = hasQueryEngine();
const tempDir = useTempDir();
const samples = [
  'samples/azure-csbp.json',
  'samples/azure-multi-benchmark.json',
  'samples/aws-cis.json',
  'samples/office365.json',
];

/** Policies per benchmark report of the samples, counted from their JSON. */
function samplePolicies(): number {
  let count = 0;
  for (const file of samples) {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { result?: unknown };
    for (const report of [data.result ?? data].flat() as { ResourceCategories: { Policies: unknown[] }[] }[]) {
      for (const category of report.ResourceCategories) count += category.Policies.length;
    }
  }
  return count;
}

describe.runIf(available)('a dataset written by render, read by query', () => {
  it('answers SQL and every saved query over the folder render -f parquet --out-dir wrote', async () => {
    const lake = join(tempDir(), 'lake');
    const written = await runInProcess(['render', ...samples, '-f', 'parquet', '--out-dir', lake]);
    expect(written.stderr).not.toMatch(/^cspm-report:/m);
    expect(written.code).toBe(0);

    const counted = await runInProcess([
      'query',
      lake,
      "SELECT count(*) AS policies, count(*) FILTER (compliance = 'Red') AS red, count(DISTINCT benchmark) AS benchmarks, count(*) FILTER (scan_date IS NULL) AS undated FROM policies",
      '-f',
      'json',
    ]);
    expect(counted.stderr).toBe('');
    const [row] = JSON.parse(counted.stdout) as {
      policies: number;
      red: number;
      benchmarks: number;
      undated: number;
    }[];
    expect(row?.policies).toBe(samplePolicies());
    expect(row?.red).toBeGreaterThan(0);
    expect(row?.benchmarks).toBeGreaterThanOrEqual(4);
    // Two samples state no scan date: their rows are under __HIVE_DEFAULT_PARTITION__, read as null.
    expect(row?.undated).toBeGreaterThan(0);

    const figures = await runInProcess([
      'query',
      lake,
      "SELECT sum(red) AS red FROM figures WHERE level = 'report'",
      '-f',
      'json',
    ]);
    expect((JSON.parse(figures.stdout) as { red: number }[])[0]?.red).toBe(row?.red);

    for (const preset of ['worst-accounts', 'failing-longest', 'new-failures']) {
      const run = await runInProcess(['query', lake, '--preset', preset, '-f', 'json']);
      expect(run.stderr, preset).toBe('');
      expect(run.code, preset).toBe(0);
      expect(Array.isArray(JSON.parse(run.stdout)), preset).toBe(true);
    }
  }, 60_000);
});
