import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { sampleExceptionsFile, recommendedRulesFile } from '../support/sample-exceptions.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** A folder of two reports (the Azure sample, with its Critical Red policy, and the AWS one). */
function inputsDir(dir: string): string {
  const inputs = join(dir, 'reports');
  mkdirSync(inputs);
  copyFileSync('samples/azure-csbp.json', join(inputs, 'azure-csbp.json'));
  copyFileSync('samples/aws-cis.json', join(inputs, 'aws-cis.json'));
  return inputs;
}

/** Every shard of a gate over `inputs`, with `extra` options; the partial results. */
async function shards(dir: string, inputs: string, extra: string[]): Promise<string[]> {
  const parts: string[] = [];
  for (const index of [1, 2]) {
    const part = join(dir, `part-${index}.json`);
    const shard = await runInProcess(['gate', inputs, ...extra, '--shard', `${index}/2`, '-o', part, '--no-config']);
    expect(shard, shard.stderr).toMatchObject({ code: 0, stdout: '' });
    parts.push(part);
  }
  return parts;
}

describe('gate --shard and merge with --exceptions', () => {
  it('merges to the verdict and outputs of the unsharded gate, the exceptions judged on the whole run', async () => {
    const dir = tempDir();
    const inputs = inputsDir(dir);
    const rules = recommendedRulesFile(dir);
    const exceptions = sampleExceptionsFile(dir, -1);
    const given = ['--rules', rules, '--exceptions', exceptions];
    const parts = await shards(dir, inputs, given);
    const partial = JSON.parse(
      readFileSync(parts[0] as string, 'utf8')
        .split('\n')[0]!
        .replace(/,"files":\[$/, '}'),
    );
    expect(partial.contentHashes.exceptions).toHaveLength(1);
    expect(partial.contentHashes.exceptions[0]).toMatch(/^[0-9a-f]{64}$/);
    const outputs = (name: string) => [
      '-f',
      'text',
      '-o',
      join(dir, `${name}.txt`),
      '-f',
      'json',
      '-o',
      join(dir, `${name}.json`),
    ];
    const whole = await runInProcess(['gate', inputs, ...given, ...outputs('whole'), '--no-config']);
    const merged = await runInProcess(['merge', ...parts, ...given, ...outputs('merged'), '--no-config']);
    expect(whole.code).toBe(3);
    expect(merged).toMatchObject({ code: 3, stderr: whole.stderr });
    const text = readFileSync(join(dir, 'merged.txt'), 'utf8');
    expect(text).toBe(readFileSync(join(dir, 'whole.txt'), 'utf8'));
    expect(text).toContain('expiredExceptions is 1, expected <= 0: EXC-2 expired');
    const json = JSON.parse(readFileSync(join(dir, 'merged.json'), 'utf8'));
    expect(json.exceptions.applied).toEqual(['EXC-1']);
    expect(json.exceptions).toEqual(JSON.parse(readFileSync(join(dir, 'whole.json'), 'utf8')).exceptions);
  });

  it('refuses shards made with other exceptions, or none, and a merge given none, naming the shard', async () => {
    const dir = tempDir();
    const inputs = inputsDir(dir);
    const exceptions = sampleExceptionsFile(dir, 60);
    const withExceptions = await shards(dir, inputs, ['--rules', 'cspm:recommended', '--exceptions', exceptions]);
    const merge = (parts: string[], extra: string[]) =>
      runInProcess(['merge', ...parts, '--rules', 'cspm:recommended', ...extra, '--no-config']);

    const none = await merge(withExceptions, []);
    expect(none).toMatchObject({ code: 2, stdout: '' });
    expect(none.stderr).toContain(
      `${withExceptions[0] as string} was made with --exceptions (1 exceptions file); this merge is given none: give it the same --exceptions`,
    );

    const edited = join(dir, 'edited.yaml');
    writeFileSync(edited, `${readFileSync(exceptions, 'utf8')}# edited\n`);
    const other = await merge(withExceptions, ['--exceptions', edited]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(
      `${withExceptions[0] as string} was made with 1 exceptions file of other content than the 1 exceptions file this merge is given`,
    );

    const more = await merge(withExceptions, ['--exceptions', exceptions, '--exceptions', edited]);
    expect(more.code).toBe(2);

    const same = await merge(withExceptions, ['--exceptions', exceptions]);
    const whole = await runInProcess([
      'gate',
      inputs,
      '--rules',
      'cspm:recommended',
      '--exceptions',
      exceptions,
      '--no-config',
    ]);
    expect(same).toMatchObject({ code: whole.code, stdout: whole.stdout, stderr: '' });

    const without = await shards(tempDir(), inputs, ['--rules', 'cspm:recommended']);
    const added = await merge(without, ['--exceptions', exceptions]);
    expect(added.code).toBe(2);
    expect(added.stderr).toContain(
      `${without[0] as string} was made without --exceptions; this merge is given 1 exceptions file`,
    );
  });

  it('refuses an exceptions file that does not check, in a shard and in the merge', async () => {
    const dir = tempDir();
    const inputs = inputsDir(dir);
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'exceptions:\n  - id: EXC-1\n');
    const shard = await runInProcess([
      'gate',
      inputs,
      '--rules',
      'cspm:recommended',
      '--exceptions',
      bad,
      '--shard',
      '1/2',
      '-o',
      join(dir, 'p.json'),
      '--no-config',
    ]);
    expect(shard.code).toBe(2);
    expect(shard.stderr).toContain('invalid exceptions file');
    const parts = await shards(dir, inputs, ['--rules', 'cspm:recommended']);
    const merged = await runInProcess([
      'merge',
      ...parts,
      '--rules',
      'cspm:recommended',
      '--exceptions',
      bad,
      '--no-config',
    ]);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain('invalid exceptions file');
  });
});

describe('the MAC of a partial result', () => {
  it('covers the exceptions hashes: a shard edited to name other exceptions files is refused', async () => {
    const dir = tempDir();
    const inputs = inputsDir(dir);
    const key = { CSPM_SHARD_KEY: 'a shared secret of the CI run' };
    const exceptions = sampleExceptionsFile(dir, 60);
    const other = join(dir, 'other.yaml');
    writeFileSync(other, `${readFileSync(exceptions, 'utf8')}# another file\n`);
    const parts: string[] = [];
    for (const index of [1, 2]) {
      const part = join(dir, `part-${index}.json`);
      const args = ['gate', inputs, '--rules', 'cspm:recommended', '--exceptions', exceptions];
      expect((await runInProcess([...args, '--shard', `${index}/2`, '-o', part], { env: key })).code).toBe(0);
      parts.push(part);
    }
    const merge = (file: string) =>
      runInProcess(['merge', ...parts, '--rules', 'cspm:recommended', '--exceptions', file], { env: key });
    expect((await merge(other)).code).toBe(2);
    // The hashes of the other file put in place of the first one's, without the key to seal them again.
    const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
    for (const part of parts)
      writeFileSync(part, readFileSync(part, 'utf8').replace(sha256(exceptions), sha256(other)));
    const tampered = await merge(other);
    expect(tampered.code).toBe(2);
    expect(tampered.stderr).toMatch(new RegExp(`^cspm-report: .*${parts[0] as string}.*(MAC|mac)`));
  });
});

describe('check --shard and merge with --exceptions', () => {
  it('shows the accepted risks of the whole run, as the unsharded check does', async () => {
    const dir = tempDir();
    const inputs = inputsDir(dir);
    const exceptions = sampleExceptionsFile(dir, 60);
    const parts: string[] = [];
    for (const index of [1, 2]) {
      const part = join(dir, `part-${index}.json`);
      const shard = await runInProcess([
        'check',
        inputs,
        '--exceptions',
        exceptions,
        '--shard',
        `${index}/2`,
        '-o',
        part,
        '--no-config',
      ]);
      expect(shard, shard.stderr).toMatchObject({ code: 0 });
      parts.push(part);
    }
    const whole = await runInProcess([
      'check',
      inputs,
      '--exceptions',
      exceptions,
      '-f',
      'text',
      '-o',
      '-',
      '--no-config',
    ]);
    const merged = await runInProcess([
      'merge',
      ...parts,
      '--exceptions',
      exceptions,
      '-f',
      'text',
      '-o',
      '-',
      '--no-config',
    ]);
    expect(merged).toMatchObject({ code: whole.code, stdout: whole.stdout });
    expect(merged.stdout).toContain('accepted risks: 2 policies accepted under 2 of 3 exceptions; 1 unused: EXC-3');
  });
});
