import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFleet } from '../analyse/trend/fleet-scans.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

describe('trend of a fleet: bad inputs', () => {
  it('a report that does not check ends the run with exit 1, naming the file and the JSON pointer, no stack', async () => {
    const dir = tempDir();
    await writeFleet(dir, [
      { id: 'acct-a', reds: [0, 1, 2] },
      { id: 'acct-b', reds: [0, 1, 2] },
    ]);
    const bad = join(dir, '2024-02-01', 'acct-b.json');
    const document = JSON.parse(readFileSync(bad, 'utf8')) as {
      ResourceCategories: { Policies: { Compliance: unknown }[] }[];
    }[];
    (document[0]?.ResourceCategories[0]?.Policies[0] as { Compliance: unknown }).Compliance = 5;
    writeFileSync(bad, JSON.stringify(document));
    const run = await runInProcess(['trend', dir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(bad);
    expect(run.stderr).toContain('/0/ResourceCategories/0/Policies/0/Compliance');
    expect(run.stderr).toMatch(/cspm-report: .*no trend drawn\n$/);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('a lone scan of another account is refused on one line, exit 2, saying what makes a fleet', async () => {
    const dir = tempDir();
    await writeFleet(dir, [
      { id: 'acct-a', reds: [0, 1, 2] },
      { id: 'stray', reds: [null, null, 0] },
    ]);
    const run = await runInProcess(['trend', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(join(dir, '2024-03-01', 'stray.json'));
    expect(run.stderr).toContain('a trend of many accounts needs two scans or more of at least two of them');
  });
});
