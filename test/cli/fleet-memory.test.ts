import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../support/bin-run.js';
import { writeFleet } from '../support/fleet.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** A folder of `files` copies of a generated 879-policy report (three benchmarks), each of its own account; returns its path. */
async function generatedFleet(dir: string, files: number): Promise<string> {
  const base = join(dir, 'base.json');
  const generator = (await import(pathToFileURL(resolve('scripts/generate-report.js')).href)) as { writeReport(path: string, policies: number): Promise<void> };
  await generator.writeReport(base, 879);
  const text = readFileSync(base, 'utf8');
  const fleet = join(dir, 'fleet');
  mkdirSync(fleet);
  for (let index = 0; index < files; index += 1) {
    writeFileSync(join(fleet, `account-${String(index).padStart(4, '0')}.json`), text.replaceAll('00000000-0000-4000-8000-000000000001', `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`));
  }
  return fleet;
}

describe('check and gate of many files in flat memory', () => {
  // Some 380 MB of files, written once for the two tests that read them.
  let fleetDir: string;
  let fleet: string;
  beforeAll(async () => {
    fleetDir = mkdtempSync(join(tmpdir(), 'cspm-test-'));
    fleet = await generatedFleet(fleetDir, 400);
  }, 120_000);
  afterAll(() => {
    if (fleetDir !== undefined) rmSync(fleetDir, { recursive: true, force: true });
  });

  it('check and gate 400 files of 879 policies in a 64 MB heap, which holding every report would overflow fivefold', () => {
    for (const args of [
      ['check', fleet, '--quiet'],
      ['gate', fleet, '--rules', 'cspm:recommended', '--quiet'],
    ]) {
      const result = runBin(args, { timeout: 120_000, env: { NODE_OPTIONS: '--max-old-space-size=64' } });
      expect(result.signal, result.stderr).toBeNull();
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/400 files, 1,200 valid reports, 351,600 policies/);
    }
  }, 180_000);

  it('writes the policies of 400 files of 879 policies to one Parquet file in a 64 MB heap, reading them one at a time', () => {
    const dir = tempDir();
    const output = join(dir, 'all.parquet');
    // Held whole, as every other format of one document is, the reports took some 300 MB.
    const result = runBin(['render', fleet, '-o', output], { timeout: 120_000, env: { NODE_OPTIONS: '--max-old-space-size=64' } });
    expect(result.signal, result.stderr.slice(-2_000)).toBeNull();
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`wrote ${output}\n  ${join(fleet, 'account-0000.json')} and 399 other inputs: 400 files, 1,200 reports, 351,600 policies written\n`);
    expect(readFileSync(output).subarray(0, 4).toString()).toBe('PAR1');
  }, 180_000);

  it('gates 2,000 reports on 60 assertions each (120,000 results) in a 64 MB heap, its text written in pieces', () => {
    const dir = tempDir();
    const fleet = join(dir, 'fleet');
    mkdirSync(fleet);
    writeFleet(fleet, 2_000, undefined, false);
    // Per-report assertions make a result for each report: the results, not the reports,
    // are what a fleet's gate holds. Each kept its own message and scope texts, some in
    // objects left in dictionary mode, and the text output was one string of them all.
    const assertions = Array.from({ length: 60 }, (_, index) => ({ name: `assertion ${index}`, metric: index % 2 === 0 ? 'compliancePercent' : 'redPolicies', ...(index % 2 === 0 ? { min: index } : { max: index }) }));
    const rules = join(dir, 'rules.json');
    writeFileSync(rules, JSON.stringify({ assertions }));
    const output = join(dir, 'gate.txt');
    const result = runBin(['gate', fleet, '--rules', rules, '--jobs', '1', '-o', output], { timeout: 170_000, env: { NODE_OPTIONS: '--max-old-space-size=64' } });
    expect(result.signal, result.stderr.slice(-2_000)).toBeNull();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(3);
    const text = readFileSync(output, 'utf8');
    expect(text).toContain(': 120,000 results\n');
    expect(text).toMatch(/✖ gate failed: [\d,]+ errors, 0 warnings, [\d,]+ passed\n$/);
  }, 180_000);
});
