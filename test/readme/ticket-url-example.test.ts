import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { section as sectionOf } from '../support/documentation.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * The example of tickets as links runs as shown: on the worked example's exceptions file,
 * the command of the page prints the row the page gives.
 */
const blocksOf = (title: string, language: string): string[] =>
  [...sectionOf(title).text.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map(
    (match) => match[1]!,
  );
const [exceptionsFile = ''] = blocksOf('Managing exceptions: `exceptions check` and `exceptions import`', 'yaml');
const [line = ''] = blocksOf('Tickets as links', 'sh');
const [row = ''] = blocksOf('Tickets as links', 'text');
const tempDir = useTempDir();

describe('the example of tickets as links', () => {
  it('prints the row shown', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'risks.yaml'), exceptionsFile);
    const [program, ...words] = line.trim().split(' ');
    expect(program).toBe('cspm-report');
    const run = await runInProcess(words.map((word) => (word === 'risks.yaml' ? join(dir, word) : word)));
    expect(run.stderr).toBe('');
    expect(row).toContain('[SEC-1234](https://jira.example.com/browse/SEC-1234)');
    expect(run.stdout.split('\n')).toContain(row.trim());
  });
});
