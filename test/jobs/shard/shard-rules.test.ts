import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergePartials, runShard, type PartialResult } from '../../../src/index.js';
import { runInProcess } from '../../support/cli-run.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();
const input = 'samples/azure-csbp.json';

async function textOf(lines: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const line of lines) text += line;
  return text;
}

describe('runShard and mergePartials load the gate rules they are given by name', () => {
  it('records them and their digest, keeps the policies they name, as gate --shard does', async () => {
    const rules = join(tempDir(), 'rules.json');
    writeFileSync(
      rules,
      JSON.stringify({
        assertions: [{ name: 'backups', metric: 'policy', policy: 'VMBackupEnabled', mustNotBe: 'Red' }],
      }),
    );
    const text = await textOf(
      runShard([input], { shard: { index: 1, count: 1 }, command: 'gate', failOn: 'error', rules }),
    );
    const partial = JSON.parse(text) as PartialResult;
    expect(partial.settings.rules).toMatchObject({
      file: rules,
      assertions: [expect.objectContaining({ policy: 'VMBackupEnabled' })],
    });
    expect(partial.contentHashes).toEqual({ rules: createHash('sha256').update(readFileSync(rules)).digest('hex') });
    const run = await runInProcess(['gate', input, '--rules', rules, '--shard', '1/1', '-o', '-']);
    expect(run.code).toBe(0);
    expect(text).toBe(run.stdout);
  });

  it('loads a preset by name, with no digest', async () => {
    const partial = JSON.parse(
      await textOf(
        runShard([input], {
          shard: { index: 1, count: 1 },
          command: 'gate',
          failOn: 'error',
          rules: 'cspm:recommended',
        }),
      ),
    ) as PartialResult;
    expect(partial.settings.rules?.file).toBe('cspm:recommended');
    expect(partial.contentHashes).toEqual({});
  });

  it('merges a shard of a rules file given by name, its digest checked', async () => {
    const dir = tempDir();
    const rules = join(dir, 'rules.json');
    writeFileSync(rules, JSON.stringify({ assertions: [{ name: 'no red', metric: 'redPolicies', max: 1000 }] }));
    const part = join(dir, 'part-1.json');
    writeFileSync(
      part,
      await textOf(runShard([input], { shard: { index: 1, count: 1 }, command: 'gate', failOn: 'error', rules })),
    );
    const merged = await mergePartials([part], { command: 'gate', failOn: 'error', rules });
    expect(merged.gate).toMatchObject({ rulesFile: rules, status: 'pass' });
    // The same rules in other bytes: only the digest tells them apart.
    writeFileSync(
      rules,
      `${JSON.stringify({ assertions: [{ name: 'no red', metric: 'redPolicies', max: 1000 }] }, null, 2)}\n`,
    );
    await expect(mergePartials([part], { command: 'gate', failOn: 'error', rules })).rejects.toThrow(/other content/);
  });
});
