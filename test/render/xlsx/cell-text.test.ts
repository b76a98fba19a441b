import { describe, expect, it } from 'vitest';
import { cellText, maxCellText } from '../../../src/render/xlsx/cell-text.js';

describe('cellText', () => {
  const cases: { name: string; input: string; expected: string }[] = [
    { name: 'keeps plain text', input: 'Ensure MFA is enabled', expected: 'Ensure MFA is enabled' },
    {
      name: 'keeps formula-like text as it is',
      input: '=HYPERLINK("http://x","y")',
      expected: '=HYPERLINK("http://x","y")',
    },
    { name: 'keeps tabs and line breaks', input: 'a\tb\nc\r\nd', expected: 'a\tb\nc\r\nd' },
    {
      name: 'shows escape characters as \\u escapes',
      input: 'Escape \u001b[31mred',
      expected: 'Escape \\u001b[31mred',
    },
    { name: 'shows NUL and DEL as \\u escapes', input: 'a\u0000b\u007fc', expected: 'a\\u0000b\\u007fc' },
    { name: 'shows non-characters as \\u escapes', input: 'x\uffffy', expected: 'x\\uffffy' },
    { name: 'keeps other scripts', input: 'ストレージ Хранилище التخزين', expected: 'ストレージ Хранилище التخزين' },
  ];
  for (const { name, input, expected } of cases) {
    it(name, () => expect(cellText(input)).toBe(expected));
  }

  it('cuts text beyond the cell limit with an ellipsis', () => {
    const cut = cellText('x'.repeat(maxCellText + 10));
    expect(cut).toHaveLength(maxCellText);
    expect(cut.endsWith('x…')).toBe(true);
    expect(cellText('x'.repeat(maxCellText))).toBe('x'.repeat(maxCellText));
  });
});
