import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('precompiled templates', () => {
  it('match the templates folder (regenerate with node scripts/generate-templates.js)', () => {
    const result = spawnSync(process.execPath, ['scripts/generate-templates.js', '--check'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
