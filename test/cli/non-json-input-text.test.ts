import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findingsFormatNames } from '../../src/render/findings/findings-formats.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** What a credentials file (or /proc/self/environ) starts with: none of it may reach any output. */
const secrets = [
  'AWS_SECRET_ACCESS_KEY=abc123\nAWS_SESSION_TOKEN=zz9\n',
  '"AWS_SECRET_ACCESS_KEY=abc123"',
  'AWS_SECRET_ACCESS_KEY',
  '  abc123 AWS_SECRET',
  '{"a":1}AWS_SECRET abc123',
  '[1,\u0001AWS_SECRET abc123]',
  '{"a": "x\\qAWS_SECRET abc123"}',
  '\ufeffAWS_SECRET abc123',
  'tabc123 AWS_SECRET',
  '"abc123 AWS_SECRET',
];

function linkToSecret(text: string): string {
  const dir = tempDir();
  const secret = join(dir, 'credentials');
  writeFileSync(secret, text);
  const report = join(dir, 'report.json');
  symlinkSync(secret, report);
  return report;
}

describe('a syntax finding quotes nothing of the input', () => {
  it.each(secrets.flatMap((text) => findingsFormatNames.map((format) => [format, text] as const)))(
    'check -f %s of a link to a non-JSON file (%j)',
    async (format, text) => {
      const report = linkToSecret(text);
      const run = await runInProcess(['check', report, 'samples/aws-cis.json', '-f', format]);
      expect(run.code).toBe(1);
      const written = run.stdout + run.stderr;
      expect(written).toMatch(/json-syntax|not-a-report/);
      expect(written).not.toContain('AWS_SECRET');
      expect(written).not.toContain('abc123');
      expect(written).not.toContain('zz9');
    },
  );

  it.each([
    ['AWS_SECRET_ACCESS_KEY=abc123', 'line 1, column 1: unexpected character: a letter'],
    ['=AWS', 'line 1, column 1: unexpected character: a symbol'],
    ['[1,\u0001]', 'line 1, column 4: unexpected character: a control character'],
    ['[1, é]', 'line 1, column 5: unexpected character: a non-ASCII character'],
    ['\ufeff\ufeff[1]', 'line 1, column 1: unexpected character: a byte order mark'],
    ['[,]', "line 1, column 2: unexpected character: ','"],
    // V8's reasons that name only the grammar stay as they are.
    ['  7abc123', 'line 1, column 4: Unexpected non-whitespace character after JSON'],
    ['{"a":1,}', 'line 1, column 8: Expected double-quoted property name'],
    ['[1 2]', "line 1, column 4: Expected ',' or ']' after array element"],
    ['tru', 'line 1, column 4: Unexpected end of JSON input'],
  ])('names the kind of character at the place: %j', async (text, says) => {
    const report = linkToSecret(text);
    const run = await runInProcess(['check', report, '-f', 'json']);
    const [finding] = (JSON.parse(run.stdout) as { files: { findings: { rule: string; message: string }[] }[] })
      .files[0]!.findings;
    expect(finding?.rule).toBe('json-syntax');
    expect(finding?.message).toContain(says);
  });

  it('gate and render quote nothing of it either', async () => {
    const report = linkToSecret(secrets[0] as string);
    const dir = tempDir();
    const gate = await runInProcess([
      'gate',
      report,
      'samples/aws-cis.json',
      '--rules',
      'samples/gate/gate-rules.yaml',
      '-f',
      'sarif',
    ]);
    expect(gate.code).toBe(1);
    const render = await runInProcess(['render', report, 'samples/aws-cis.json', '--out-dir', dir]);
    for (const written of [gate.stdout + gate.stderr, render.stdout + render.stderr]) {
      expect(written).not.toContain('AWS_SECRET');
      expect(written).not.toContain('abc123');
    }
  });

  it('merge of a non-JSON partial quotes nothing of it', async () => {
    for (const text of secrets) {
      const partial = linkToSecret(text);
      const run = await runInProcess(['merge', partial]);
      expect(run.code).toBe(2);
      expect(run.stderr).not.toContain('AWS_SECRET');
      expect(run.stderr).not.toContain('abc123');
    }
  });

  it('render of a fleet figures file that is not JSON quotes nothing of it', async () => {
    const figures = linkToSecret('{"cspmReportFleet":1,AWS_SECRET_ACCESS_KEY=abc123');
    const run = await runInProcess(['render', figures, '--out-dir', tempDir()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/line 1, column 22/);
    expect(run.stderr).not.toContain('AWS_SECRET');
    expect(run.stderr).not.toContain('abc123');
  });

  it.each([
    'AWS_SECRET_ACCESS_KEY=abc123',
    'AWS_SECRET_ACCESS_KEY: abc123',
    'aws_secret_access_key: "abc123\\q"',
    '- AWS_SECRET_ACCESS_KEY: abc123',
  ])('a rules file that is a credentials file (%j) is refused without a word of it', async (text) => {
    const rules = linkToSecret(text);
    const run = await runInProcess(['gate', 'samples/aws-cis.json', '--rules', rules]);
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain('abc123');
    expect(run.stderr).not.toMatch(/AWS_SECRET/i);
  });
});

describe('an accounts file that is no accounts file', () => {
  it.each([
    [
      'AWS_SECRET_ACCESS_KEY=abc123\nAWS_X=zz9\n',
      /acc\.txt:1 \/license: no license column in the header row \(it names 1 other cell\)/,
    ],
    [
      'aws_secret_access_key,account,abc123\nx,y,z\n',
      /acc\.txt:1 \/license: no license column in the header row \(it names account and 2 other cells\)/,
    ],
    [
      '{"license":"L1","account":"a","job":"j","benchmark":"CSBP"}\nAWS_SECRET_ACCESS_KEY=abc123\n',
      /acc\.txt:2: not JSON at column 1: unexpected character: a letter/,
    ],
  ])('is refused without a word of it (%j)', async (text, says) => {
    const dir = tempDir();
    const accounts = join(dir, 'acc.txt');
    writeFileSync(accounts, text);
    const run = await runInProcess(['fetch', '--accounts', accounts, '--out-dir', join(dir, 'out')], {
      env: { CSPM_BASE_URL: 'http://127.0.0.1:9', CSPM_TOKEN: 'x' },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(says);
    expect(run.stderr).not.toMatch(/AWS_SECRET|abc123|zz9/i);
  });
});
