import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const sample = 'samples/aws-cis.json';
const help = '\nRun "cspm-report --help" for usage.\n';

describe('bad option values name the option, the value and the choices', () => {
  it.each([
    [
      ['render', sample, '-f', 'docx'],
      '--format "docx" is not one of html, pdf, xlsx, csv, hdf, poam, sarif, ocsf, ocsf-parquet, parquet, parquet-figures',
    ],
    [
      ['render', sample, '-f', 'PDF'],
      '--format "PDF" is not one of html, pdf, xlsx, csv, hdf, poam, sarif, ocsf, ocsf-parquet, parquet, parquet-figures; did you mean pdf?',
    ],
    [
      ['check', sample, '--fail-on', 'warnings'],
      '--fail-on "warnings" is not one of error, warning, never; did you mean warning?',
    ],
    [
      ['check', sample, '--percent-formula', 'green_of_total'],
      '--percent-formula "green_of_total" is not one of green-of-assessed, green-of-total, passed-resources; did you mean green-of-total?',
    ],
    [
      ['chek', sample],
      'unknown command "chek"; did you mean check? The commands are check, gate, merge, diff, trend, site, query, render, schema, rules, exceptions, serve, fetch, onboard, completion',
    ],
    [['check', sample, '--formt', 'json'], 'unknown option --formt; did you mean --format?'],
  ])('%j', async (args, line) => {
    const result = await runInProcess(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`cspm-report: ${line}${help}`);
  });
});

describe('--markdown-limit takes a whole number of characters within its range', () => {
  const range = '--markdown-limit takes a whole number of characters from 16,384 to 1,000,000, once, not';
  it.each([
    [['check', sample, '-f', 'markdown', '--markdown-limit', '0'], `${range} 0`],
    [
      [
        'diff',
        'samples/diff/azure-csbp-2024-03-11.json',
        'samples/diff/azure-csbp-2024-03-18.json',
        '--markdown-limit',
        '-5',
      ],
      `${range} -5`,
    ],
    [['gate', sample, '--rules', 'cspm:strict', '--markdown-limit', '65536.5'], `${range} 65536.5`],
    [['check', sample, '--markdown-limit', '64k'], `${range} 64k`],
    [['check', sample, '--markdown-limit', '1000001'], `${range} 1000001`],
    [['check', sample, '--markdown-limit', '20000', '--markdown-limit', '30000'], `${range} 20000, 30000`],
  ])('%j', async (args, line) => {
    const result = await runInProcess(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`cspm-report: ${line}${help}`);
  });

  it('takes the ends of its range', async () => {
    for (const limit of ['16384', '1000000'])
      expect((await runInProcess(['check', sample, '-f', 'markdown', '--markdown-limit', limit])).code).toBe(0);
  });
});

describe('user mistakes are usage errors, never internal errors', () => {
  it('refuses an option given twice', async () => {
    const result = await runInProcess(['check', sample, '--fail-on', 'error', '--fail-on', 'warning']);
    expect(result).toMatchObject({
      code: 2,
      stderr: `cspm-report: --fail-on was given 2 times (error, warning); give it once${help}`,
    });
  });

  it('names a template that fails while it runs', async () => {
    const dir = tempDir();
    const templates = join(dir, 'templates');
    mkdirSync(templates);
    writeFileSync(join(templates, 'executive-summary.hbs'), '{{> executive-summary}}');
    const recursive = await runInProcess(['render', sample, '--templates', templates, '--out-dir', dir]);
    expect(recursive).toMatchObject({
      code: 2,
      stderr:
        'cspm-report: invalid template: a template failed while rendering the page (a partial includes itself without end); check the files given with --templates\n',
    });
    writeFileSync(join(templates, 'executive-summary.hbs'), '{{noSuchHelper 1}}');
    const helper = await runInProcess(['render', sample, '--templates', templates, '--out-dir', dir]);
    expect(helper.code).toBe(2);
    expect(helper.stderr).toMatch(
      /^cspm-report: invalid template: a template failed while rendering the page \(Missing helper: "noSuchHelper"\)/,
    );
  });

  it('refuses a --templates path that is not a readable folder', async () => {
    const dir = tempDir();
    const result = await runInProcess(['render', sample, '--templates', join(dir, 'none'), '--out-dir', dir]);
    expect(result).toMatchObject({
      code: 2,
      stderr: `cspm-report: no such file or directory: --templates ${join(dir, 'none')}\n`,
    });
  });

  it.each([
    ['a truncated PNG', 'test/fixtures/logo.png', 100, 'is a truncated PNG image (its IDAT chunk is cut)'],
    ['a truncated JPEG', 'test/fixtures/logo.jpg', 1000, 'is a truncated JPEG image (its end marker is missing)'],
  ])('refuses %s as --logo in every format', async (_name, fixture, length, problem) => {
    const dir = tempDir();
    const logo = join(dir, 'logo.img');
    writeFileSync(logo, readFileSync(fixture).subarray(0, length));
    for (const format of ['html', 'pdf', 'xlsx']) {
      const result = await runInProcess(['render', sample, '--logo', logo, '-f', format, '--out-dir', dir]);
      expect(result).toMatchObject({ code: 2, stderr: `cspm-report: invalid usage: --logo ${logo} ${problem}\n` });
    }
  });
});

describe('the format follows the --output extension', () => {
  it.each([
    ['report.pdf', '%PDF-'],
    ['report.xlsx', 'PK\u0003\u0004'],
    ['report.HTM', '<!DOC'],
  ])('-o %s writes that format', async (name, magic) => {
    const output = join(tempDir(), name);
    expect((await runInProcess(['render', sample, '-o', output])).code).toBe(0);
    expect(readFileSync(output).subarray(0, magic.length).toString('latin1')).toBe(magic);
  });

  it('refuses a format that contradicts the extension', async () => {
    const output = join(tempDir(), 'r.xlsx');
    const result = await runInProcess(['render', sample, '-o', output, '-f', 'pdf']);
    expect(result).toMatchObject({
      code: 2,
      stderr: `cspm-report: invalid usage: ${output}: its name says xlsx, not pdf; name the file .pdf\n`,
    });
  });

  it('check writes JSON to an --output *.json', async () => {
    const output = join(tempDir(), 'findings.json');
    expect((await runInProcess(['check', sample, '-o', output])).code).toBe(0);
    expect(JSON.parse(readFileSync(output, 'utf8')).summary.files).toBe(1);
  });
});
