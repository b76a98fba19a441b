import { describe, expect, it } from 'vitest';
import { largestArray, measureJsonShape } from '../../src/load/json-shape.js';
import { unitsOfText } from '../../src/load/json-units.js';
import { pointerAtOffset } from '../../src/load/pointer-at-offset.js';

const units = (text: string): Uint8Array => Buffer.from(text, 'utf8');

describe('measureJsonShape counts what JSON.parse will build', () => {
  it('counts containers, commas, keys and value strings, and skips what is inside strings', () => {
    const text = '{"a": [1, 2.5, {"b": "x,[{"}], "c" : "say \\"hi\\", {", "d": true}';
    expect(measureJsonShape(units(text))).toEqual({
      containers: 3,
      commas: 4,
      // 2.5 and the e of true
      fractions: 2,
      keys: 4,
      distinctKeys: 4,
      strings: 2,
      stringUnits: '"x,[{"'.length - 2 + 'say \\"hi\\", {'.length,
    });
  });

  it('estimates keys that differ: exact while few, and never more than the keys', () => {
    const repeated = `[${Array.from({ length: 1000 }, () => '{"PolicyId":1,"Severity":2}').join(',')}]`;
    expect(measureJsonShape(units(repeated))).toMatchObject({ keys: 2000, distinctKeys: 2 });
    const distinct = `{${Array.from({ length: 100_000 }, (_, index) => `"key${index}":0`).join(',')}}`;
    const { keys, distinctKeys } = measureJsonShape(units(distinct));
    expect(keys).toBe(100_000);
    // Linear counting over 4 Mi bits: within a percent here.
    expect(distinctKeys).toBeGreaterThan(99_000);
    expect(distinctKeys).toBeLessThanOrEqual(100_000);
  });

  it('reads UTF-16 units the same way', () => {
    const text = '{"é\\u00e9": ["\\ud800", {}]}';
    expect(measureJsonShape(unitsOfText(text).units)).toMatchObject({ containers: 3, commas: 1, keys: 1, strings: 1 });
  });
});

describe('largestArray finds the longest array and where it starts', () => {
  it('counts items of the array itself, not of arrays within it, and not commas in strings', () => {
    const text = '{"a": [1, [2, 3, 4, 5], ","], "b": [[], [], [], [], [], [1, 2]]}';
    const found = largestArray(units(text));
    expect(found).toEqual({ offset: text.indexOf('[[]'), items: 6 });
  });

  it('counts one item in [x] and none in [ ]', () => {
    expect(largestArray(units('[ ]'))).toEqual({ offset: -1, items: 0 });
    expect(largestArray(units('[ "a" ]'))).toEqual({ offset: 0, items: 1 });
    expect(largestArray(units('{"k": [{}]}'))).toEqual({ offset: 6, items: 1 });
  });
});

describe('pointerAtOffset names the value that starts at an offset', () => {
  it('gives keys escaped and indexes counted, through nested containers', () => {
    const text = '{"a/b": [0, {"~x": {"y": [1, [2]]}}], "c": 1}';
    expect(pointerAtOffset(units(text), 'utf8', text.indexOf('[2]'))).toBe('/a~1b/1/~0x/y/1');
    expect(pointerAtOffset(units(text), 'utf8', 0)).toBe('');
    expect(pointerAtOffset(units(text), 'utf8', text.indexOf('[0'))).toBe('/a~1b');
  });

  it('unescapes keys and ignores brackets in strings', () => {
    const text = '{"\\u0061": "[[", "b\\"": ["]", [7]]}';
    expect(pointerAtOffset(units(text), 'utf8', text.indexOf('[7]'))).toBe('/b"/1');
  });
});
