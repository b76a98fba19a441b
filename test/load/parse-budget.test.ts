import { describe, expect, it } from 'vitest';
import { measureJsonShape } from '../../src/load/json-shape.js';
import { addCounts, boundJsonShape, countUnits } from '../../src/load/json-shape-bound.js';
import { assertParseFits, parseHeapEstimate } from '../../src/load/parse-budget.js';

const units = (text: string): Uint8Array => Buffer.from(text, 'utf8');
const wideUnits = (text: string): Uint16Array =>
  Uint16Array.from({ length: text.length }, (_, index) => text.charCodeAt(index));

/** Strings full of the characters the bound counts: it overcounts them, the measure does not. */
const noisy = `[${Array.from({ length: 2_000 }, (_, index) => `{"k${index % 7}": "a:b, [c] {d} e.E \\" ::", "n": 1.5e3}`).join(',')}]`;

describe('boundJsonShape bounds what measureJsonShape counts', () => {
  const texts = [
    { name: 'a small document', text: '{"a": [1, 2.5, {"b": "x,[{"}], "c" : "say \\"hi\\", {", "d": true}' },
    { name: 'strings full of structure', text: noisy },
    { name: 'an escape before a closing quote', text: '["\\\\", "\\"", "a\\\\\\"b"]' },
    { name: 'a string left open', text: '["a", "b' },
    { name: 'a backslash at the end', text: '{"a": "b\\' },
    { name: 'no string at all', text: '[[[[1,2],[3]]],{}]' },
    { name: 'non-JSON', text: '"":::"""{{,,' },
    { name: 'nothing', text: '' },
  ];

  it.each(texts)('in every count, in UTF-8 and UTF-16: $name', ({ text }) => {
    for (const encoded of [units(text), wideUnits(text)]) {
      const bound = boundJsonShape(encoded);
      const shape = measureJsonShape(encoded);
      for (const key of Object.keys(shape) as (keyof typeof shape)[])
        expect({ key, bound: bound[key] >= shape[key] }).toEqual({ key, bound: true });
    }
  });

  it('counts single characters exactly, whatever their repeats, in UTF-16 past the first 256 units too', () => {
    const text = `${'{'.repeat(5)}${'['.repeat(3)}"é€😀:::",,${' '.repeat(1_001)}.eE"`;
    expect(boundJsonShape(units(text))).toEqual({
      containers: 8,
      commas: 2,
      fractions: 3,
      keys: 3,
      distinctKeys: 3,
      strings: 2,
      stringUnits: Buffer.byteLength(text),
    });
    // Bytes that start anywhere in their buffer, and end anywhere: a BOM cut off, say.
    for (let start = 0; start < 5; start += 1) {
      for (let end = 0; end < 4; end += 1) {
        const bytes = Buffer.concat([
          Buffer.from('{'.repeat(start)),
          units(text),
          Buffer.from(':'.repeat(end)),
        ]).subarray(start);
        expect(boundJsonShape(bytes)).toMatchObject({
          containers: 8,
          keys: 3 + end,
          stringUnits: Buffer.byteLength(text) + end,
        });
      }
    }
    expect(boundJsonShape(wideUnits(text))).toMatchObject({
      containers: 8,
      commas: 2,
      keys: 3,
      strings: 2,
      stringUnits: text.length,
    });
  });
});

describe('assertParseFits', () => {
  const encoded = { units: units(noisy), encoding: 'utf8' as const };
  const measured = parseHeapEstimate(measureJsonShape(encoded.units), 'utf8');
  const bounded = parseHeapEstimate(boundJsonShape(encoded.units), 'utf8');

  it('lets through a text whose bound fits, and one whose bound does not but whose measure does', () => {
    expect(bounded).toBeGreaterThan(measured);
    expect(() => assertParseFits('r.json', encoded, bounded)).not.toThrow();
    expect(() => assertParseFits('r.json', encoded, measured)).not.toThrow();
    expect(() => assertParseFits('r.json', noisy, measured)).not.toThrow();
  });

  it('refuses a text whose measure does not fit, giving the measured counts', () => {
    expect(() => assertParseFits('r.json', encoded, measured - 1)).toThrow(
      expect.objectContaining({
        code: 'input-exceeds-memory',
        message: expect.stringMatching(
          /^input too large for memory: r\.json would take about .* to parse \(2,001 objects and arrays, 6,000 items, 8 different keys\)/,
        ),
      }),
    );
  });

  it('takes the counts of the units when given, as counted in two parts', () => {
    const half = Math.floor(encoded.units.length / 2);
    const counts = addCounts(countUnits(encoded.units, 0, half), countUnits(encoded.units, half));
    expect(counts).toEqual(countUnits(encoded.units));
    expect(() => assertParseFits('r.json', encoded, bounded, counts)).not.toThrow();
    // Counts that say more than the text holds: the bound no longer fits, the measure still does.
    expect(() =>
      assertParseFits('r.json', encoded, measured, addCounts(countUnits(encoded.units), counts)),
    ).not.toThrow();
    expect(() => assertParseFits('r.json', encoded, measured - 1, counts)).toThrow(
      expect.objectContaining({ code: 'input-exceeds-memory' }),
    );
  });

  it('lets a text small beside the heap through without counting it', () => {
    expect(() => assertParseFits('r.json', '[', 32)).not.toThrow();
  });
});
