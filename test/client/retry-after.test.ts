import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/client/send-request.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it.each([
    { name: 'seconds', input: '120', expected: 120 },
    { name: 'an HTTP date', input: 'Wed, 01 Jan 2025 00:00:30 GMT', expected: 30 },
    { name: 'a date in the past', input: 'Tue, 31 Dec 2024 23:00:00 GMT', expected: 0 },
    { name: 'no header', input: null, expected: undefined },
    { name: 'nonsense', input: 'soon', expected: undefined },
  ])('reads $name', ({ input, expected }) => {
    expect(parseRetryAfter(input, now)).toBe(expected);
  });
});
