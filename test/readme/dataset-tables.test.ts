import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { page } from '../support/documentation.js';

describe('docs: the saved queries', () => {
  it('holds them as the registry gives them (regenerate with node scripts/doc-figures.js)', () => {
    const queries = page('docs/datasets-and-query.md').text;
    const printed = execFileSync(process.execPath, ['scripts/query-presets-table.js'], { encoding: 'utf8' }).trim();
    expect(printed).toContain('| `worst-accounts` |');
    expect(queries).toContain(printed);
  });
});
