import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../support/cli-run.js';
import { dayFromToday } from '../../support/sample-exceptions.js';
import { useTempDir } from '../../support/temp-dir.js';
import { popplerTextOfBytes } from '../accepted/poppler-bytes.js';
import { readWorkbook, sheet } from '../xlsx/read-workbook.js';
import { changesSheet } from '../../../src/render/xlsx/changes-sheet.js';
import { comparison, newSample, oldSample } from './comparison.js';

/**
 * `diff --exceptions -o` in the documents for a person: the regression RecoveryVaultSoftDelete is accepted (EXC-1),
 * and SubscriptionOwnerCount, Red in both scans, was accepted in the old scan by EXC-2, which expired in between.
 */
const tempDir = useTempDir();
const accepted = `accepted · EXC-1, until ${dayFromToday(90)}`;
const lapsed = 'EXC-2 expired 2024-03-14, owner platform@example.com: no longer accepted';
const counted =
  '1 accepted (listed, not counted as a regression or new failure), 1 no longer accepted (counted as a regression)';

function exceptionsFile(dir: string): string {
  const entry = (id: string, policy: string, approved: string, expires: string): string =>
    `  - {id: ${id}, policy: ${policy}, accounts: ["Contoso Production"], reason: Accepted until the platform migration ends., owner: platform@example.com, approvedBy: ciso@example.com, approved: "${approved}", expires: "${expires}"}\n`;
  const path = join(dir, 'exceptions.yaml');
  writeFileSync(
    path,
    `exceptions:\n${entry('EXC-1', 'RecoveryVaultSoftDelete', dayFromToday(-30), dayFromToday(90))}${entry('EXC-2', 'SubscriptionOwnerCount', '2024-01-01', '2024-03-14')}`,
  );
  return path;
}

/** The documents `diff -o` writes, with the exceptions or without. */
async function documents(exceptions: boolean): Promise<{ html: string; pdf: string; xlsx: Buffer }> {
  const dir = tempDir();
  const outputs = ['html', 'pdf', 'xlsx'].flatMap((extension) => ['-o', join(dir, `changes.${extension}`)]);
  const given = exceptions ? ['--exceptions', exceptionsFile(dir)] : [];
  const run = await runInProcess(['diff', oldSample, newSample, ...given, ...outputs, '--no-config']);
  expect(run.code).toBe(0);
  return {
    html: readFileSync(join(dir, 'changes.html'), 'utf8'),
    pdf: popplerTextOfBytes(readFileSync(join(dir, 'changes.pdf'))),
    xlsx: readFileSync(join(dir, 'changes.xlsx')),
  };
}

describe('the Changes section of a diff given exceptions', () => {
  it('marks the accepted change and the one no longer accepted, and counts them, in HTML, PDF and XLSX', async () => {
    const { html, pdf, xlsx } = await documents(true);
    const section = html.slice(html.indexOf('id="r1-changes"'), html.indexOf('Compliance by category, before'));
    expect(section).toContain(`<p class="accepted-figure-line">Accepted risks: ${counted}.</p>`);
    expect(section).toContain(
      `<span class="change-kind change-kind-regression">Regression</span><span class="accepted-mark">${accepted}</span>`,
    );
    expect(section).toContain(`<span class="accepted-mark accepted-mark-lapsed">${lapsed}</span>`);

    const changes = pdf.slice(pdf.indexOf('Changes since the scan'), pdf.indexOf('Compliance by category, before'));
    expect(changes).toContain(`Accepted risks: ${counted}.`);
    expect(changes.replace(/ /g, '')).toContain(`(${accepted})`.replace(/ /g, ''));
    expect(changes.replace(/ /g, '')).toContain(`(${lapsed})`.replace(/ /g, ''));

    const workbook = await readWorkbook(xlsx);
    const rows = (sheet(workbook, 'Changes').getSheetValues() as unknown[][]).filter(Array.isArray);
    const header = rows.findIndex((row) => row[1] === 'Benchmark');
    const column = (rows[header] ?? []).indexOf('Exception');
    expect(column).toBeGreaterThan(0);
    const marks = rows.slice(header + 1).map((row) => [row[(rows[header] ?? []).indexOf('Policy id')], row[column]]);
    expect(marks.filter(([, mark]) => mark !== undefined && mark !== null)).toEqual([
      ['RecoveryVaultSoftDelete', accepted],
      ['SubscriptionOwnerCount', lapsed],
    ]);
    const preamble = rows.slice(0, header).flat().map(String).join('\n');
    // The lapsed policy, Red in both scans, is a regression: 4 of them, 118 unchanged.
    expect(preamble).toContain(
      `4 regressions, 2 new failures, 2 fixes, 1 coverage change, 0 new policies, 1 removed policy, 118 unchanged; ${counted}`,
    );
  });

  it('leaves the documents of a diff without exceptions unmarked', async () => {
    const { html, pdf, xlsx } = await documents(false);
    expect(html).not.toContain('accepted-mark');
    expect(html).not.toContain('Accepted risks');
    expect(pdf).not.toContain('accepted');
    const header = (sheet(await readWorkbook(xlsx), 'Changes').getSheetValues() as unknown[][]).find(
      (row) => Array.isArray(row) && row[1] === 'Benchmark',
    );
    expect(header).not.toContain('Exception');
  });
});

describe('the Changes sheet tab', () => {
  it('is red for regressions that count, not for accepted ones', async () => {
    const { view } = await comparison();
    const [report] = view.reports;
    const changes = report?.changes;
    if (report === undefined || changes === undefined) throw new Error('no compared report');
    expect(changesSheet(view).tabColour).toBe('FFC00000');
    const acceptance = {
      id: 'EXC-1',
      state: 'active' as const,
      expires: '2027-03-31',
      daysLeft: 90,
      reason: 'Accepted until the migration ends.',
      owner: 'o@example.com',
      approvedBy: 'a@example.com',
    };
    const marked = changes.changes.map((change) =>
      change.kind === 'regression' ? { ...change, accepted: acceptance, acceptanceText: 'accepted · EXC-1' } : change,
    );
    const accepted = { ...view, reports: [{ ...report, changes: { ...changes, changes: marked } }] };
    expect(changesSheet(accepted).tabColour).toBeUndefined();
  });
});
