import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** A folder with a report, the sample gate rules in `conf/`, and a config file there naming them relative to itself. */
function setUp(): { report: string; config: string; rules: string } {
  const dir = tempDir();
  mkdirSync(join(dir, 'conf'));
  const report = join(dir, 'aws-cis.json');
  copyFileSync('samples/aws-cis.json', report);
  const rules = join(dir, 'conf', 'gate-rules.yaml');
  copyFileSync('samples/gate/gate-rules.yaml', rules);
  const config = join(dir, 'conf', 'cspm-report.config.yaml');
  writeFileSync(config, 'gate:\n  rules: gate-rules.yaml\n');
  return { report, config, rules };
}

describe('paths a config file gives are printed as the user gave them', () => {
  it('a relative --config gives a relative rules path in the gate header', async () => {
    const { report, config, rules } = setUp();
    const run = await runInProcess(['gate', report, '--config', relative(process.cwd(), config)]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`gate ${relative(process.cwd(), rules)}: `);
    expect(run.stdout).not.toContain(`gate ${rules}: `);
  });

  it('an absolute --config gives the absolute path (as it was given)', async () => {
    const { report, config, rules } = setUp();
    const run = await runInProcess(['gate', report, '--config', config]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`gate ${rules}: `);
  });
});
