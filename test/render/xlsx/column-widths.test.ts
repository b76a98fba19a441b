import { describe, expect, it } from 'vitest';
import { ColumnWidths, textWidth } from '../../../src/render/xlsx/column-widths.js';
import { columnLetter } from '../../../src/render/xlsx/column-letter.js';

describe('textWidth', () => {
  const cases: { name: string; input: string; expected: number }[] = [
    { name: 'counts Latin characters once', input: 'Storage', expected: 7 },
    { name: 'counts Cyrillic and Arabic characters once', input: 'Хранилище التخزين', expected: 17 },
    { name: 'counts Japanese and Chinese characters twice', input: 'ストレージ存储', expected: 14 },
    { name: 'counts fullwidth forms twice', input: 'ＡＢ', expected: 4 },
    { name: 'takes the widest line', input: 'short\nthe longest line\nmid', expected: 16 },
  ];
  for (const { name, input, expected } of cases) {
    it(name, () => expect(textWidth(input)).toBe(expected));
  }
});

describe('ColumnWidths', () => {
  it('fits the widest value plus padding, within the bounds, never narrower than the header', () => {
    const widths = new ColumnWidths(
      ['Title', 'Number', 'Passed resources'],
      [{ max: 20 }, { min: 10, max: 30 }, { max: 8 }],
    );
    widths.measure(0, 'x'.repeat(50));
    widths.measure(1, '1.2');
    widths.measure(2, '12');
    // Title capped at 20; Number raised to its header (6 + 3 for the filter button) + 2;
    // Passed resources kept as wide as its header (16 + 3) + 2, over its content bound.
    expect(widths.widths()).toEqual([20, 11, 21]);
  });

  it('measures a wide value after a narrow one', () => {
    const widths = new ColumnWidths(['A'], [{ max: 100 }]);
    for (const text of ['ab', 'abcdefghijklmnopqrstuvwxyz', 'abc']) widths.measure(0, text);
    expect(widths.widths()).toEqual([28]);
  });
});

describe('ColumnWidths.measureCount', () => {
  const cases: [number, number][] = [
    [7, 1],
    [999, 3],
    [1_000, 5],
    [123_456, 7],
    [1_234_567, 9],
    [-1_000, 6],
  ];
  for (const [count, width] of cases) {
    it(`gives ${count} the width of its separated digits (${width})`, () => {
      const widths = new ColumnWidths([''], [{ min: 0, max: 100 }]);
      widths.measureCount(0, count);
      expect(widths.widths()).toEqual([Math.max(width, 3) + 2]);
    });
  }
});

describe('columnLetter', () => {
  const cases: [number, string][] = [
    [1, 'A'],
    [13, 'M'],
    [26, 'Z'],
    [27, 'AA'],
    [702, 'ZZ'],
    [703, 'AAA'],
  ];
  for (const [column, letters] of cases) {
    it(`names column ${column} ${letters}`, () => expect(columnLetter(column)).toBe(letters));
  }
});
