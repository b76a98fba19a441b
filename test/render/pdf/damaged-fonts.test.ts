import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runInProcess } from '../../support/cli-run.js';
import { useTempDir } from '../../support/temp-dir.js';

/** What reading a bundled font gives in this file: the font, nothing (ENOENT), or bytes that are no font. */
const fonts = vi.hoisted(() => ({ state: 'present' as 'present' | 'missing' | 'garbage' }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const readFileSync = ((path: Parameters<typeof fs.readFileSync>[0], ...rest: unknown[]) => {
    if (String(path).endsWith('NotoSans_400Regular.ttf') && fonts.state !== 'present') {
      if (fonts.state === 'missing')
        throw Object.assign(new Error(`ENOENT: no such file or directory, open '${String(path)}'`), { code: 'ENOENT' });
      return Buffer.from('this is no font at all');
    }
    return (fs.readFileSync as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.readFileSync;
  return { ...fs, default: { ...fs, readFileSync }, readFileSync };
});

const tempDir = useTempDir();

describe('a PDF font of the installation that cannot be read', () => {
  it.each([
    ['missing', /\(ENOENT\); reinstall cspm-report\n$/],
    ['garbage', /\(Unknown font format\); reinstall cspm-report\n$/],
  ] as const)('(%s) says the installation is damaged and which file, exit 2, no stack', async (state, reason) => {
    fonts.state = state;
    try {
      const out = join(tempDir(), 'out.pdf');
      const run = await runInProcess(['render', 'samples/azure-csbp.json', '-o', out]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        /^cspm-report: the installation is damaged: the PDF font \S+\/fonts\/NotoSans_400Regular\.ttf cannot be read /,
      );
      expect(run.stderr).toMatch(reason);
      expect(run.stderr).not.toContain('internal error');
      expect(run.stderr.split('\n')).toHaveLength(2);
    } finally {
      fonts.state = 'present';
    }
  });
});
