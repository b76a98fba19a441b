import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../support/bin-run.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const aws = resolve('test/fixtures/scanners/prowler/example_output_aws.ocsf.json');

interface CheckJson {
  summary: { reports: number; errors: number; warnings: number };
  runSettings: { config: { keys: string[]; weakening: string[] }; effective: Record<string, unknown> };
}

describe('from and framework in a config file', () => {
  it('reads a Prowler output per framework, says so on standard error and in the JSON settings', async () => {
    const dir = tempDir();
    const config = join(dir, 'cspm-report.config.yaml');
    writeFileSync(config, 'from: prowler-ocsf\nframework: all\n');
    const run = await runInProcess(['check', aws, '-f', 'json', '--config', config]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('(named with --config) sets framework, from');
    const json = JSON.parse(run.stdout) as CheckJson;
    // The example names ten frameworks; one scan is one job in each of their reports.
    expect(json.summary).toMatchObject({ reports: 10, errors: 0, warnings: 0 });
    expect(json.runSettings.config.keys).toEqual(['framework', 'from']);
    expect(json.runSettings.effective).toMatchObject({ from: 'prowler-ocsf', framework: 'all' });
  });

  it('refuses a framework the results do not name, naming the config file that set it', async () => {
    const dir = tempDir();
    const config = join(dir, 'cspm-report.config.yaml');
    writeFileSync(config, 'framework: NO-SUCH\n');
    const run = await runInProcess(['check', aws, '--config', config]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('no result names the framework "NO-SUCH"');
  });

  it('warns of a framework set by a config file found by search, and --strict-config refuses it', () => {
    const root = join(tempDir(), 'repo');
    mkdirSync(join(root, '.git'), { recursive: true });
    copyFileSync(aws, join(root, 'scan.json'));
    writeFileSync(join(root, 'cspm-report.config.yaml'), 'framework: CIS-2.0\n');
    const warned = runBin(['gate', 'scan.json', '--rules', 'cspm:recommended'], { cwd: root });
    expect(warned.stderr).toContain(
      'cspm-report.config.yaml:1:1: /framework: weakens the verdict, from a config file found by search',
    );
    const refused = runBin(['gate', 'scan.json', '--rules', 'cspm:recommended', '--strict-config'], { cwd: root });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('/framework: weakens the verdict');
  });
});
