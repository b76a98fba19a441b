import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../support/bin-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/**
 * A folder of `files` copies of a generated 879-policy report (three benchmarks), each of its own account; returns its
 * path.
 */
async function generatedFleet(dir: string, files: number): Promise<string> {
  const base = join(dir, 'base.json');
  const generator = (await import(pathToFileURL(resolve('scripts/generate-report.js')).href)) as {
    writeReport(path: string, policies: number): Promise<void>;
  };
  await generator.writeReport(base, 879);
  const text = readFileSync(base, 'utf8');
  const fleet = join(dir, 'fleet');
  mkdirSync(fleet);
  for (let index = 0; index < files; index += 1) {
    writeFileSync(
      join(fleet, `account-${String(index).padStart(4, '0')}.json`),
      text.replaceAll(
        '00000000-0000-4000-8000-000000000001',
        `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      ),
    );
  }
  return fleet;
}

/*
 * The fleet: 100 files of 879 policies (300 reports) read in a 16 MB heap, of which the
 * program itself takes 6 to 8 MB. Held whole, as an analysis of one document holds them,
 * the reports take 0.25 MB a file, 25 MB in all (measured with --expose-gc): more than
 * the whole heap, three times the room beside the program. A render to CSV, which holds
 * every report, runs out of memory in this heap at 25 of these files.
 */
const files = 100;
const heap = { NODE_OPTIONS: '--max-old-space-size=16' };

describe('check and gate of many files in flat memory', () => {
  // Some 27 MB of files, written once for the tests that read them.
  let fleetDir: string;
  let fleet: string;
  beforeAll(async () => {
    fleetDir = mkdtempSync(join(tmpdir(), 'cspm-test-'));
    fleet = await generatedFleet(fleetDir, files);
  }, 120_000);
  afterAll(() => {
    if (fleetDir !== undefined) rmSync(fleetDir, { recursive: true, force: true });
  });

  it('check and gate 100 files of 879 policies in a 16 MB heap, which holding every report would overflow', () => {
    for (const args of [
      ['check', fleet, '--quiet'],
      ['gate', fleet, '--rules', 'cspm:recommended', '--quiet'],
    ]) {
      const result = runBin(args, { timeout: 120_000, env: heap });
      expect(result.signal, result.stderr).toBeNull();
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/100 files, 300 valid reports, 87,900 policies/);
    }
  }, 180_000);

  it('writes the policies of 100 files of 879 policies to one Parquet file in a 16 MB heap, reading them one at a time', () => {
    const dir = tempDir();
    const output = join(dir, 'all.parquet');
    // Held whole, as every other format of one document is, the reports overflow the heap.
    const result = runBin(['render', fleet, '-o', output], { timeout: 120_000, env: heap });
    expect(result.signal, result.stderr.slice(-2_000)).toBeNull();
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `wrote ${output}\n  ${join(fleet, 'account-0000.json')} and 99 other inputs: 100 files, 300 reports, 87,900 policies written\n`,
    );
    expect(readFileSync(output).subarray(0, 4).toString()).toBe('PAR1');
  }, 180_000);

  it('gates 300 reports on 400 assertions each (120,000 results) in a 64 MB heap, its text written in pieces', () => {
    const dir = tempDir();
    // Per-report assertions make a result for each report: the results, not the reports,
    // are what a fleet's gate holds. Each kept its own message and scope texts, some in
    // objects left in dictionary mode, and the text output was one string of them all
    // (which alone still runs out of this heap). The results, not how many reports make
    // them, are what counts: the fleet above, read again, makes them.
    const assertions = Array.from({ length: 400 }, (_, index) => ({
      name: `assertion ${index}`,
      metric: index % 2 === 0 ? 'compliancePercent' : 'redPolicies',
      ...(index % 2 === 0 ? { min: index % 100 } : { max: index % 100 }),
    }));
    const rules = join(dir, 'rules.json');
    writeFileSync(rules, JSON.stringify({ assertions }));
    const output = join(dir, 'gate.txt');
    const result = runBin(['gate', fleet, '--rules', rules, '--jobs', '1', '-o', output], {
      timeout: 170_000,
      env: { NODE_OPTIONS: '--max-old-space-size=64' },
    });
    expect(result.signal, result.stderr.slice(-2_000)).toBeNull();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(3);
    const text = readFileSync(output, 'utf8');
    expect(text).toContain(': 120,000 results\n');
    expect(text).toMatch(/✖ gate failed: [\d,]+ errors, 0 warnings, [\d,]+ passed\n$/);
  }, 180_000);
});
