import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markdownLimitRange, maxSummaryBytes } from '../../src/render/findings/markdown-budget.js';
import { runInProcess } from '../support/cli-run.js';
import { hasXmllint, junitSchemaErrors } from '../support/junit-schema.js';
import { writeManyPolicyScans } from '../support/many-policy-scans.js';
import { parseXml } from '../support/parse-xml.js';
import { reportWithoutSeverities } from '../support/report-without-severities.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * The CI outputs of a diff of two scans with 6,000 changes (and of a check of many
 * broken files) measured against what their consumers take: a pull-request comment
 * 65,536 characters, a step summary 1 MiB, a JUnit file 20 MB, 10 annotations a level.
 * The scans are of 7,500 policies, every one that was assessed changed (a fifth are
 * Gray, with nothing to change): the outputs list changes, and unchanged policies would
 * only add time to loading the scans.
 */
const tempDir = useTempDir();
let scans: { old: string; next: string };
let scanDir: string;

beforeAll(async () => {
  scanDir = mkdtempSync(join(tmpdir(), 'cspm-scans-'));
  scans = await writeManyPolicyScans(scanDir, 7_500, 1);
}, 120_000);

afterAll(() => rmSync(scanDir, { recursive: true, force: true }));

/** Runs diff of the scans with `extra` arguments and a step summary; the files it wrote. */
async function diffOfMany(
  extra: string[],
): Promise<{ code: number; dir: string; summary: string; read: (name: string) => string }> {
  const dir = tempDir();
  const summary = join(dir, 'summary.md');
  const run = await runInProcess(['diff', scans.old, scans.next, ...extra.map((arg) => arg.replace('DIR', dir))], {
    env: { GITHUB_STEP_SUMMARY: summary },
  });
  expect(run.stderr).toBe('');
  return {
    code: run.code,
    dir,
    summary: readFileSync(summary, 'utf8'),
    read: (name) => readFileSync(join(dir, name), 'utf8'),
  };
}

describe('CI outputs of a diff of two scans with 6,000 changes', () => {
  it('keeps Markdown within 65,536 characters, the step summary within 1 MiB, JUnit within 20 MB and valid, annotations within 10 a level', async () => {
    const run = await diffOfMany([
      '--fail-on-regression',
      'Moderate',
      '-f',
      'markdown',
      '-o',
      'DIR/changes.md',
      '-f',
      'junit',
      '-o',
      'DIR/changes.xml',
      '-f',
      'github',
      '-o',
      'DIR/changes.log',
    ]);
    expect(run.code).toBe(3);
    const markdown = run.read('changes.md');
    expect(markdown.length).toBeLessThanOrEqual(65_536);
    expect(markdown.length).toBeGreaterThan(60_000);
    expect(markdown).toMatch(/^## ❌ cspm-report diff: failed \(exit code 3\)\n/);
    // The worst first: a Critical regression heads the list, and the rest are counted.
    expect(markdown).toMatch(/\| --- \|\n\| ❌ 🔴 regression \| Critical \|/);
    expect(markdown).toMatch(
      /\n_… and [\d,]+ more changes, to keep this text within its size: `--format text` or `--format json` lists every one\._\n/,
    );
    expect(Buffer.byteLength(run.summary)).toBeLessThanOrEqual(1024 * 1024);
    expect(run.summary).toBe(markdown);

    const junit = run.read('changes.xml');
    expect(Buffer.byteLength(junit)).toBeLessThanOrEqual(20 * 1024 * 1024);
    expect(Number(parseXml(junit).getAttribute('failures'))).toBeGreaterThan(0);
    if (hasXmllint) expect(junitSchemaErrors(junit, run.dir)).toEqual([]);

    const commands = run.read('changes.log').trimEnd().split('\n');
    // The verdict and the notice counting the rest are among the 10 of their level: GitHub drops an 11th.
    for (const level of ['error', 'warning', 'notice'])
      expect(commands.filter((line) => line.startsWith(`::${level} `)).length).toBeLessThanOrEqual(10);
    const unplaced = commands.filter((line) => !line.includes(' file='));
    expect(unplaced).toHaveLength(2);
    expect(unplaced[0]).toMatch(/^::notice title=cspm-report: more not annotated::/);
    expect(unplaced[1]).toMatch(/^::error title=cspm-report failed \(exit code 3\)::/);
  });

  it("keeps Markdown within --markdown-limit, names the run's own complete output, and the step summary within half of 1 MiB at the largest limit", async () => {
    const small = await diffOfMany([
      '-f',
      'markdown',
      '-o',
      'DIR/changes.md',
      '-f',
      'json',
      '-o',
      'DIR/changes.json',
      '-f',
      'github',
      '-o',
      'DIR/changes.log',
      '--markdown-limit',
      '20000',
    ]);
    expect(small.code).toBe(0);
    expect(small.read('changes.md').length).toBeLessThanOrEqual(20_000);
    expect(small.read('changes.md')).toContain(
      `more changes, to keep this text within its size: ${join(small.dir, 'changes.json')} lists every one._`,
    );
    expect(small.summary.length).toBeLessThanOrEqual(20_000);

    const large = await diffOfMany([
      '-f',
      'markdown',
      '-o',
      'DIR/changes.md',
      '-f',
      'github',
      '-o',
      'DIR/changes.log',
      '--markdown-limit',
      String(markdownLimitRange.max),
    ]);
    expect(large.read('changes.md').length).toBeLessThanOrEqual(markdownLimitRange.max);
    expect(Buffer.byteLength(large.read('changes.md'))).toBeGreaterThan(maxSummaryBytes);
    expect(Buffer.byteLength(large.summary)).toBeLessThanOrEqual(maxSummaryBytes);
    expect(large.summary).toMatch(/\n_… and [\d,]+ more (changes|compared reports), to keep this text within its size/);
  });
});

describe('the step summary of a check of many broken files', () => {
  it('stays within half of 1 MiB whatever --markdown-limit allows', async () => {
    const dir = tempDir();
    const broken = reportWithoutSeverities(300);
    const files = Array.from({ length: 40 }, (_, index) => {
      const path = join(dir, `broken-${index}.json`);
      writeFileSync(path, broken);
      return path;
    });
    const summary = join(dir, 'summary.md');
    const run = await runInProcess(
      [
        'check',
        ...files,
        '-f',
        'github',
        '-o',
        join(dir, 'check.log'),
        '--markdown-limit',
        String(markdownLimitRange.max),
      ],
      { env: { GITHUB_STEP_SUMMARY: summary } },
    );
    expect(run.code).toBe(1);
    const text = readFileSync(summary, 'utf8');
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(maxSummaryBytes);
    expect(Buffer.byteLength(text)).toBeGreaterThan(maxSummaryBytes - 20_000);
    expect(text).toMatch(/\n_… and [\d,]+ more findings, to keep this text within its size/);
  });
});
