import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const providers = ['aws', 'azure', 'gcp', 'kubernetes'];

/** A folder of the four published Prowler outputs, and where its two shards go. */
function scans(): { folder: string; parts: string[] } {
  const dir = tempDir();
  const folder = join(dir, 'scans');
  mkdirSync(folder);
  for (const provider of providers) {
    const name = `example_output_${provider}.ocsf.json`;
    copyFileSync(join('test/fixtures/scanners/prowler', name), join(folder, name));
  }
  return { folder, parts: [join(dir, 'part-1.json'), join(dir, 'part-2.json')] };
}

async function shard(folder: string, part: string, at: number, extra: string[]): Promise<void> {
  const run = await runInProcess(['check', folder, '--shard', `${at}/2`, '--run-id', 'week-7', '-o', part, ...extra]);
  expect(run.code, run.stderr).toBe(0);
}

describe('shards of Prowler outputs read per framework', () => {
  it('merge with the same --framework, and judge the frameworks’ reports of every file', async () => {
    const { folder, parts } = scans();
    for (const [index, part] of parts.entries()) await shard(folder, part, index + 1, ['--framework', 'all']);
    const merged = await runInProcess(['merge', ...parts, '--framework', 'all', '-f', 'json', '--no-config']);
    expect(merged.code, merged.stderr).toBe(0);
    const whole = await runInProcess(['check', folder, '--framework', 'all', '-f', 'json', '--no-config']);
    const reports = (text: string): number => (JSON.parse(text) as { summary: { reports: number } }).summary.reports;
    expect(reports(merged.stdout)).toBe(reports(whole.stdout));
  });

  it('refuses a shard read otherwise: a merge would judge neither reading', async () => {
    const { folder, parts } = scans();
    await shard(folder, parts[0]!, 1, ['--framework', 'all']);
    await shard(folder, parts[1]!, 2, []);
    const merged = await runInProcess(['merge', ...parts, '--framework', 'all', '--no-config']);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain(
      `${parts[1]!} was made with --framework (none); this merge expects --framework all`,
    );
    const plain = await runInProcess(['merge', ...parts, '--no-config']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain(`${parts[0]!} was made with --framework all; this merge expects --framework (none)`);
  });
});
