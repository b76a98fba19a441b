import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createClient, createEmulator, type RenderWarning } from '../../../src/index.js';
import { minimalReport } from '../../support/minimal-report.js';
import { runInProcess } from '../../support/cli-run.js';
import { useTempDir } from '../../support/temp-dir.js';
import { renderPdf, viewOf } from './pdf-helpers.js';

// The optional CJK and Korean font packages are looked up with existsSync; here they are not found.
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const existsSync = ((path: Parameters<typeof fs.existsSync>[0]) =>
    /NotoSans(?:SC|KR)_/.test(String(path)) ? false : fs.existsSync(path)) as typeof fs.existsSync;
  return { ...fs, default: { ...fs, existsSync }, existsSync };
});

/** A report whose policy titles are in ten scripts, Chinese, Japanese and Korean among them. */
const scriptsFixture = 'test/fixtures/scripts-report.json';

const chinese =
  'cspm-report: warning: the PDF shows Chinese and Japanese (Han, kana) text as empty boxes: its font is not installed; run npm install @expo-google-fonts/noto-sans-sc\n';
const korean =
  'cspm-report: warning: the PDF shows Korean (Hangul) text as empty boxes: its font is not installed; run npm install @expo-google-fonts/noto-sans-kr\n';

function occurrences(text: string, line: string): number {
  return text.split(line).length - 1;
}

describe('a PDF of CJK text without the optional font packages', () => {
  const tempDir = useTempDir();

  it('warns once on standard error for each script, naming the package to install, and still writes the PDF (exit 0)', async () => {
    const out = join(tempDir(), 'scripts.pdf');
    const run = await runInProcess(['render', scriptsFixture, '-f', 'pdf', '-o', out]);
    expect(run.code).toBe(0);
    expect(occurrences(run.stderr, chinese)).toBe(1);
    expect(occurrences(run.stderr, korean)).toBe(1);
    expect(run.stderr.split('\n').filter((line) => line.includes('warning'))).toHaveLength(2);
  });

  it('warns once per run when several documents and both tiers need the same font', async () => {
    const dir = tempDir();
    const inputs = ['one.json', 'two.json'].map((name) => join(dir, name));
    for (const input of inputs) copyFileSync(scriptsFixture, input);
    for (const tier of ['full', 'executive']) {
      const run = await runInProcess(['render', ...inputs, '-f', 'pdf', '--tier', tier, '--out-dir', join(dir, tier)]);
      expect(run.code).toBe(0);
      expect(occurrences(run.stderr, chinese)).toBe(1);
      expect(occurrences(run.stderr, korean)).toBe(1);
    }
  });

  it('warns as render does for the PDF a diff writes', async () => {
    // Before, only render printed it: diff drew the boxes and said nothing.
    const out = join(tempDir(), 'changes.pdf');
    const run = await runInProcess([
      'diff',
      scriptsFixture,
      scriptsFixture,
      '--allow-mismatch',
      '-f',
      'pdf',
      '-o',
      out,
    ]);
    expect(run.code).toBe(0);
    expect(occurrences(run.stderr, chinese)).toBe(1);
    expect(occurrences(run.stderr, korean)).toBe(1);
  });

  it('warns as render does for the PDF fetch writes beside a report', async () => {
    const reports = tempDir();
    copyFileSync(scriptsFixture, join(reports, 'scripts.json'));
    const emulator = await createEmulator({
      reports,
      credentials: { licenseToken: 'LICENSE-TOKEN-1a2b', accountToken: 'ACCOUNT-TOKEN-3c4d', apiKey: 'API-KEY-5e6f' },
    });
    try {
      const client = createClient({ baseUrl: emulator.url, licenseToken: 'LICENSE-TOKEN-1a2b' });
      const account = await client.onboardAccount('aws', 'L1', {
        AccountName: 'Scripts',
        AWSAccountId: '123456789012',
        AWSRoleName: 'Audit',
      });
      const dir = tempDir();
      const ids = [
        '--license',
        'L1',
        '--account',
        account.accountId,
        '--job',
        account.jobId,
        '--benchmark',
        'CISAWS140',
      ];
      const env = {
        CSPM_BASE_URL: emulator.url,
        CSPM_ACCOUNT_TOKEN: 'ACCOUNT-TOKEN-3c4d',
        CSPM_API_KEY: 'API-KEY-5e6f',
      };
      const run = await runInProcess(['fetch', ...ids, '-o', join(dir, 'scripts.json'), '-f', 'pdf'], { env });
      expect(run.code).toBe(0);
      expect(occurrences(run.stderr, chinese)).toBe(1);
      expect(occurrences(run.stderr, korean)).toBe(1);
    } finally {
      await emulator.close();
    }
  });

  it('tells the library caller once per document, as data', async () => {
    const warnings: RenderWarning[] = [];
    await renderPdf(await viewOf(scriptsFixture), { onWarning: (warning) => warnings.push(warning) });
    expect(warnings.map(({ code, script, package: name }) => ({ code, script, package: name }))).toEqual([
      { code: 'font-missing', script: 'Chinese and Japanese (Han, kana)', package: '@expo-google-fonts/noto-sans-sc' },
      { code: 'font-missing', script: 'Korean (Hangul)', package: '@expo-google-fonts/noto-sans-kr' },
    ]);
  });

  it('says nothing of CJK fonts for a character no font here draws (an emoji), which they would not draw either', async () => {
    const report = minimalReport();
    const first = report.ResourceCategories[0]!.Policies[0]!;
    first.ShortTitle = 'Ensure keys rotate 🔑';
    const file = join(tempDir(), 'emoji.json');
    writeFileSync(file, JSON.stringify([report]));
    const warnings: RenderWarning[] = [];
    await renderPdf(await viewOf(file), { onWarning: (warning) => warnings.push(warning) });
    expect(warnings).toEqual([]);
  });
});
