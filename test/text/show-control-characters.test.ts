import { describe, expect, it } from 'vitest';
import { showControlCharacters } from '../../src/text/show-control-characters.js';

describe('showControlCharacters', () => {
  const cases = [
    { name: 'plain text is kept', input: 'Ensure keys rotate', whitespace: 'show', expected: 'Ensure keys rotate' },
    {
      name: 'ESC, NUL, DEL and NEL are shown',
      input: 'a\u001b[0m\u0000\u007f\u0085',
      whitespace: 'keep',
      expected: 'a\\u001b[0m\\u0000\\u007f\\u0085',
    },
    {
      name: 'line and paragraph separators are shown',
      input: 'a\u2028b\u2029',
      whitespace: 'space',
      expected: 'a\\u2028b\\u2029',
    },
    {
      name: 'tabs and line breaks are shown in one-line output',
      input: 'a\tb\nc\r',
      whitespace: 'show',
      expected: 'a\\u0009b\\u000ac\\u000d',
    },
    {
      name: 'tabs and line breaks are kept in documents',
      input: 'a\tb\nc\r',
      whitespace: 'keep',
      expected: 'a\tb\nc\r',
    },
    {
      name: 'tabs and line breaks become spaces in one-line document text',
      input: 'a\tb\r\nc',
      whitespace: 'space',
      expected: 'a b  c',
    },
    {
      name: 'vertical tab and form feed are no line breaks',
      input: 'a\u000bb\u000c',
      whitespace: 'space',
      expected: 'a\\u000bb\\u000c',
    },
  ] as const;
  it.each(cases)('$name', ({ input, whitespace, expected }) =>
    expect(showControlCharacters(input, whitespace)).toBe(expected),
  );
});
