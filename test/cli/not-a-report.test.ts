import { inputFormatNames } from '../../src/internal.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { writeScans } from '../analyse/trend/scan-series.js';
import { runInProcess } from '../support/cli-run.js';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

const packageJson = JSON.stringify(
  {
    name: 'posture-reports',
    version: '1.0.0',
    private: true,
    type: 'module',
    scripts: { check: 'cspm-report check .' },
  },
  null,
  2,
);

/** A folder holding one clean report and a package.json. */
function folder(): { dir: string; report: string; stray: string } {
  const dir = join(tempDir(), 'reports');
  mkdirSync(dir);
  const report = join(dir, 'contoso.json');
  const stray = join(dir, 'package.json');
  writeFileSync(report, JSON.stringify([minimalReport()]));
  writeFileSync(stray, packageJson);
  return { dir, report, stray };
}

describe('a JSON file that is no audit report', () => {
  it('named on the command line: one not-a-report error, 0 reports, exit 1', async () => {
    const { stray } = folder();
    const result = await runInProcess(['check', stray]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      `${stray}: 0 reports, 0 policies\n` +
        '  error    (document)  not an audit report: nothing has a field of a benchmark report (BenchmarkId, ResourceCategories, AccountId, …); skipped, it adds no report and no figure' +
        ` (formats tried: ${inputFormatNames().join(', ')}; force one with --from)  not-a-report\n` +
        '\n✖ 1 finding (1 error, 0 warnings) in 1 file, 0 valid reports, 0 policies\n',
    );
  });

  it('found in a directory: skipped with a warning, the check passes', async () => {
    const { dir, report, stray } = folder();
    const result = await runInProcess(['check', dir]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${report}: 1 report, 5 policies, no findings\n`);
    expect(result.stdout).toContain(`${stray}: 0 reports, 0 policies\n  warning  (document)  not an audit report`);
    // The summary says the check passed, as its exit code does.
    expect(result.stdout).toContain(
      '⚠ 1 finding (0 errors, 1 warning) in 2 files, 1 valid report, 5 policies; none fails the check',
    );
  });

  it('in a combined document: the clean report is rendered, the file counts 0 reports and is listed as skipped', async () => {
    const { dir } = folder();
    const out = join(tempDir(), 'all.html');
    const result = await runInProcess(['render', dir, '-o', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(': 1 report, 5 policies, 0 errors, 1 warning (listed in the data quality section)');
    const analysis = await analyseInputs(dir);
    expect(
      analysis.sources.map((source) => [
        source.reportCount,
        source.findings.map((finding) => `${finding.rule} ${finding.severity}`),
      ]),
    ).toEqual([
      [1, []],
      [0, ['not-a-report warning']],
    ]);
  });
});

describe('render, one document per input', () => {
  it('skips a stray JSON file found in a directory and still exits 0', async () => {
    const { dir, stray } = folder();
    const out = join(tempDir(), 'out');
    const result = await runInProcess(['render', dir, '--out-dir', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `  ${stray}: skipped, no benchmark report in it (1 warning; see cspm-report check)\n`,
    );
    expect(result.stderr).not.toMatch(/^cspm-report:/m);
    expect(result.stdout).toBe('');
  });
});

describe('trend of a folder of scans', () => {
  it('leaves out a stray package.json with a note, as check does, and draws the trend', async () => {
    const dir = tempDir();
    await writeScans(dir, 3);
    writeFileSync(join(dir, 'package.json'), packageJson);
    const result = await runInProcess(['trend', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe(
      `cspm-report: ${join(dir, 'package.json')}: holds no benchmark report; left out of the trend\n`,
    );
    expect((JSON.parse(result.stdout) as { scans: unknown[] }).scans).toHaveLength(3);
  });

  it('still refuses a package.json named on the command line', async () => {
    const dir = tempDir();
    const [first, second] = await writeScans(dir, 2);
    writeFileSync(join(dir, 'package.json'), packageJson);
    const result = await runInProcess(['trend', first as string, second as string, join(dir, 'package.json')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not-a-report');
  });
});
