import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

function setUp(): { dir: string; report: string; broken: string } {
  const dir = tempDir();
  const report = join(dir, 'contoso.json');
  writeFileSync(report, JSON.stringify([minimalReport()]));
  const wrong = minimalReport();
  wrong.ResourceCategories[0]!.Total = 9;
  // A scan job of its own: the same report in two inputs is a duplicate-report.
  wrong.JobId = 'a1b2c3d4-0000-4000-8000-000000000014';
  const broken = join(dir, 'broken.json');
  writeFileSync(broken, JSON.stringify(wrong));
  return { dir, report, broken };
}

describe('cspm-report render', () => {
  it('writes HTML beside the input by default', async () => {
    const { dir, report } = setUp();
    const result = await runInProcess(['render', report]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(`wrote ${join(dir, 'contoso.html')}\n  ${report}: 1 report, 5 policies, no findings\n`);
    expect(result.stdout).toBe('');
    expect(readFileSync(join(dir, 'contoso.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/i);
    expect(readdirSync(dir).sort()).toEqual(['broken.json', 'contoso.html', 'contoso.json']);
  });

  it('writes several formats into --out-dir, one set per input, byte-identical run to run', async () => {
    const { dir, report, broken } = setUp();
    const out = join(dir, 'out');
    const first = await runInProcess([
      'render',
      report,
      broken,
      '-f',
      'pdf',
      '-f',
      'xlsx',
      '-f',
      'html',
      '--out-dir',
      out,
    ]);
    expect(first.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual([
      'broken.html',
      'broken.pdf',
      'broken.xlsx',
      'contoso.html',
      'contoso.pdf',
      'contoso.xlsx',
    ]);
    expect(first.stderr).toContain(
      `${broken}: 1 report, 5 policies, 2 errors, 0 warnings (listed in the data quality section)`,
    );
    const pdf = readFileSync(join(out, 'contoso.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await runInProcess(['render', report, '-f', 'pdf', '-f', 'xlsx', '--out-dir', out]);
    expect(readFileSync(join(out, 'contoso.pdf')).equals(pdf)).toBe(true);
  });

  it('combines every input into one document with --output', async () => {
    const { dir, report, broken } = setUp();
    const output = join(dir, 'all.html');
    const result = await runInProcess(['render', report, broken, '-o', output]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`${report}, ${broken}: 2 reports, 10 policies`);
    expect(readFileSync(output, 'utf8')).toContain('2 benchmark reports');
  });

  it('names a combined document of many inputs by its first and how many more, not every path', async () => {
    const { dir } = setUp();
    const inputs = Array.from({ length: 40 }, (_, index) => {
      const path = join(dir, `account-${String(index).padStart(3, '0')}.json`);
      copyFileSync('samples/aws-cis.json', path);
      return path;
    });
    const result = await runInProcess(['render', ...inputs, '-o', join(dir, 'all.csv')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`  ${inputs[0] as string} and 39 other inputs: 40 reports, `);
    expect(result.stderr).not.toContain(inputs[1] as string);
  });

  it('refuses a report with errors under --strict, and renders the rest', async () => {
    const { dir, report, broken } = setUp();
    const result = await runInProcess(['render', report, broken, '--strict', '-f', 'pdf']);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('cspm-report:'))).toEqual([
      `cspm-report: ${broken}: not rendered, 2 errors and --strict (see cspm-report check)`,
    ]);
    expect(existsSync(join(dir, 'contoso.pdf'))).toBe(true);
    expect(existsSync(join(dir, 'broken.pdf'))).toBe(false);
  });

  it('exits 1 for an input with no valid report, writing nothing for it', async () => {
    const dir = tempDir();
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"result": [], "statusCode": 500, "message": "Internal error"}');
    const result = await runInProcess(['render', bad]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `cspm-report: ${bad}: no valid benchmark report to render (1 error; see cspm-report check)\n`,
    );
    expect(readdirSync(dir)).toEqual(['bad.json']);
  });

  it('renders standard input to --output', async () => {
    const dir = tempDir();
    const result = await runInProcess(['render', '-', '-f', 'xlsx', '-o', join(dir, 'stdin.xlsx')], {
      stdin: JSON.stringify(minimalReport()),
    });
    expect(result.code).toBe(0);
    expect(readFileSync(join(dir, 'stdin.xlsx')).subarray(0, 2).toString()).toBe('PK');
  });

  it('applies --templates overrides, --title and a PNG --logo', async () => {
    const { dir, report } = setUp();
    const templates = join(dir, 'templates');
    mkdirSync(templates);
    writeFileSync(join(templates, 'styles.css'), 'body { background: #fafafa; } /* house style */');
    copyFileSync('test/fixtures/logo.png', join(dir, 'logo.png'));
    const result = await runInProcess([
      'render',
      report,
      '--templates',
      templates,
      '--title',
      'Quarterly audit',
      '--logo',
      join(dir, 'logo.png'),
    ]);
    expect(result.code).toBe(0);
    const html = readFileSync(join(dir, 'contoso.html'), 'utf8');
    expect(html).toContain('/* house style */');
    expect(html).toContain('Quarterly audit');
    expect(html).toContain('data:image/png;base64,');
  });
});

describe('render usage errors exit 2 and write nothing', () => {
  const cases = [
    {
      name: 'an unknown format',
      args: (r: string) => ['render', r, '-f', 'docx'],
      line: /^cspm-report: --format "docx" is not one of html, pdf, xlsx, csv, hdf, poam, sarif, ocsf, ocsf-parquet, parquet, parquet-figures$/,
    },
    {
      name: '--output named for neither of two formats',
      args: (r: string) => ['render', r, '-f', 'pdf', '-f', 'xlsx', '-o', 'x.html'],
      line: /^cspm-report: invalid usage: x\.html: its name says html, which is not one of the --format values \(pdf, xlsx\); name it for one of them, or give one --output per --format$/,
    },
    {
      name: '--output over the input',
      args: (r: string) => ['render', r, '-o', r],
      line: /refusing to overwrite a report$/,
    },
    {
      name: 'standard input without a destination',
      args: () => ['render', '-'],
      line: /^cspm-report: invalid usage: rendering standard input needs --output FILE or --out-dir DIR$/,
    },
    {
      name: 'a logo that is not an image',
      args: (r: string) => ['render', r, '--logo', r],
      line: /is neither a PNG nor a JPEG image$/,
    },
    {
      name: 'a missing templates folder',
      args: (r: string) => ['render', r, '--templates', 'no/such/dir'],
      line: /^cspm-report: no such file or directory: --templates no\/such\/dir$/,
    },
    {
      name: 'a negative --max-policies',
      args: (r: string) => ['render', r, '--max-policies', '-3'],
      line: /--max-policies takes a whole number/,
    },
  ];
  it.each(cases)('$name', async ({ args, line }) => {
    const { dir, report } = setUp();
    const before = readFileSync(report, 'utf8');
    const result = await runInProcess(args(report), { stdin: '[]' });
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().split('\n')[0]).toMatch(line);
    expect(readdirSync(dir).sort()).toEqual(['broken.json', 'contoso.json']);
    expect(readFileSync(report, 'utf8')).toBe(before);
  });
});
