import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonString, jsonStringInString } from '../../../src/render/hdf/json-string.js';

// Any UTF-16 unit, and often one of those that need care (lone surrogate halves among them).
const unit = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.constantFrom('"', '\\', '\n', '\u0000', '\u007f', '\u2028', '\ud800', '\udfff', 'é'),
);

describe('jsonString', () => {
  it('gives the text JSON.stringify gives, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit }), (value) => jsonString(value) === JSON.stringify(value)),
      { numRuns: 2000 },
    );
  });

  it('escapes what would break or change the JSON: quotes, backslashes, controls and lone surrogates', () => {
    for (const value of [
      'say "hi"',
      'C:\\dir',
      'line\nbreak',
      '\u0000\u001f',
      'lone \ud800 half',
      'pair \ud83d\ude00',
      'plain text',
      '',
    ]) {
      expect(jsonString(value)).toBe(JSON.stringify(value));
      expect(JSON.parse(jsonString(value))).toBe(value);
    }
  });
});

describe('jsonStringInString', () => {
  it('joins into the text JSON.stringify gives a JSON document held in a string', () => {
    fc.assert(
      fc.property(fc.string({ unit }), fc.string({ unit }), (a, b) => {
        const joined = `"{\\"a\\":${jsonStringInString(a)},\\"b\\":${jsonStringInString(b)}}"`;
        return joined === JSON.stringify(JSON.stringify({ a, b }));
      }),
      { numRuns: 1000 },
    );
  });
});
