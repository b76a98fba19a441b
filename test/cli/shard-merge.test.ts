import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shardOfPath } from '../../src/jobs/shard/shard-spec.js';
import { runInProcess } from '../support/cli-run.js';
import { writeFleet } from '../support/fleet.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const formats = ['text', 'json', 'sarif', 'junit', 'markdown', 'github', 'gitlab'] as const;

/** Every findings format of a run, to files under `dir` named `name.<format>`. */
function outputArgs(dir: string, name: string): string[] {
  return formats.flatMap((format) => ['-f', format, '-o', join(dir, `${name}.${format}`)]);
}

function outputsOf(dir: string, name: string): Record<string, string> {
  return Object.fromEntries(formats.map((format) => [format, readFileSync(join(dir, `${name}.${format}`), 'utf8')]));
}

/** Runs every shard of a command, then merges them; the merge's outcome and its outputs. */
async function shardedRun(
  dir: string,
  args: string[],
  shards: number,
): Promise<{ code: number; stdout: string; stderr: string; parts: string[] }> {
  const parts: string[] = [];
  for (let index = 1; index <= shards; index += 1) {
    const part = join(dir, `part-${index}.json`);
    const shard = await runInProcess([...args, '--shard', `${index}/${shards}`, '-o', part]);
    expect(shard).toMatchObject({ code: 0, stdout: '' });
    parts.push(part);
  }
  const merged = await runInProcess(['merge', ...parts, ...outputArgs(dir, 'merged')]);
  return { ...merged, parts };
}

describe('--shard i/n and merge', () => {
  it('a merged check writes what the unsharded check writes, byte for byte, a report repeated across shards included', async () => {
    const dir = tempDir();
    const fleet = writeFleet(join(dir), 30);
    const out = tempDir();
    // A number of shards that puts the copy and its original apart: only the merge can see the repeat.
    // The folder's name is random, and for about one in a hundred names the copy and its original
    // share a shard at every count from 3 to 7: the search goes on to 64, so that a test never
    // runs no shards at all.
    const counts = Array.from({ length: 62 }, (_, offset) => offset + 3);
    const shards = counts.find(
      (count) => shardOfPath(fleet.duplicate, count) !== shardOfPath(fleet.files[3] as string, count),
    );
    if (shards === undefined)
      throw new Error(`no count of shards from 3 to 64 puts ${fleet.duplicate} and ${fleet.files[3] as string} apart`);
    const whole = await runInProcess(['check', fleet.dir, ...outputArgs(out, 'whole')]);
    const merged = await shardedRun(out, ['check', fleet.dir], shards);
    expect(whole.code).toBe(1);
    expect(merged, merged.stderr).toMatchObject({ code: whole.code });
    expect(outputsOf(out, 'merged')).toEqual(outputsOf(out, 'whole'));
    expect(readFileSync(join(out, 'merged.text'), 'utf8')).toContain('duplicate-report');
  });

  it('a fleet-wide gate assertion that every shard passes fails on the merge, as on the whole run', async () => {
    const dir = tempDir();
    const fleet = writeFleet(dir, 30, undefined, false);
    const out = tempDir();
    const whole = await runInProcess(['check', fleet.dir, '-f', 'json', '-o', join(out, 'figures.json')]);
    const json = JSON.parse(readFileSync(join(out, 'figures.json'), 'utf8')) as {
      summary: { posture: { red: number; other: number; amber: number } };
    };
    const failing = json.summary.posture.red + json.summary.posture.other + json.summary.posture.amber;
    expect(whole.code).toBe(0);
    // Past what any quarter of the fleet fails, short of the whole fleet's.
    const rules = join(out, 'rules.json');
    writeFileSync(
      rules,
      JSON.stringify({
        assertions: [
          { name: 'fleet budget', metric: 'failingPolicies', aggregate: 'all', max: Math.ceil(failing * 0.6) },
          { name: 'one policy', metric: 'policy', policy: 'VpnGatewayIkev2', mustNotBe: 'Red', level: 'warn' },
        ],
      }),
    );
    const gateArgs = ['gate', fleet.dir, '--rules', rules];
    const unsharded = await runInProcess([
      ...gateArgs,
      ...outputArgs(out, 'whole'),
      '--result',
      join(out, 'whole-result.json'),
    ]);
    const parts: string[] = [];
    for (let index = 1; index <= 2; index += 1) {
      parts.push(join(out, `part-${index}.json`));
      expect((await runInProcess([...gateArgs, '--shard', `${index}/2`, '-o', parts[index - 1] as string])).code).toBe(
        0,
      );
    }
    const merged = await runInProcess([
      'merge',
      ...parts,
      '--rules',
      rules,
      ...outputArgs(out, 'merged'),
      '--result',
      join(out, 'merged-result.json'),
    ]);
    expect(unsharded.code).toBe(3);
    // Each shard on its own is within the budget: a gate per shard would have passed.
    for (const part of parts) {
      const partial = JSON.parse(readFileSync(part, 'utf8')) as {
        files: { reports: { figures: { red: number; amber: number; other: number } }[] }[];
      };
      const shardFailing = partial.files
        .flatMap((file) => file.reports)
        .reduce((sum, report) => sum + report.figures.red + report.figures.amber + report.figures.other, 0);
      expect(shardFailing).toBeLessThanOrEqual(Math.ceil(failing * 0.6));
    }
    expect(merged.code).toBe(unsharded.code);
    expect(outputsOf(out, 'merged')).toEqual(outputsOf(out, 'whole'));
    expect(readFileSync(join(out, 'merged-result.json'), 'utf8')).toBe(
      readFileSync(join(out, 'whole-result.json'), 'utf8'),
    );
    expect(readFileSync(join(out, 'merged.text'), 'utf8')).toMatch(/error +fleet budget/);
  });

  it('refuses shards that are not one whole run: one missing, one twice, other rules, other inputs, not a partial result', async () => {
    const dir = tempDir();
    const fleet = writeFleet(dir, 10);
    const out = tempDir();
    const { parts } = await shardedRun(out, ['check', fleet.dir], 3);
    const missing = await runInProcess(['merge', parts[0] as string, parts[2] as string]);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toBe(
      'cspm-report: the partial results are not the shards of one run: shard 2 of 3 is missing: a verdict on part of the run could pass what the whole fails\n',
    );
    const twice = await runInProcess(['merge', ...parts, parts[1] as string]);
    expect(twice.stderr).toContain(`shard 2 of 3 is given twice: ${parts[1] as string} and ${parts[1] as string}`);
    const otherRules = join(out, 'other.json');
    expect(
      (await runInProcess(['check', fleet.dir, '--rule', 'mixed-ids=off', '--shard', '2/3', '-o', otherRules])).code,
    ).toBe(0);
    expect((await runInProcess(['merge', parts[0] as string, otherRules, parts[2] as string])).stderr).toBe(
      `cspm-report: partial result refused: ${otherRules} was made with --rule mixed-ids=off; this merge expects --rule (none)\n`,
    );
    writeFileSync(join(fleet.dir, 'late-arrival.json'), readFileSync(fleet.files[0] as string));
    const later = join(out, 'later.json');
    expect((await runInProcess(['check', fleet.dir, '--shard', '2/3', '-o', later])).code).toBe(0);
    expect((await runInProcess(['merge', parts[0] as string, later, parts[2] as string])).stderr).toContain(
      `${later} listed other inputs (13 files) than ${parts[0] as string} (12 files)`,
    );
    const notPartial = join(out, 'findings.json');
    await runInProcess(['check', fleet.files[0] as string, '-o', notPartial]);
    const refused = await runInProcess(['merge', notPartial]);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toBe(
      `cspm-report: invalid partial result: ${notPartial}: /cspmReportPartial: missing: not a partial result; merge takes the -f json output of check or gate --shard i/n\n`,
    );
    const damaged = join(out, 'damaged.json');
    const partial = JSON.parse(readFileSync(parts[0] as string, 'utf8')) as {
      files: { reports: { figures: { red: unknown } }[] }[];
    };
    partial.files[0]!.reports[0]!.figures.red = '12';
    writeFileSync(damaged, JSON.stringify(partial));
    expect((await runInProcess(['merge', damaged, parts[1] as string, parts[2] as string])).stderr).toBe(
      `cspm-report: invalid partial result: ${damaged}: /files/0/reports/0/figures/red: must be a whole number, not "12"\n`,
    );
  });

  it('refuses a shard that would state a verdict or cannot be split', async () => {
    const dir = tempDir();
    const fleet = writeFleet(dir, 6);
    for (const [args, message] of [
      [['check', fleet.dir, '--shard', '0/3'], '--shard takes i/n'],
      [['check', fleet.dir, '--shard', '4/3'], '--shard takes i/n'],
      [['check', fleet.dir, '--shard', 'half'], '--shard takes i/n'],
      [
        ['check', fleet.dir, '--shard', '1/2', '-f', 'sarif', '-o', join(dir, 'x.sarif')],
        '--shard writes one partial result as JSON',
      ],
      [['check', '-', '--shard', '1/2'], 'standard input cannot be split'],
      [
        ['gate', fleet.dir, '--rules', 'cspm:recommended', '--shard', '1/2', '--baseline', fleet.files[0] as string],
        '--baseline cannot be given with --shard',
      ],
    ] as const) {
      const result = await runInProcess([...args], { stdin: '[]' });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
    }
  });

  it('merge --fleet writes the fleet figures, which render draws as the fleet tier of the unsharded folder, byte for byte', async () => {
    const dir = tempDir();
    const fleet = writeFleet(dir, 24, undefined, false);
    const out = tempDir();
    const whole = await runInProcess(['render', fleet.dir, '-o', join(out, 'whole.html')]);
    expect(whole.code).toBe(0);
    const parts: string[] = [];
    for (let index = 1; index <= 3; index += 1) {
      parts.push(join(out, `part-${index}.json`));
      expect(
        (await runInProcess(['check', fleet.dir, '--shard', `${index}/3`, '-o', parts[index - 1] as string])).code,
      ).toBe(0);
    }
    const figures = join(out, 'fleet.json');
    expect(
      (await runInProcess(['merge', ...parts, '--fleet', figures, '-f', 'text', '-o', join(out, 'merged.txt')])).code,
    ).toBe(0);
    const rendered = await runInProcess(['render', figures, '-o', join(out, 'merged.html')]);
    expect(rendered.code).toBe(0);
    expect(readFileSync(join(out, 'merged.html'), 'utf8')).toBe(readFileSync(join(out, 'whole.html'), 'utf8'));
    expect(readFileSync(join(out, 'whole.html'), 'utf8')).toContain('Compliance of a fleet of 24 accounts');
    const csv = await runInProcess(['render', figures, '-f', 'csv', '-o', join(out, 'x.csv')]);
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain(
      'holds fleet figures, which render as the fleet tier in html, pdf or xlsx, not -f csv',
    );
    const damaged = join(out, 'damaged.json');
    writeFileSync(
      damaged,
      readFileSync(figures, 'utf8').replace('"accounts":[{"accountName":"Account 0"', '"accounts":[{"accountName":0'),
    );
    const refused = await runInProcess(['render', damaged, '-o', join(out, 'y.html')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${damaged}: /accounts/0/accountName`);
  });

  it('splits by path, stably: a file keeps its shard when others come and go', () => {
    const paths = Array.from({ length: 4000 }, (_, index) => `reports/account-${index}.json`);
    const before = new Map(paths.map((path) => [path, shardOfPath(path, 8)]));
    const counts = new Array<number>(8).fill(0);
    for (const shard of before.values()) counts[shard - 1] = (counts[shard - 1] as number) + 1;
    for (const count of counts) expect(count).toBeGreaterThan(400);
    for (const path of paths.slice(0, 100)) expect(shardOfPath(path, 8)).toBe(before.get(path));
  });
});

describe('--jobs', () => {
  it('writes the same outputs with one worker thread or several', async () => {
    const dir = tempDir();
    const fleet = writeFleet(dir, 20);
    const out = tempDir();
    const one = await runInProcess(['check', fleet.dir, '--jobs', '1', ...outputArgs(out, 'one')]);
    const two = await runInProcess(['check', fleet.dir, '--jobs', '2', ...outputArgs(out, 'two')]);
    expect(two.code).toBe(one.code);
    expect(outputsOf(out, 'two')).toEqual(outputsOf(out, 'one'));
  });

  it('refuses a number of jobs that is no whole number from 1 to 256', async () => {
    for (const jobs of ['0', '257', 'many', '1.5']) {
      const result = await runInProcess(['check', 'samples/aws-cis.json', '--jobs', jobs]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `--jobs takes a whole number of files to analyse at once, from 1 to 256, once, not ${jobs}`,
      );
    }
  });
});
