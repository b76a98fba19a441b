import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CspmError, loadReports } from '../../src/index.js';
import { candidatePointer } from '../../src/model/document.js';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const report = minimalReport();

describe('loadReports: the forms of a saved report', () => {
  const cases = [
    {
      name: 'envelope holding an array',
      value: { result: [report, report], statusCode: 200, message: 'Request Successful' },
      form: 'envelope',
      pointers: ['/result/0', '/result/1'],
    },
    {
      name: 'envelope holding one report',
      value: { result: report, statusCode: 200, message: 'Request Successful' },
      form: 'envelope',
      pointers: ['/result'],
    },
    { name: 'raw array of reports', value: [report], form: 'array', pointers: ['/0'] },
    { name: 'one report object', value: report, form: 'report', pointers: [''] },
    { name: 'empty raw array', value: [], form: 'array', pointers: [] },
  ];
  it.each(cases)('$name', async ({ value, form, pointers }) => {
    const [document] = await loadReports({ value, name: 'x.json' });
    expect(document?.form).toBe(form);
    expect(document!.candidates.map((_, index) => candidatePointer(document!, index))).toEqual(pointers);
    expect(document?.findings).toEqual([]);
  });
});

describe('loadReports: sources', () => {
  it('reads a file, a directory recursively in sorted order, text, bytes and a stream', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'b', 'deeper'), { recursive: true });
    writeFileSync(join(dir, 'b', 'deeper', 'z.json'), JSON.stringify(report));
    writeFileSync(join(dir, 'a.json'), JSON.stringify([report]));
    writeFileSync(join(dir, 'notes.txt'), 'not a report');
    const documents = await loadReports([
      dir,
      { text: JSON.stringify(report), name: 'text' },
      { text: Buffer.from(JSON.stringify(report)), name: 'bytes' },
      { stream: Readable.from([Buffer.from('[{"x":'), Buffer.from('1}]')]), name: '<stdin>' },
    ]);
    expect(documents.map((document) => document.source)).toEqual([
      join(dir, 'a.json'),
      join(dir, 'b', 'deeper', 'z.json'),
      'text',
      'bytes',
      '<stdin>',
    ]);
    expect(documents.map((document) => document.form)).toEqual(['array', 'report', 'report', 'report', 'array']);
  });

  it('accepts a UTF-8 byte order mark in a file, in bytes and in text', async () => {
    const dir = tempDir();
    const file = join(dir, 'bom.json');
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(report))]));
    const documents = await loadReports([
      file,
      { text: `\ufeff${JSON.stringify(report)}` },
      { text: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[]')]) },
    ]);
    expect(documents.map((document) => document.findings)).toEqual([[], [], []]);
  });

  it('reads UTF-16LE with a byte order mark, as PowerShell 5 writes with Out-File', async () => {
    const dir = tempDir();
    const file = join(dir, 'utf16.json');
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify(report), 'utf16le')]));
    const [document] = await loadReports(file);
    expect(document?.form).toBe('report');
    expect(document?.findings).toEqual([]);
  });

  it('rejects a missing file and an empty directory with a CspmError naming the path', async () => {
    const dir = tempDir();
    await expect(loadReports(join(dir, 'missing.json'))).rejects.toMatchObject({
      code: 'input-not-found',
      message: `no such file or directory: ${join(dir, 'missing.json')}`,
    });
    await expect(loadReports(dir)).rejects.toBeInstanceOf(CspmError);
    await expect(loadReports(dir)).rejects.toMatchObject({ code: 'input-empty-dir' });
  });
});

describe('loadReports: problems become findings', () => {
  it('gives json-syntax with line and column', async () => {
    const [document] = await loadReports({ text: '{\n  "result": [\n    {"a": 1,,}\n  ]\n}', name: 'bad.json' });
    expect(document?.findings).toHaveLength(1);
    expect(document?.findings[0]).toMatchObject({
      rule: 'json-syntax',
      severity: 'error',
      pointer: '',
      actual: { line: 3, column: 13 },
    });
    expect(document?.findings[0]?.message).toMatch(/^not valid JSON at line 3, column 13: /);
  });

  it('says an empty file is empty', async () => {
    const [document] = await loadReports({ text: '  \n', name: 'empty.json' });
    expect(document?.findings[0]?.message).toContain('the file is empty');
  });

  it('gives envelope-failure quoting the message of a failed call', async () => {
    const [document] = await loadReports({
      value: { result: null, statusCode: 401, message: 'Invalid license token' },
    });
    expect(document?.candidates).toEqual([]);
    expect(document?.findings).toEqual([
      expect.objectContaining({
        rule: 'envelope-failure',
        pointer: '/statusCode',
        expected: 200,
        actual: 401,
        message: expect.stringContaining('"Invalid license token"'),
      }),
    ]);
  });

  it('hands each text to the caller before parsing it (the CLI settles the heap there)', async () => {
    const seen: string[] = [];
    const dir = tempDir();
    writeFileSync(join(dir, 'r.json'), JSON.stringify([report]));
    await loadReports([join(dir, 'r.json'), { text: '[]', name: 'b.json' }, { value: [] }], {
      beforeParse: (text) => void seen.push(text),
    });
    expect(seen).toEqual([JSON.stringify([report]), '[]']);
  });
});

it('awaits the caller before each parse: a parse starts only when the caller is done', async () => {
  const order: string[] = [];
  await loadReports(
    [
      { text: '[]', name: 'a.json' },
      { text: '{', name: 'b.json' },
    ],
    {
      beforeParse: async (text) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(`ready ${text}`);
      },
    },
  ).then((documents) => order.push(...documents.map((document) => `parsed ${document.source}`)));
  expect(order).toEqual(['ready []', 'ready {', 'parsed a.json', 'parsed b.json']);
});
