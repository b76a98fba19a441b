import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCspmError, type Trend } from '../../src/index.js';
import { trendScans } from '../../src/jobs/trend-scans.js';
import { useTempDir } from '../support/temp-dir.js';
import { writeScans } from '../analyse/trend/scan-series.js';

const tempDir = useTempDir();

async function trendOf(inputs: string[], options = {}): Promise<Trend> {
  const outcome = await trendScans(inputs, options);
  if (outcome.status !== 'ok') throw new Error(`${outcome.source} did not check`);
  return outcome.trend;
}

type Report = Record<string, unknown> & {
  ResourceCategories: {
    Policies: { PolicyId: string; Compliance: string; PassedResourceCount: number; TotalResourceCount: number }[];
  }[];
};
const readReport = (path: string): Report[] => JSON.parse(readFileSync(path, 'utf8')) as Report[];

describe('trendScans', () => {
  it('orders scans by LastScannedDate whatever the file names', async () => {
    const dir = tempDir();
    const paths = await writeScans(dir, 6);
    const trend = await trendOf([dir]);
    expect(trend.order).toBe('scan-date');
    expect(trend.scans.map((scan) => scan.source)).toEqual(paths);
    expect(trend.scans.map((scan) => scan.jobId)).toEqual(['100000', '100001', '100002', '100003', '100004', '100005']);
    expect(trend.scans[0]?.regressions).toBeNull();
    const categories = (readReport(paths[0] as string)[0] as Report).ResourceCategories.length;
    expect(trend.categories.length).toBe(categories);
    expect(trend.scans.every((scan) => scan.categoryPercents.length === categories)).toBe(true);
  });

  it('orders by JobId, as numbers, when a scan has no date', async () => {
    const dir = tempDir();
    const paths = await writeScans(dir, 3, { dates: false, name: (index) => `z-${2 - index}.json` });
    // Job 99 before job 100000: whole numbers compare as numbers, not as text.
    const first = readReport(paths[0] as string);
    (first[0] as Report).JobId = '99';
    writeFileSync(paths[0] as string, JSON.stringify(first));
    const trend = await trendOf(paths.toReversed());
    expect(trend.order).toBe('job-id');
    expect(trend.scans.map((scan) => scan.jobId)).toEqual(['99', '100001', '100002']);
  });

  it('counts regressions between consecutive scans and the longest Red streak', async () => {
    const dir = tempDir();
    const paths = await writeScans(dir, 4, { change: 0 });
    const colours = ['Green', 'Red', 'Red', 'Amber'];
    paths.forEach((path, index) => {
      const document = readReport(path);
      const policy = (document[0] as Report).ResourceCategories[0]
        ?.Policies[0] as Report['ResourceCategories'][0]['Policies'][0];
      policy.Compliance = colours[index] as string;
      policy.TotalResourceCount = 4;
      policy.PassedResourceCount = { Green: 4, Red: 0, Amber: 2 }[colours[index] as 'Green'];
      writeFileSync(path, JSON.stringify(document));
    });
    const trend = await trendOf(paths, { failOn: 'never', top: 1000 });
    const followed = trend.longestRed.find((policy) => policy.policyId === 'VMBackupEnabled');
    expect(followed).toMatchObject({
      regressions: 1,
      longestRed: 2,
      longestRedFrom: 1,
      longestRedTo: 2,
      lastCompliance: 'Amber',
    });
    expect(trend.regressed.map((policy) => policy.policyId)).toEqual(['VMBackupEnabled']);
    expect(trend.scans.map((scan) => scan.regressions)).toEqual([null, 1, 0, 0]);
  });

  it('refuses a scan of another account unless allowMismatch, naming both', async () => {
    const dir = tempDir();
    const paths = await writeScans(dir, 3);
    const document = readReport(paths[2] as string);
    (document[0] as Report).AccountId = 'another-account';
    writeFileSync(paths[2] as string, JSON.stringify(document));
    const error = await trendScans(paths).catch((caught: unknown) => caught);
    expect(isCspmError(error) && error.code).toBe('reports-mismatch');
    expect(String((error as Error).message)).toContain('another-account');
    expect(String((error as Error).message)).toContain(paths[0]);
    expect((await trendOf(paths, { allowMismatch: true })).mismatched).toBe(true);
  });

  it('fails closed on an input that does not check, and names it', async () => {
    const dir = tempDir();
    const paths = await writeScans(dir, 3);
    writeFileSync(paths[1] as string, '{"not": "a report"');
    const outcome = await trendScans(paths);
    expect(outcome.status).toBe('invalid');
    expect(outcome.status === 'invalid' && outcome.source).toBe(paths[1]);
  });

  it('needs two scans', async () => {
    const dir = tempDir();
    const [only] = await writeScans(dir, 1);
    const error = await trendScans([only as string]).catch((caught: unknown) => caught);
    expect(isCspmError(error) && error.code).toBe('usage');
  });

  it('picks a report of a file of several by --benchmark, and refuses to guess', async () => {
    const multi = 'samples/azure-multi-benchmark.json';
    const error = await trendScans([multi, multi]).catch((caught: unknown) => caught);
    expect(isCspmError(error) && error.code).toBe('usage');
    expect(String((error as Error).message)).toMatch(/choose one by its benchmark and account/);
    const ids = JSON.parse(readFileSync(multi, 'utf8')) as
      { result?: { BenchmarkId: string }[] } | { BenchmarkId: string }[];
    const reports = Array.isArray(ids) ? ids : (ids.result ?? []);
    // A second scan: the same reports under another JobId (the same scan twice would count once).
    const next = join(tempDir(), 'next.json');
    writeFileSync(next, readFileSync(multi, 'utf8').replace(/"JobId"\s*:\s*"([^"]*)"/g, '"JobId": "$1-next"'));
    const outcome = await trendScans([multi, next], { benchmark: reports[0]?.BenchmarkId as string, failOn: 'never' });
    expect(outcome.status === 'ok' && outcome.trend.scans.length).toBe(2);
  });
});
