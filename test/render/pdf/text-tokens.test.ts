import { describe, expect, it } from 'vitest';
import { cleanText, tokeniseText, type TextToken } from '../../../src/render/pdf/text-tokens.js';
import { rightToLeftLetters } from '../../../src/render/pdf/rtl-clusters.js';

// A stand-in for the font set: Latin 0, Arabic 1, everything else 2; punctuation stays in its run.
function classify(codePoint: number, run: number): number {
  if (run > 0 && /[\p{P}\p{N}]/u.test(String.fromCodePoint(codePoint))) return run;
  if (codePoint < 0x0600) return 0;
  return codePoint <= 0x06ff ? 1 : 2;
}

const token = (
  family: number,
  text: string,
  spaces = 0,
  breakAfter = spaces > 0,
  level = 0,
  spaceLevel = spaces > 0 ? level : 0,
): TextToken => ({
  family,
  text,
  spaces,
  breakAfter,
  level,
  spaceLevel,
});

describe('cleanText', () => {
  const cases = [
    { name: 'plain text is kept', input: 'Ensure keys rotate', expected: 'Ensure keys rotate' },
    { name: 'tabs and line breaks become spaces', input: 'tab\tand\nnew\r\nline', expected: 'tab and new  line' },
    {
      name: 'other control characters are shown, not drawn',
      input: 'red\u001b[0m\u0085',
      expected: 'red\\u001b[0m\\u0085',
    },
  ];
  it.each(cases)('$name', ({ input, expected }) => expect(cleanText(input)).toBe(expected));
});

describe('tokeniseText', () => {
  const cases: { name: string; input: string; expected: TextToken[] }[] = [
    { name: 'words break at spaces', input: ' two  words ', expected: [token(0, 'two', 2), token(0, 'words', 1)] },
    {
      name: 'ideographs break anywhere',
      input: '多言語',
      expected: [token(2, '多', 0, true), token(2, '言', 0, true), token(2, '語')],
    },
    {
      name: 'a change of font splits a word without a break',
      input: 'ab多',
      expected: [token(0, 'ab', 0, true), token(2, '多')],
    },
    {
      name: 'punctuation stays in the run around it',
      input: 'اللغات، x',
      expected: [token(1, 'اللغات،', 1, true, 1), token(0, 'x', 0, false, 2)],
    },
    {
      name: 'a right-to-left paragraph gives its words level 1 and Latin inside it level 2',
      input: 'עבור AWS בכל',
      expected: [token(0, 'עבור', 1, true, 1), token(0, 'AWS', 1, true, 2, 1), token(0, 'בכל', 0, false, 1)],
    },
    {
      name: 'Thai words break where the dictionary ends them',
      input: 'ตรวจสอบคีย์ x',
      expected: [token(2, 'ตรวจ', 0, true), token(2, 'สอบ', 0, true), token(2, 'คีย์', 1), token(0, 'x')],
    },
    {
      name: 'paths break after slashes',
      input: '/0/Total',
      expected: [token(0, '/', 0, true), token(0, '0/', 0, true), token(0, 'Total')],
    },
  ];
  it.each(cases)('$name', ({ input, expected }) => expect(tokeniseText(input, classify)).toEqual(expected));
});

describe('rightToLeftLetters', () => {
  // Glyphs in visual order, each with the text fontkit remembers for it.
  const cases = [
    {
      name: 'a dot glyph carries no letter; a shared skeleton gets the letter of this word',
      text: 'بت',
      glyphs: [[], [0x628], [], [0x628]],
      expected: new Map([
        [3, 'ب'],
        [1, 'ت'],
      ]),
    },
    {
      name: 'a vowel mark keeps its own glyph and text',
      text: 'بَ',
      glyphs: [[0x64e], [0x628]],
      expected: new Map([[1, 'ب']]),
    },
    {
      name: 'a ligature stands for both its letters',
      text: 'لا',
      glyphs: [[0x644, 0x627]],
      expected: new Map([[0, 'لا']]),
    },
    { name: 'glyphs that do not match the letters give up', text: 'بت', glyphs: [[0x628]], expected: null },
  ];
  it.each(cases)('$name', ({ text, glyphs, expected }) => {
    expect(
      rightToLeftLetters(
        text,
        glyphs.map((codePoints) => ({ codePoints })),
      ),
    ).toEqual(expected);
  });
});
