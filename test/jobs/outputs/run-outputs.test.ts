import { describe, expect, it } from 'vitest';
import { pairOutputs, placesFindings } from '../../../src/jobs/outputs/run-outputs.js';
import { isCspmError } from '../../../src/error/cspm-error.js';
import type { FindingsFormatName } from '../../../src/model/findings-format.js';

describe('pairing --format with --output', () => {
  const pairs: {
    name: string;
    formats: FindingsFormatName[];
    outputs: string[];
    expected: { format: string; path: string }[];
  }[] = [
    {
      name: 'nothing given: text on standard output',
      formats: [],
      outputs: [],
      expected: [{ format: 'text', path: '-' }],
    },
    { name: 'one format, no output', formats: ['json'], outputs: [], expected: [{ format: 'json', path: '-' }] },
    {
      name: 'formats from the extensions',
      formats: [],
      outputs: ['a.json', 'b.TXT'],
      expected: [
        { format: 'json', path: 'a.json' },
        { format: 'text', path: 'b.TXT' },
      ],
    },
    {
      name: 'each format with the output in the same position',
      formats: ['json', 'text'],
      outputs: ['a.json', 'b.txt'],
      expected: [
        { format: 'json', path: 'a.json' },
        { format: 'text', path: 'b.txt' },
      ],
    },
    {
      name: 'plain text into a .log, annotations into a .txt, SARIF into a .json',
      formats: ['text', 'github', 'sarif'],
      outputs: ['build.log', 'notes.txt', 'scan.json'],
      expected: [
        { format: 'text', path: 'build.log' },
        { format: 'github', path: 'notes.txt' },
        { format: 'sarif', path: 'scan.json' },
      ],
    },
    {
      name: 'standard output among files',
      formats: ['text', 'json'],
      outputs: ['-', 'a.json'],
      expected: [
        { format: 'text', path: '-' },
        { format: 'json', path: 'a.json' },
      ],
    },
  ];
  for (const { name, formats, outputs, expected } of pairs) {
    it(name, () => expect(pairOutputs(formats, outputs).findings).toEqual(expected));
  }

  const refused: { name: string; formats: FindingsFormatName[]; outputs: string[]; message: RegExp }[] = [
    {
      name: 'two formats to standard output',
      formats: ['json', 'text'],
      outputs: [],
      message: /2 --format values but no --output/,
    },
    {
      name: 'unequal counts',
      formats: ['json', 'text', 'sarif'],
      outputs: ['a.json', 'b.txt'],
      message: /3 --format values for 2 --output values/,
    },
    {
      name: 'several formats under a name that says another',
      formats: ['json', 'sarif'],
      outputs: ['a.md'],
      message: /a\.md: its name says markdown, which is not one of the --format values \(json, sarif\)/,
    },
    {
      name: 'an extension that names no format, without --format',
      formats: [],
      outputs: ['a.out'],
      message: /a\.out: its name names no format of this command/,
    },
    {
      name: 'a format that contradicts the extension',
      formats: ['text'],
      outputs: ['a.json'],
      message: /a\.json: its name says json, not text/,
    },
    {
      name: 'plain JSON into a .sarif',
      formats: ['json'],
      outputs: ['scan.sarif'],
      message: /scan\.sarif: its name says sarif, not json/,
    },
    {
      name: 'JUnit into a .md',
      formats: ['junit'],
      outputs: ['a.md'],
      message: /a\.md: its name says markdown, not junit/,
    },
    {
      name: 'one file twice',
      formats: ['json', 'json'],
      outputs: ['a.json', 'a.json'],
      message: /--output a\.json is given twice/,
    },
    {
      name: 'standard output twice',
      formats: ['json', 'text'],
      outputs: ['-', '-'],
      message: /--output - is given twice/,
    },
  ];
  for (const { name, formats, outputs, message } of refused) {
    it(`refuses ${name}`, () => {
      let caught: unknown;
      try {
        pairOutputs(formats, outputs);
      } catch (error) {
        caught = error;
      }
      expect(isCspmError(caught) && caught.code).toBe('usage');
      expect((caught as Error).message).toMatch(message);
    });
  }
});

describe('diff outputs: findings and documents in one run', () => {
  it.each([
    [[], ['changes.csv'], [{ format: 'csv', path: 'changes.csv' }], []],
    [[], ['changes.htm', 'a.json'], [{ format: 'html', path: 'changes.htm' }], [{ format: 'json', path: 'a.json' }]],
    [['poam', 'text'], ['plan.csv', '-'], [{ format: 'poam', path: 'plan.csv' }], [{ format: 'text', path: '-' }]],
    [[], ['plan.poam.csv'], [{ format: 'poam', path: 'plan.poam.csv' }], []],
  ])('%j -o %j', (formats, outputs, documents, findings) => {
    expect(pairOutputs(formats, outputs, ['findings', 'document'])).toEqual({ documents, findings });
  });

  it('refuses a document without a file', () => {
    expect(() => pairOutputs(['pdf'], [], ['findings', 'document'])).toThrow(
      /--format pdf writes a document: pair it with an --output file/,
    );
  });
});

describe('placesFindings', () => {
  // Placing findings reads every file with findings again: only formats that point at a line ask for it.
  it.each([
    [['text'], false],
    [['json', 'junit', 'markdown'], false],
    [['text', 'sarif'], true],
    [['gitlab'], true],
    [['github'], true],
  ] as const)('%j: %s', (formats, expected) => {
    expect(placesFindings(formats.map((format) => ({ format, path: `out.${format}` })))).toBe(expected);
  });
});
