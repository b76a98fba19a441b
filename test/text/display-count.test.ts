import { describe, expect, it } from 'vitest';
import { displayCount } from '../../src/text/display-count.js';

describe('displayCount', () => {
  it.each([
    0,
    1,
    12,
    999,
    1000,
    12_345,
    300_000,
    1_234_567,
    10_000_000,
    -1,
    -1234,
    -999_999,
    Number.MAX_SAFE_INTEGER,
    1.5,
    1234.56,
    1e21,
  ])('writes %d as en-US toLocaleString does', (count) => {
    expect(displayCount(count)).toBe(count.toLocaleString('en-US'));
  });

  it('writes an en dash for NaN and Infinity, never "NaN" or "∞"', () => {
    expect([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY].map(displayCount)).toEqual(['–', '–', '–']);
  });

  it('groups by threes from the right', () => {
    expect(displayCount(1_234_567)).toBe('1,234,567');
    expect(displayCount(100)).toBe('100');
  });
});
