import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('generated validators', () => {
  it("match the published schemas, and the gate rules schema lists the registries' metrics and presets (regenerate with node scripts/generate-validators.js)", () => {
    const result = spawnSync(process.execPath, ['scripts/generate-validators.js', '--check'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
