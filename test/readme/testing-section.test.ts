import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { section } from '../support/documentation.js';

/** Every CSPM_ variable a test reads is one a reader of the testing section (docs/development.md) can set. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? testFiles(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('the testing section', () => {
  it('names every CSPM_ variable the tests read from the environment', () => {
    const read = new Set(
      testFiles('test').flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/process\.env\[['"](CSPM_[A-Z_]+)['"]\]/g)].map((match) => match[1]!),
      ),
    );
    expect(read).toContain('CSPM_REAL_SAMPLES');
    const testing = section('Testing').text;
    expect([...read].filter((name) => !testing.includes(`\`${name}`))).toEqual([]);
  });
});
