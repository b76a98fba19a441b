import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { checkExceptions } from '../../../src/jobs/exceptions/check-exceptions.js';
import type { ExceptionsCheck } from '../../../src/model/exceptions.js';
import {
  exceptionsCheckFormats,
  getExceptionsCheckRenderer,
} from '../../../src/render/exceptions/exceptions-check-renderers.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();
const risks = 'test/fixtures/exceptions/risks.yaml';
const report = 'samples/azure-csbp.json';
const today = new Date('2026-12-02T00:00:00Z');

/** The JSON output as a test reads it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed document, probed by path
type JsonCheck = Record<string, any>;

const render = (format: string, result: ExceptionsCheck): string => getExceptionsCheckRenderer(format).render(result);

/** The cells of a Markdown table row, split at the pipes that no backslash escapes, as GitHub splits them. */
function cells(row: string): string[] {
  return row
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((cell) => cell.trim());
}

/**
 * An exception whose reason and owner hold what would break each format: a pipe, a quote,
 * a comma, a line break, a formula start, an escape.
 */
async function hostileCheck(): Promise<ExceptionsCheck> {
  const path = join(tempDir(), 'risks.yaml');
  writeFileSync(
    path,
    [
      'exceptions:',
      '  - id: EXC-9',
      '    policy: VMDiskEncryption',
      '    accounts: ["Contoso Production"]',
      '    reason: "=cmd| \\"quoted\\", a comma\\nand a second line \\u001b[31m red"',
      '    owner: "@owner|team"',
      '    approvedBy: ciso@example.com',
      '    approved: "2026-11-01"',
      '    expires: "2027-03-31"',
      '',
    ].join('\n'),
  );
  return checkExceptions([path], report, { today });
}

describe('the formats of exceptions check', () => {
  it('are text, csv, json and markdown, text first', () => {
    expect(exceptionsCheckFormats).toEqual(['text', 'csv', 'json', 'markdown']);
    expect(() => getExceptionsCheckRenderer('html')).toThrow(
      '"html"; the formats of exceptions check are text, csv, json, markdown',
    );
  });

  it('JSON: parsed back, every exception with its state, matches and the verdict with its exit code', async () => {
    const result = await checkExceptions([risks], report, { today });
    const json = JSON.parse(render('json', result)) as JsonCheck;
    expect(json['today']).toBe('2026-12-02');
    expect(json['notJudged']).toEqual([]);
    expect(json['counts']).toEqual({ active: 1, expiring: 1, expired: 1, unused: 1, unneeded: 1 });
    expect(json['files'][0]).toMatchObject({ path: risks, ids: ['EXC-1', 'EXC-2', 'EXC-3', 'EXC-4', 'EXC-5'] });
    expect(json['files'][0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(json['exceptions'][0]).toMatchObject({
      id: 'EXC-1',
      state: 'active',
      daysLeft: 119,
      owner: 'platform@example.com',
      ticket: 'SEC-1234',
      file: risks,
      pointer: '/exceptions/0',
      matches: [{ policyId: 'VMDiskEncryption', compliance: 'Red', severity: 'Critical', accepted: true }],
    });
    expect(json['exceptions'][1].matches[0].accepted).toBe(false);
    expect(json['verdict']).toEqual(result.verdict);
    expect(json['verdict'].exitCode).toBe(1);
  });

  it('JSON by date alone says which states were not judged', async () => {
    const json = JSON.parse(render('json', await checkExceptions([risks], undefined, { today }))) as JsonCheck;
    expect(json['notJudged']).toEqual(['unused', 'unneeded']);
    expect(json['reports']).toEqual([]);
  });

  it('CSV: parsed back by csv-parse, a row per exception, each stating what it was judged against and the verdict', async () => {
    const rows = parse(render('csv', await checkExceptions([risks], report, { today })), {
      columns: true,
    }) as Record<string, string>[];
    expect(rows.map((row) => [row['id'], row['state'], row['days_left'], row['run_verdict']])).toEqual([
      ['EXC-1', 'active', '119', 'fail'],
      ['EXC-2', 'expired', '-2', 'fail'],
      ['EXC-3', 'unused', '119', 'fail'],
      ['EXC-4', 'unneeded', '119', 'fail'],
      ['EXC-5', 'expiring', '13', 'fail'],
    ]);
    expect(rows[0]?.['accepted_policies']).toBe('VMDiskEncryption@e17a4d2c-58b3-4c9e-a6f1-0b92d7e3c845');
    expect(rows[1]?.['accepted_policies']).toBe('');
    expect(rows[1]?.['matched_policies']).toBe('VMJustInTimeAccess@e17a4d2c-58b3-4c9e-a6f1-0b92d7e3c845');
    expect(rows[4]?.['policies']).toBe('SQLLongTermRetention VMApprovedExtensions');
    expect(new Set(rows.map((row) => row['judged_against']))).toEqual(new Set(['reports']));
    const byDate = parse(render('csv', await checkExceptions([risks], undefined, { today })), {
      columns: true,
    }) as Record<string, string>[];
    expect(new Set(byDate.map((row) => row['judged_against']))).toEqual(new Set(['dates']));
  });

  it('CSV: files with no exception give one row that states what was judged and the verdict', async () => {
    const path = join(tempDir(), 'none.yaml');
    writeFileSync(path, 'exceptions: []\n');
    const notAReport = join(tempDir(), 'not-a-report.json');
    writeFileSync(notAReport, '{}');
    const rows = parse(render('csv', await checkExceptions([path], notAReport, { today })), {
      columns: true,
    }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: '', state: '', judged_against: 'reports', run_verdict: 'fail' });
  });

  it('CSV: a hostile reason stays one cell, opens as text, and shows its escape', async () => {
    const text = render('csv', await hostileCheck());
    expect(text.endsWith('\r\n')).toBe(true);
    const [row] = parse(text, { columns: true }) as Record<string, string>[];
    expect(row?.['reason']).toBe('\'=cmd| "quoted", a comma\nand a second line \\u001b[31m red');
    expect(row?.['owner']).toBe("'@owner|team");
  });

  it('Markdown: the verdict as the heading, its reasons, and a table of one row per exception', async () => {
    const text = render('markdown', await checkExceptions([risks], report, { today }));
    const lines = text.split('\n');
    expect(lines[0]).toBe('## Exceptions check: fail (exit code 1)');
    expect(lines).toContain('- EXC-2 expired 2026-11-30 (2 days ago), owner net-team\\@example.com');
    const rows = lines.filter((line) => line.startsWith('| '));
    expect(rows).toHaveLength(2 + 5);
    expect(rows.map((row) => cells(row).length)).toEqual(Array(7).fill(9));
    expect(cells(rows[2] ?? '').slice(0, 3)).toEqual(['EXC-1', 'active', '2027-03-31 (119 days left)']);
    expect(cells(rows[2] ?? '')[8]).toContain('accepts VMDiskEncryption (Red, Critical) in Contoso Production');
  });

  it('Markdown: a hostile reason cannot break the table', async () => {
    const rows = render('markdown', await hostileCheck())
      .split('\n')
      .filter((line) => line.startsWith('| '));
    expect(rows.map((row) => cells(row).length)).toEqual([9, 9, 9]);
    expect(cells(rows[2] ?? '')[7]).toContain('<br>');
  });

  it('text: the counts, each exception with its people and matches, and the verdict with its reasons', async () => {
    const text = render('text', await checkExceptions([risks], report, { today }));
    expect(text).toContain('  1 active, 1 expiring, 1 expired, 1 unused, 1 unneeded\n');
    expect(text).toContain('EXC-2: expired, expires 2026-11-30 (expired 2 days ago)\n');
    expect(text).toContain(
      '  owner platform@example.com, approved by ciso@example.com on 2026-11-01, ticket SEC-1234\n',
    );
    expect(text).toContain(
      '  accepts VMDiskEncryption (Red, Critical) in Contoso Production (e17a4d2c-58b3-4c9e-a6f1-0b92d7e3c845), samples/azure-csbp.json\n',
    );
    expect(text).toContain('  matches VMManagedDisks (Green, Moderate)');
    expect(
      text.endsWith(
        'Verdict: fail (exit code 1)\n  - EXC-2 expired 2026-11-30 (2 days ago), owner net-team@example.com\n  - EXC-3 (test/fixtures/exceptions/risks.yaml /exceptions/2) matches no policy\n  - EXC-4 (test/fixtures/exceptions/risks.yaml /exceptions/3) matches only Green or Gray policies: the risk is gone\n  - EXC-5 expires 2026-12-15 (in 13 days), owner data-team@example.com\n',
      ),
    ).toBe(true);
  });

  it('text by date alone says unused and unneeded were not judged, and leaves them out of the counts', async () => {
    const text = render('text', await checkExceptions([risks], undefined, { today }));
    expect(text.split('\n').slice(0, 2)).toEqual([
      'Exceptions: 5 exceptions in test/fixtures/exceptions/risks.yaml, judged on 2026-12-02 by date alone: no reports given, so whether an exception is unused or unneeded was not judged',
      '  3 active, 1 expiring, 1 expired',
    ]);
  });

  it('text: a control character from a file is shown, never sent to the terminal', async () => {
    const text = render('text', await hostileCheck());
    expect(text).not.toContain('\u001b');
    expect(text).toContain('\\u001b[31m');
  });

  it('each states a passing verdict too', async () => {
    const path = join(tempDir(), 'risks.yaml');
    writeFileSync(
      path,
      'exceptions:\n  - id: EXC-1\n    policy: VMDiskEncryption\n    accounts: ["*"]\n    reason: Accepted until the migration ends.\n    owner: a@example.com\n    approvedBy: b@example.com\n    approved: "2026-11-01"\n    expires: "2027-03-31"\n',
    );
    const result = await checkExceptions([path], report, { today });
    expect(render('text', result)).toContain('Verdict: pass\n');
    expect(render('markdown', result)).toMatch(/^## Exceptions check: pass\n/);
    expect((JSON.parse(render('json', result)) as { verdict: unknown }).verdict).toEqual({
      status: 'pass',
      exitCode: 0,
      reasons: [],
    });
    expect(render('csv', result).split('\r\n')[1]).toMatch(/,reports,pass$/);
  });
});
