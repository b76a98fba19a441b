import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('README: the saved queries', () => {
  it('holds them as the registry gives them (regenerate with node scripts/query-presets-table.js)', () => {
    const readme = readFileSync('README.md', 'utf8');
    const printed = execFileSync(process.execPath, ['scripts/query-presets-table.js'], { encoding: 'utf8' }).trim();
    expect(printed).toContain('| `worst-accounts` |');
    expect(readme).toContain(printed);
  });
});
