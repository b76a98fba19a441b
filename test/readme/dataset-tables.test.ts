import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('README: the tables of a dataset and the saved queries', () => {
  it('holds them as the registries give them (regenerate with node scripts/dataset-table.js)', () => {
    const readme = readFileSync('README.md', 'utf8');
    const printed = execFileSync(process.execPath, ['scripts/dataset-table.js'], { encoding: 'utf8' }).trim();
    for (const part of printed.split('\n\n')) expect(readme).toContain(part);
    expect(printed).toContain('| `scan_date` | DATE |');
    expect(printed).toContain('| `worst-accounts` |');
  });
});
