import { existsSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../render/xlsx/read-workbook.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const old = 'samples/diff/azure-csbp-2024-03-11.json';
const next = 'samples/diff/azure-csbp-2024-03-18.json';

describe('cspm-report diff', () => {
  it('shows the regressions first and exits 0 without --fail-on-regression', async () => {
    const result = await runInProcess(['diff', old, next]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const regressions = result.stdout.indexOf('  Regressions');
    expect(regressions).toBeGreaterThan(0);
    expect(regressions).toBeLessThan(result.stdout.indexOf('  Fixes'));
    expect(result.stdout).toContain('compliance 33.7% → 31.7% (−2.0 points)');
    expect(result.stdout).toContain(
      '3 regressions, 2 new failures, 2 fixes, 1 coverage change, 0 new policies, 1 removed policy, 119 unchanged',
    );
    expect(result.stdout).toContain('(matched by number and title: its PolicyId changed)');
    expect(result.stdout).toContain('(not judged: no regression limit)');
  });

  it.each([
    [[], 3],
    [['High'], 3],
    [['critical'], 3],
  ])('--fail-on-regression %j exits %i', async (severity, code) => {
    expect((await runInProcess(['diff', old, next, '--fail-on-regression', ...severity])).code).toBe(code);
  });

  it('refuses an unknown severity for --fail-on-regression', async () => {
    const result = await runInProcess(['diff', old, next, '--fail-on-regression', 'Severe']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'cspm-report: invalid usage: --fail-on-regression: "Severe" is no policy Severity; the severities are Critical, High, Moderate, Low, VeryLow\n',
    );
  });

  it('writes a JSON document with the diff beside the check of both inputs', async () => {
    const file = join(tempDir(), 'diff.json');
    const result = await runInProcess(['diff', old, next, '-o', file]);
    expect(result.code).toBe(0);
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      files: unknown[];
      diff: { counts: Record<string, number>; reports: { changes: { kind: string; policyId: string }[] }[] };
    };
    expect(json.files).toHaveLength(2);
    expect(json.diff.counts).toEqual({
      regression: 3,
      'new-failure': 2,
      fix: 2,
      coverage: 1,
      added: 0,
      removed: 1,
      unchanged: 119,
    });
    expect(json.diff.reports[0]!.changes[0]).toMatchObject({
      kind: 'regression',
      policyId: 'RecoveryVaultSoftDelete',
      old: { compliance: 'Green' },
      new: { compliance: 'Red' },
    });
  });

  it('writes a Markdown summary for a pull request', async () => {
    const file = join(tempDir(), 'changes.md');
    expect((await runInProcess(['diff', old, next, '-f', 'markdown', '-o', file])).code).toBe(0);
    // Not judged without a regression limit: the heading says the run passed, as its exit code does.
    const unjudged = readFileSync(file, 'utf8');
    expect(unjudged).toMatch(/^## ✅ cspm-report diff: passed$/m);
    expect(unjudged).toContain(
      '### ⚠️ 3 regressions and 2 new failures since the old scan, not judged: no regression limit',
    );
    expect(unjudged).not.toContain('❌');
    expect(
      (
        await runInProcess([
          'diff',
          old,
          next,
          '--fail-on-regression',
          'Critical',
          '--allow-new-failures',
          '-f',
          'markdown',
          '-o',
          file,
        ])
      ).code,
    ).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain(
      '### ⚠️ 3 regressions and 2 new failures since the old scan, none counted by the regression limit',
    );
    expect((await runInProcess(['diff', old, next, '--fail-on-regression', '-f', 'markdown', '-o', file])).code).toBe(
      3,
    );
    const markdown = readFileSync(file, 'utf8');
    expect(markdown).toMatch(/^## ❌ cspm-report diff: failed \(exit code 3\)$/m);
    expect(markdown).toContain('**Failed:** 3 regressions, 2 new failures and 1 removed policy');
    expect(markdown).toContain('### ❌ Changes since the old scan');
    expect(markdown).toContain(
      '| ❌ 🔴 regression | High | 1000.3 Ensure that soft delete is enabled for Recovery Services vaults | Green → Red |',
    );
  });

  it('never compares an input that does not check: exit 1, nothing compared', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'broken.json'), '{"result": [');
    const result = await runInProcess(['diff', old, join(dir, 'broken.json')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('json-syntax');
    expect(result.stdout).not.toContain('Regressions');
    expect(result.stderr).toBe('cspm-report: no valid benchmark report in the later scan: not compared (see above)\n');
  });

  it('refuses scans of another account with both named (exit 2), and compares them with --allow-mismatch', async () => {
    const dir = tempDir();
    const other = JSON.parse(readFileSync(next, 'utf8')) as { AccountId: string }[];
    other[0]!.AccountId = 'another-account';
    writeFileSync(join(dir, 'other.json'), JSON.stringify(other));
    const refused = await runInProcess(['diff', old, join(dir, 'other.json')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^cspm-report: the reports are of another account or benchmark: old: CSBP of account e17a4d2c-\S+ \(samples\/diff\/azure-csbp-2024-03-11\.json\); new: CSBP of account another-account \(\S+other\.json\); compare scans of one account and benchmark; give --allow-mismatch to compare them anyway\n$/,
    );
    const allowed = await runInProcess(['diff', old, join(dir, 'other.json'), '--allow-mismatch']);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain('paired by --allow-mismatch');
  });

  describe('documents of the new report with its changes', () => {
    it('writes HTML, PDF and XLSX beside text on standard output in one run', async () => {
      const dir = tempDir();
      const [html, pdf, xlsx] = ['changes.html', 'changes.pdf', 'changes.xlsx'].map((name) => join(dir, name)) as [
        string,
        string,
        string,
      ];
      const result = await runInProcess([
        'diff',
        old,
        next,
        '-f',
        'text',
        '-o',
        '-',
        '-f',
        'html',
        '-o',
        html,
        '-f',
        'pdf',
        '-o',
        pdf,
        '-f',
        'xlsx',
        '-o',
        xlsx,
      ]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(
        '3 regressions, 2 new failures, 2 fixes, 1 coverage change, 0 new policies, 1 removed policy, 119 unchanged',
      );
      // Status lines go to standard error, always: standard output is the text's.
      expect(result.stderr).toBe(`wrote ${html}\nwrote ${pdf}\nwrote ${xlsx}\n`);
      expect(readFileSync(html, 'utf8')).toContain('Changes since the scan of 2024-03-11 06:40 UTC');
      const document = await getDocumentProxy(new Uint8Array(readFileSync(pdf)));
      expect(document.numPages).toBeGreaterThan(3);
      const workbook = await readWorkbook(readFileSync(xlsx));
      expect(workbook.getWorksheet('Changes')?.getCell('H5').value).toBe('Green → Red');
      expect(readdirSync(dir).sort()).toEqual(['changes.html', 'changes.pdf', 'changes.xlsx']);
    });

    it('takes the format from -o alone, and tells what it wrote on standard error', async () => {
      const file = join(tempDir(), 'changes.pdf');
      const result = await runInProcess(['diff', old, next, '-o', file]);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe(`wrote ${file}\n`);
      expect(result.stdout).toBe('');
      expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    it.each([
      [['-f', 'html'], '--format html writes a document: pair it with an --output file (-f html -o changes.html)'],
      [['-f', 'pdf', '-o', 'changes.json'], 'changes.json: its name says json, not pdf; name the file .pdf'],
      [['-f', 'json', '-o', 'changes.pdf'], 'changes.pdf: its name says pdf, not json; name the file .json'],
      [['-f', 'html', '-o', '-', '-f', 'text', '-o', '-'], 'only one output can go to standard output'],
    ])('refuses %j (exit 2), writing nothing', async (args, message) => {
      const result = await runInProcess(['diff', old, next, ...args]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(message);
      expect(existsSync('changes.json') || existsSync('changes.pdf')).toBe(false);
    });

    it('never writes a document over an input, even under another name', async () => {
      const dir = tempDir();
      const input = join(dir, 'new.json');
      writeFileSync(input, readFileSync(next));
      symlinkSync(input, join(dir, 'new.html'));
      const result = await runInProcess(['diff', old, input, '-o', join(dir, 'new.html')]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('refusing to overwrite a report');
      expect(readFileSync(input, 'utf8')).toBe(readFileSync(next, 'utf8'));
    });

    it('writes no document when an input does not check, and says why on the terminal', async () => {
      const dir = tempDir();
      writeFileSync(join(dir, 'broken.json'), '{"result": [');
      const result = await runInProcess(['diff', old, join(dir, 'broken.json'), '-o', join(dir, 'changes.html')]);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('json-syntax');
      expect(existsSync(join(dir, 'changes.html'))).toBe(false);
    });
  });
});

describe('cspm-report diff of files of several reports', () => {
  const olds = 'samples/diff-multi/azure-multi-2024-06-04.json';
  const news = 'samples/diff-multi/azure-multi-2024-06-11.json';

  it('pairs the reports by benchmark, lists the one without a partner, and fails on the Critical regression', async () => {
    const file = join(tempDir(), 'diff.json');
    const result = await runInProcess([
      'diff',
      olds,
      news,
      '--fail-on-regression',
      'Critical',
      '-f',
      'text',
      '-o',
      '-',
      '-f',
      'json',
      '-o',
      file,
    ]);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(
      /only in the new input \(\d+ failing polic(y|ies): new failures\): PCI3_2_1 of account a82c5e07-9f16-4d3b-b7a4-3e0d91f6c28b/,
    );
    const diff = (
      JSON.parse(readFileSync(file, 'utf8')) as {
        diff: {
          reports: { benchmarkId: string; changes: { kind: string; policyId: string; severity: string }[] }[];
          counts: Record<string, number>;
        };
      }
    ).diff;
    expect(diff.reports.map((report) => report.benchmarkId)).toEqual(['CSBP', 'AZFDCIS1_3_0']);
    expect(diff.counts).toMatchObject({ regression: 1, 'new-failure': 0, fix: 2, coverage: 0, added: 0, removed: 0 });
    expect(diff.reports[1]!.changes[0]).toMatchObject({
      kind: 'regression',
      policyId: 'MFAPrivilegedUsers',
      severity: 'Critical',
    });
  });
});
