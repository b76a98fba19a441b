import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { section } from '../support/documentation.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * The config file of docs/configuration.md, in a repository laid out as it says
 * (`reports/` holding the bundled samples, `ci/gate-rules.yaml` the bundled rules, a
 * logo in `branding/`): the two commands the page shows after it pass there.
 */
const config = section('Config file');
const yaml = /```yaml\n([\s\S]*?)```/.exec(config.text)?.[1] ?? '';
const tempDir = useTempDir();

function repository(): string {
  const dir = tempDir();
  for (const folder of ['reports', 'ci', 'branding']) mkdirSync(join(dir, folder));
  for (const name of readdirSync('samples').filter((file) => file.endsWith('.json')))
    copyFileSync(join('samples', name), join(dir, 'reports', name));
  copyFileSync('samples/gate/gate-rules.yaml', join(dir, 'ci', 'gate-rules.yaml'));
  copyFileSync('test/fixtures/logo.png', join(dir, 'branding', 'logo.png'));
  writeFileSync(join(dir, 'cspm-report.config.yaml'), yaml);
  return dir;
}

describe('the config file example', () => {
  it('names the files the commands after it use', () => {
    expect(yaml).toContain('rules: ci/gate-rules.yaml');
    expect(yaml).toContain('logo: branding/logo.png');
    expect(config.text).toContain('`cspm-report gate reports/`');
    expect(config.text).toContain('`cspm-report render reports/ -f pdf --out-dir out`');
  });

  it('gates and renders the bundled samples as the page says: exit 0', async () => {
    const dir = repository();
    const configFile = ['--config', join(dir, 'cspm-report.config.yaml')];
    const gate = await runInProcess(['gate', join(dir, 'reports'), ...configFile]);
    expect(gate.code, gate.stdout + gate.stderr).toBe(0);
    expect(gate.stdout).toContain('gate');
    const render = await runInProcess([
      'render',
      join(dir, 'reports'),
      '-f',
      'pdf',
      '--out-dir',
      join(dir, 'out'),
      ...configFile,
    ]);
    expect(render.code, render.stdout + render.stderr).toBe(0);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual([
      'aws-cis.pdf',
      'azure-csbp.pdf',
      'azure-multi-benchmark.pdf',
      'office365.pdf',
    ]);
  });
});
