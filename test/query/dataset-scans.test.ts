import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetSeries, type DatasetScan } from '../../src/query/dataset-scans.js';
import { runInProcess } from '../support/cli-run.js';
import { hasQueryEngine } from '../support/query-engine.js';
import { sampleExceptionsFile } from '../support/sample-exceptions.js';
import { useTempDir } from '../support/temp-dir.js';

const available = hasQueryEngine();
const tempDir = useTempDir();

interface FleetGenerator {
  generateFleetDataset(dir: string, accounts: number, scans: number, seed?: number): Promise<void>;
}

const keyOf = (scan: DatasetScan): string =>
  `${scan.analysed.report.AccountId}\u0000${scan.analysed.report.BenchmarkId}`;

describe.runIf(available)('datasetSeries', () => {
  let fleet: string;
  beforeAll(async () => {
    const generator = (await import(
      pathToFileURL(resolve('scripts/generate-fleet-dataset.js')).href
    )) as FleetGenerator;
    // Generated once for the file: the temporary folders of each test are removed after it.
    fleet = join(mkdtempSync(join(tmpdir(), 'cspm-fleet-dataset-')), 'fleet');
    await generator.generateFleetDataset(fleet, 60, 8, 3);
  });
  afterAll(() => rmSync(join(fleet, '..'), { recursive: true, force: true }));

  it('yields each account and benchmark once, all its scans together, in order of ids and then of scan times', async () => {
    const keys: string[] = [];
    let scans = 0;
    for await (const series of datasetSeries(fleet)) {
      // One series per step: what a step holds is one account's scans, never more of the dataset.
      expect(new Set(series.map(keyOf)).size).toBe(1);
      expect(series.length).toBeLessThanOrEqual(8);
      const times = series.map((scan) => Date.parse(scan.analysed.report.LastScannedDate ?? ''));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      keys.push(keyOf(series[0] as DatasetScan));
      scans += series.length;
    }
    expect(keys).toHaveLength(60);
    expect(keys).toEqual([...keys].sort());
    const counted = await runInProcess([
      'query',
      fleet,
      "SELECT count(*) AS scans FROM figures WHERE level = 'report'",
      '-f',
      'json',
    ]);
    expect(JSON.parse(counted.stdout)).toEqual([{ scans }]);
  });

  it('reads the same series when the accounts are sorted in many small ranges', async () => {
    const summary = async (rowsPerSort?: number): Promise<string[]> => {
      const lines: string[] = [];
      for await (const series of datasetSeries(fleet, rowsPerSort === undefined ? {} : { rowsPerSort }))
        lines.push(
          series
            .map((scan) => `${keyOf(scan)} ${scan.analysed.report.JobId} ${scan.analysed.figures.percent}`)
            .join('|'),
        );
      return lines;
    };
    const whole = await summary();
    expect(whole).toHaveLength(60);
    // Some 500 policy rows a range: an account's scans are more, so each account is a range of its own.
    expect(await summary(500)).toEqual(whole);
  });

  it('holds the engine open while series are asked for, and closes it (its spill folder removed) when a reader stops early', async () => {
    // The engine spills into a folder made under the system's temporary one: here a private one, to watch it.
    const spillRoot = mkdtempSync(join(tmpdir(), 'cspm-spill-root-'));
    const before = process.env['TMPDIR'];
    process.env['TMPDIR'] = spillRoot;
    try {
      let first: DatasetScan[] | undefined;
      for await (const series of datasetSeries(fleet)) {
        first = series;
        expect(readdirSync(spillRoot)).toHaveLength(1);
        break;
      }
      expect(first?.length).toBeGreaterThan(0);
      expect(readdirSync(spillRoot)).toEqual([]);
    } finally {
      if (before === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = before;
      rmSync(spillRoot, { recursive: true, force: true });
    }
  });

  it('rebuilds each report as the generator made it: categories in order, resources that agree with each colour', async () => {
    for await (const series of datasetSeries(fleet)) {
      for (const { analysed, source } of series) {
        const { report } = analysed;
        expect(source).toMatch(/^scans\/\d{4}-\d\d-\d\d\/[\w-]+\.json$/);
        const orders = report.ResourceCategories.map((category) => category.ControlCategoryOrder);
        expect(orders).toEqual([...new Set(orders)].sort((a, b) => a - b));
        for (const policy of report.ResourceCategories.flatMap((category) => category.Policies)) {
          const { Compliance: colour, PassedResourceCount: passed, TotalResourceCount: total } = policy;
          if (colour === 'Green') expect(passed).toBe(total);
          else if (colour === 'Red') expect(passed).toBe(0);
          else if (colour === 'Gray') expect([passed, total]).toEqual([0, 0]);
          else expect(passed > 0 && passed < total, `${colour} ${passed}/${total}`).toBe(true);
        }
        expect(analysed.figures.total).toBe(report.ResourceCategories.flatMap((category) => category.Policies).length);
      }
    }
  });

  it('carries the exception that accepts a policy beside the report', async () => {
    const dir = tempDir();
    const lake = join(dir, 'lake');
    const written = await runInProcess([
      'render',
      'samples/azure-csbp.json',
      '-f',
      'parquet',
      '--out-dir',
      lake,
      '--exceptions',
      sampleExceptionsFile(dir, 60),
      '--no-config',
    ]);
    expect(written.code, written.stderr).toBe(0);
    const accepted: [string, string, string | null][] = [];
    for await (const series of datasetSeries(lake))
      for (const scan of series)
        for (const [policy, acceptance] of scan.accepted)
          accepted.push([policy.PolicyId, acceptance.id, acceptance.expires]);
    expect(accepted.map(([policy, id]) => [policy, id])).toEqual([
      ['VMDiskEncryption', 'EXC-1'],
      ['VMJustInTimeAccess', 'EXC-2'],
    ]);
    for (const [, , expires] of accepted) expect(expires).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it('names the path of a dataset without a policies table', async () => {
    const dir = tempDir();
    const lake = join(dir, 'lake');
    expect((await runInProcess(['render', 'samples/aws-cis.json', '-f', 'parquet', '--out-dir', lake])).code).toBe(0);
    rmSync(join(lake, 'policies'), { recursive: true });
    const read = async (): Promise<void> => {
      for await (const series of datasetSeries(lake)) expect(series).toBeUndefined();
    };
    await expect(read()).rejects.toMatchObject({ code: 'dataset-invalid', message: expect.stringContaining(lake) });
  });
});
