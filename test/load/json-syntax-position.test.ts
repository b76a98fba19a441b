import { describe, expect, it } from 'vitest';
import { loadReports } from '../../src/index.js';
import { syntaxErrorOffset } from '../../src/load/syntax-error-offset.js';

const png = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);

/** Inputs whose V8 message names no position, each with the place of its first bad character. */
const cases: { name: string; text: string | Uint8Array; line: number; column: number }[] = [
  { name: 'a stray token on the third line', text: '{\n"result": [\nx ]}', line: 3, column: 1 },
  {
    name: 'an HTML page saved instead of JSON',
    text: '<!DOCTYPE html>\n<html>\n<body>Unauthorized</body>\n</html>\n',
    line: 1,
    column: 1,
  },
  { name: 'a PNG image', text: png, line: 1, column: 1 },
  { name: 'a misspelt literal', text: '{"a": tru}', line: 1, column: 10 },
  { name: 'a trailing comma before ] on its own line', text: '{\n  "a": [1, 2,\n  ]\n}', line: 3, column: 3 },
  { name: 'Windows line ends', text: '{\r\n  "a": 1,\r\n  "b": nope\r\n}', line: 3, column: 9 },
  { name: 'a single-quoted string deep inside', text: '[[[{"k": [\'v\']}]]]', line: 1, column: 11 },
  { name: 'a bad \\u escape', text: '["ok", "\\u12G4"]', line: 1, column: 13 },
  { name: 'text cut off inside a string', text: '[\n  "abc', line: 2, column: 7 },
  { name: 'text cut off after a comma', text: '{"a": 1,\n', line: 2, column: 1 },
  { name: 'an empty file', text: '', line: 1, column: 1 },
];

describe('json-syntax: the place of the first bad character', () => {
  it.each(cases)('$name: line $line, column $column', async ({ text, line, column }) => {
    const [document] = await loadReports({ text, name: 'bad.json' });
    const finding = document?.findings[0];
    expect(finding).toMatchObject({ rule: 'json-syntax', actual: { line, column } });
    expect(finding?.message).toMatch(new RegExp(`^not valid JSON at line ${line}, column ${column}: `));
  });

  it('agrees with the positions V8 does name', () => {
    const texts = [
      '{"a":1,}',
      '{"a" 1}',
      '[1,2',
      '{"a":"b\nc"}',
      '[1] x',
      '[01]',
      '[-]',
      '[1.]',
      '["\\q"]',
      '[1e]',
      '{"a":1}\n}',
    ];
    for (const text of texts) {
      let position = -1;
      try {
        JSON.parse(text);
      } catch (error) {
        position = Number(/position (\d+)/.exec((error as Error).message)?.[1]);
      }
      expect({ text, offset: syntaxErrorOffset(text) }).toEqual({ text, offset: position });
    }
  });

  it('finds no error in valid JSON, however deeply nested', () => {
    expect(syntaxErrorOffset(' {"a": [1, -2.5e+3, true, false, null, "\\u00e9\\n"], "b": {}} ')).toBe(-1);
    expect(syntaxErrorOffset(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBe(-1);
    expect(syntaxErrorOffset(`${'['.repeat(100_000)}${']'.repeat(99_999)}x`)).toBe(199_999);
  });
});
