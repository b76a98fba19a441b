import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../support/bin-run.js';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** Under green-of-total the report's stated CompliancePercent is a warning: exit 1 at fail-on warning. */
const strict = 'fail-on: warning\npercent-formula: green-of-total\n';

/** A repository (a folder with `.git`) in a parent folder, a report, and a folder two levels down to run in. */
function setUp(): { parent: string; root: string; report: string; cwd: string } {
  const parent = tempDir();
  const root = join(parent, 'repo');
  const cwd = join(root, 'scans', 'today');
  mkdirSync(join(root, '.git'), { recursive: true });
  mkdirSync(cwd, { recursive: true });
  const report = join(cwd, 'report.json');
  writeFileSync(report, JSON.stringify([minimalReport()]));
  return { parent, root, report, cwd };
}

describe('the config file found from the working directory upward', () => {
  it('applies cspm-report.config.yaml of a folder above, and tells which in one line', () => {
    const { root, cwd } = setUp();
    writeFileSync(join(root, 'cspm-report.config.yaml'), strict);
    expect(runBin(['check', 'report.json'], { cwd })).toMatchObject({
      status: 1,
      stderr: `cspm-report: config file ${join('..', '..', 'cspm-report.config.yaml')} (found by search) sets fail-on, percent-formula\n`,
    });
  });

  it('reads the "cspm-report" key of package.json, and passes over a package.json without it', () => {
    const { root, cwd } = setUp();
    writeFileSync(
      join(root, 'package.json'),
      JSON.stringify({
        name: 'posture',
        'cspm-report': { 'fail-on': 'warning', check: { 'percent-formula': 'green-of-total' } },
      }),
    );
    writeFileSync(join(cwd, 'package.json'), JSON.stringify({ name: 'scans' }));
    expect(runBin(['check', 'report.json'], { cwd })).toMatchObject({
      status: 1,
      stderr: `cspm-report: config file ${join('..', '..', 'package.json')} (found by search) sets fail-on, percent-formula\n`,
    });
  });

  it('takes the nearest file', () => {
    const { root, cwd } = setUp();
    writeFileSync(join(root, 'cspm-report.config.yaml'), strict);
    writeFileSync(join(cwd, '..', 'cspm-report.config.json'), '{"fail-on": "error"}');
    expect(runBin(['check', 'report.json', '--percent-formula', 'green-of-total'], { cwd })).toMatchObject({
      status: 0,
      stderr: `cspm-report: config file ${join('..', 'cspm-report.config.json')} (found by search) sets fail-on\n`,
    });
  });

  it('ignores every file with --no-config', () => {
    const { root, cwd } = setUp();
    writeFileSync(join(root, 'cspm-report.config.yaml'), strict);
    expect(runBin(['check', 'report.json', '--no-config'], { cwd })).toMatchObject({ status: 0, stderr: '' });
  });

  it("stops at the repository's root: a file above it does not apply", () => {
    const { parent, cwd } = setUp();
    writeFileSync(join(parent, 'cspm-report.config.yaml'), strict);
    expect(runBin(['check', 'report.json'], { cwd })).toMatchObject({ status: 0, stderr: '' });
  });

  it('shows the help whatever the file holds', () => {
    const { root, cwd } = setUp();
    writeFileSync(join(root, 'cspm-report.config.yaml'), 'check:\n  failOn: warning\n');
    expect(runBin(['check', 'report.json'], { cwd })).toMatchObject({ status: 2 });
    expect(runBin(['check', '--help'], { cwd })).toMatchObject({ status: 0, stderr: '' });
  });

  it('loads the yaml package only for a YAML config file', () => {
    const { root, cwd } = setUp();
    const loadsYaml = (): boolean =>
      /yaml\.cjs/.test(runBin(['check', 'report.json'], { cwd, env: { NODE_DEBUG: 'module' } }).stderr);
    expect(loadsYaml()).toBe(false);
    writeFileSync(join(root, 'cspm-report.config.yaml'), 'fail-on: error\n');
    expect(loadsYaml()).toBe(true);
  });
});
