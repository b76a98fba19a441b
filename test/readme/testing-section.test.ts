import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every CSPM_ variable a test reads is one a reader of the set-up section can set. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? testFiles(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('README testing section', () => {
  it('names every CSPM_ variable the tests read from the environment', () => {
    const read = new Set(testFiles('test').flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/process\.env\[['"](CSPM_[A-Z_]+)['"]\]/g)].map((match) => match[1]!)));
    expect(read).toContain('CSPM_REAL_SAMPLES');
    const readme = readFileSync('README.md', 'utf8');
    const setUp = readme.slice(readme.indexOf('## Set-up on a fresh machine'), readme.indexOf('## Install'));
    expect([...read].filter((name) => !setUp.includes(`\`${name}`))).toEqual([]);
  });
});
