import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runBin } from '../support/bin-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

describe('check and gate of many files in flat memory', () => {
  it('check and gate 400 files of 879 policies in a 64 MB heap, which holding every report would overflow fivefold', async () => {
    const dir = tempDir();
    const base = join(dir, 'base.json');
    const generator = (await import(pathToFileURL(resolve('scripts/generate-report.js')).href)) as { writeReport(path: string, policies: number): Promise<void> };
    await generator.writeReport(base, 879);
    const text = readFileSync(base, 'utf8');
    const fleet = join(dir, 'fleet');
    mkdirSync(fleet);
    for (let index = 0; index < 400; index += 1) {
      writeFileSync(join(fleet, `account-${String(index).padStart(4, '0')}.json`), text.replaceAll('00000000-0000-4000-8000-000000000001', `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`));
    }
    for (const args of [
      ['check', fleet, '--quiet'],
      ['gate', fleet, '--rules', 'cspm:recommended', '--quiet'],
    ]) {
      const result = runBin(args, { timeout: 120_000, env: { NODE_OPTIONS: '--max-old-space-size=64' } });
      expect(result.signal, result.stderr).toBeNull();
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/400 files, 1,200 valid reports, 351,600 policies/);
    }
  }, 180_000);
});
