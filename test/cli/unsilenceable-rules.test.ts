import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const good = 'samples/aws-cis.json';
const rules = 'samples/gate/gate-rules.yaml';

/** A sample that each rule marks unusable, and the one line a setting that would silence it gets. */
const unusable = [
  'envelope-failure',
  'not-a-report',
  'json-syntax',
  'schema',
  'duplicate-key',
  'empty-report',
] as const;

function notice(rule: string, setting = 'off'): string {
  return `cspm-report: warning: --rule ${rule}=${setting}: this rule marks an input that could not be read or analysed; it cannot be ${setting === 'off' ? 'silenced' : 'lowered'}, the input stays failed\n`;
}

describe('a rule that marks an unusable input cannot be silenced', () => {
  it.each(unusable)('gate fails on an input %s marks, with the rule off, and says why once', async (rule) => {
    const run = await runInProcess([
      'gate',
      `samples/broken/${rule}.json`,
      good,
      '--rules',
      rules,
      '--rule',
      `${rule}=off`,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(notice(rule));
    expect(run.stdout).not.toMatch(/gate passed/);
  });

  it.each(unusable)('check fails on an input %s marks, with it off or lowered', async (rule) => {
    for (const setting of ['off', 'warning']) {
      const run = await runInProcess([
        'check',
        `samples/broken/${rule}.json`,
        good,
        '--rule',
        `${rule}=${setting}`,
        '-f',
        'json',
      ]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(notice(rule, setting));
      const json = JSON.parse(run.stdout) as {
        verdict: { status: string };
        files: { findings: { rule: string; severity: string }[] }[];
      };
      expect(json.verdict.status).toBe('fail');
      expect(json.files[0]?.findings).toContainEqual(expect.objectContaining({ rule, severity: 'error' }));
    }
  });

  it.each(unusable)('check fails on an input %s marks even under --fail-on never', async (rule) => {
    const run = await runInProcess(['check', `samples/broken/${rule}.json`, good, '--fail-on', 'never']);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('✔');
  });

  it('keeps a setting that raises such a rule, and says nothing of it', async () => {
    const run = await runInProcess(['check', good, '--rule', 'not-a-report=error', '--rule', 'json-syntax=error']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
  });

  it('still refuses to turn off the rule that says nothing was valid, and only that', async () => {
    const run = await runInProcess(['check', good, '--rule', 'no-valid-report=off']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'cspm-report: invalid usage: --rule: the rule no-valid-report cannot be set to off: nothing passes on nothing, whatever other rules are turned off\n',
    );
  });

  it('a file found in a folder that is no report stays a warning that fails nothing', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'report.json'), readFileSync(good));
    writeFileSync(join(dir, 'package.json'), '{"name":"x","version":"1.0.0"}');
    expect((await runInProcess(['check', dir])).code).toBe(0);
    expect((await runInProcess(['gate', dir, '--rules', rules])).code).toBe(0);
  });

  it('diff and trend keep such an input failed, and say so', async () => {
    const dir = tempDir();
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, readFileSync('samples/broken/envelope-failure.json'));
    const diff = await runInProcess(['diff', broken, good, '--rule', 'envelope-failure=off']);
    expect(diff.code).toBe(1);
    expect(diff.stderr).toContain(notice('envelope-failure'));
    const trend = await runInProcess(['trend', good, broken, '--rule', 'envelope-failure=off']);
    expect(trend.code).not.toBe(0);
    expect(trend.stderr).toContain(notice('envelope-failure'));
  });

  it('merge of shards run with it off keeps the input failed', async () => {
    const out = join(tempDir(), 'part.json');
    const shard = await runInProcess([
      'gate',
      'samples/broken/not-a-report.json',
      good,
      '--rules',
      rules,
      '--rule',
      'not-a-report=off',
      '--shard',
      '1/1',
      '-o',
      out,
    ]);
    expect(shard.stderr).toBe(notice('not-a-report'));
    // The merge states the settings the shards were made with, as it must.
    const merged = await runInProcess(['merge', out, '--rules', rules, '--rule', 'not-a-report=off']);
    expect(merged.code).toBe(1);
    expect(merged.stderr).toContain(notice('not-a-report'));
  });
});
