import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

interface Generated {
  ResourceCategories: { Policies: unknown[] }[];
}

function generate(args: string[]): { status: number | null; stderr: string; reports: Generated[] } {
  const file = join(tempDir(), 'report.json');
  const result = spawnSync(process.execPath, ['scripts/generate-report.js', args[0]!, file, ...args.slice(1)], {
    encoding: 'utf8',
  });
  const reports = result.status === 0 ? (JSON.parse(readFileSync(file, 'utf8')) as Generated[]) : [];
  return { status: result.status, stderr: result.stderr, reports };
}

describe('scripts/generate-report.js', () => {
  it('makes reports of --categories categories of --policies-per-category policies', () => {
    const { status, reports } = generate(['24', '--categories', '3', '--policies-per-category', '4']);
    expect(status).toBe(0);
    expect(reports).toHaveLength(2);
    expect(reports.map((report) => report.ResourceCategories.map((category) => category.Policies.length))).toEqual([
      [4, 4, 4],
      [4, 4, 4],
    ]);
  });

  it('keeps the defaults without them: 10 categories of 30', () => {
    const { reports } = generate(['600']);
    expect(reports.map((report) => report.ResourceCategories.length)).toEqual([10, 10]);
    expect(reports[0]!.ResourceCategories[0]!.Policies).toHaveLength(30);
  });

  it.each([
    [['10', '--categories', '0'], '--categories must be a whole number of at least 1'],
    [['10', '--policies-per-cat', '3'], "Unknown option '--policies-per-cat'"],
    [['ten'], '<policies> must be a whole number'],
  ])('refuses %j with exit 2', (args, message) => {
    const { status, stderr } = generate(args);
    expect(status).toBe(2);
    expect(stderr).toContain(message);
  });
});
