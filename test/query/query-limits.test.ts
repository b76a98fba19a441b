import { describe, expect, it } from 'vitest';
import { defaultMemoryLimit, parseMemoryLimit, parseTimeout, timeoutMs } from '../../src/query/query-limits.js';

const gib = 2 ** 30;

describe('defaultMemoryLimit', () => {
  it.each([
    { name: 'a large machine: 2 GiB', machine: 64 * gib, expected: '2048MiB' },
    { name: 'an 8 GiB machine: exactly 2 GiB', machine: 8 * gib, expected: '2048MiB' },
    { name: 'a 4 GiB machine: a quarter', machine: 4 * gib, expected: '1024MiB' },
    { name: 'a tiny machine: never below 64 MiB', machine: 128 * 2 ** 20, expected: '64MiB' },
  ])('$name', ({ machine, expected }) => {
    expect(defaultMemoryLimit(machine)).toBe(expected);
  });
});

describe('the limits as options give them', () => {
  it('reads seconds, fractions included, and keeps a timer from overflowing', () => {
    expect(parseTimeout('300')).toBe(300);
    expect(parseTimeout(' 0.5 ')).toBe(0.5);
    expect(timeoutMs({ timeoutSeconds: 0.5, memoryLimit: '1GB' })).toBe(500);
    expect(timeoutMs({ timeoutSeconds: 1e9, memoryLimit: '1GB' })).toBe(2 ** 31 - 1);
    for (const text of ['0', '-1', '1e3', 'Infinity', '', '5s'])
      expect(() => parseTimeout(text)).toThrow(/is not a number of seconds above 0/);
  });

  it('reads an amount with its unit, in any case, from 32MB', () => {
    expect(parseMemoryLimit('2GB')).toBe('2GB');
    expect(parseMemoryLimit(' 1.5 gib ')).toBe('1.5gib');
    expect(parseMemoryLimit('32MB')).toBe('32MB');
    expect(() => parseMemoryLimit('30MiB')).toThrow(/less than the 32MB/);
    for (const text of ['2', 'GB', '2 XB', '-1GB', '0GB'])
      expect(() => parseMemoryLimit(text)).toThrow(/is not an amount of memory/);
  });
});
