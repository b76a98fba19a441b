import { describe, expect, it } from 'vitest';
import { loadReports } from '../../src/index.js';
import { findDuplicateKeys } from '../../src/load/find-duplicate-keys.js';
import { provesNoRepeatedKeys } from '../../src/load/repeated-key-proof.js';
import { minimalReport } from '../support/minimal-report.js';

const proves = (text: string): boolean => provesNoRepeatedKeys(text, JSON.parse(text));

describe('provesNoRepeatedKeys', () => {
  it.each([
    { name: 'a report, printed with spaces', text: JSON.stringify([minimalReport()], null, 2) },
    { name: 'colons in keys and values', text: '{"a:b": "c:d::", "x": ["::", {"y:": ":"}], "": ":"}' },
    { name: 'white space before and after colons', text: '{ "a" \n\t : 1 , "b"\r\n:{ "c"  :  [ ] } }' },
    { name: 'empty objects, arrays and keys', text: '[{}, [], {"": {}}, [[{}]], {"a": {}, "b": []}]' },
    { name: 'equal keys in different objects', text: '[{"a": 1}, {"a": 2}, {"a": {"a": {"a": ":"}}}]' },
    { name: 'other escapes, a colon beside them', text: '{"a\\":b": "\\\\:", "\\/": "\\n:\\t"}' },
    { name: 'a key __proto__', text: '{"__proto__": {"a": ":"}, "b": 1}' },
    { name: 'a scalar or a string alone', text: '"a:b"' },
  ])('proves it of a text with no repeated key: $name', ({ text }) => {
    expect(findDuplicateKeys(text).count).toBe(0);
    expect(proves(text)).toBe(true);
  });

  it.each([
    { name: 'at the top', text: '{"a": 1, "a": 2}' },
    { name: 'in an object in an array', text: '[0, {"x": [{}, {"a": 1, "b": 2, "a": 3}]}]' },
    { name: 'whose values hold colons', text: '{"a": "1:2:3", "a": "::"}' },
    { name: 'whose key holds colons', text: '{"a:b": 1, "a:b": 2}' },
    { name: 'whose dropped value is an empty object', text: '{"a": {}, "a": {}}' },
    { name: 'inside the value that is dropped', text: '{"a": {"b": 1, "b": 2}, "a": 3}' },
    { name: 'with a third occurrence', text: '{"a": 1, "a": 2, "a": 3}' },
    { name: 'with space before its colon', text: '{"a"  : 1, "a"\n:2}' },
  ])('never proves it of a text with a repeated key: $name', ({ text }) => {
    expect(findDuplicateKeys(text).count).toBeGreaterThan(0);
    expect(proves(text)).toBe(false);
  });

  it('does not prove it of a text with an escape that writes a colon, which the count would miss', () => {
    // Two separators in the text; the value {"a": ":"} counts one member and one colon.
    expect(proves('{"a": "x", "a": "\\u003a"}')).toBe(false);
    expect(proves('{"a": "x", "a": "\\u003A"}')).toBe(false);
    expect(proves('{"a": "\\u003a"}')).toBe(false);
  });

  it('proves it of a text with other \\u escapes, as Windows PowerShell writes them', () => {
    expect(proves('{"ShortTitle": "Don\\u0027t: \\u003cnone\\u003e", "b": "\\u00e9:"}')).toBe(true);
    expect(proves('{"a": "\\u0027", "a": "\\u0027"}')).toBe(false);
  });

  it('does not prove it of a value nested deeper than the walk goes, and does not throw', () => {
    const text = `${'['.repeat(10_000)}{"a": 1}${']'.repeat(10_000)}`;
    expect(proves(text)).toBe(false);
  });

  it('counts own keys only: a property added to Object.prototype does not hide a repeat', () => {
    Object.defineProperty(Object.prototype, 'added', { value: 'x', enumerable: true, configurable: true, writable: true });
    try {
      expect(proves('{"a": 1, "a": 2}')).toBe(false);
    } finally {
      delete (Object.prototype as { added?: unknown }).added;
    }
  });

  it('agrees with the scan on random texts: proven only with no repeat, and proven whenever no repeat and no escaped colon', () => {
    let seed = 7;
    const random = (below: number): number => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return (seed >>> 8) % below;
    };
    const strings = ['a', 'b', ':', 'a:', ' :', '\\u003a', '\\u003A', '\\u0027', '\\"', ''];
    const space = (): string => [' ', '', '\n', ''][random(4)]!;
    const value = (depth: number): string => {
      const kind = depth > 3 ? random(3) : random(6);
      if (kind === 0) return String(random(10));
      if (kind === 1) return `"${strings[random(strings.length)]!}"`;
      if (kind === 2) return ['true', 'null', '-1.5e3'][random(3)]!;
      if (kind === 3) return `[${Array.from({ length: random(4) }, () => value(depth + 1)).join(',')}]`;
      const members = Array.from({ length: random(4) }, () => `"${strings[random(strings.length)]!}"${space()}:${space()}${value(depth + 1)}`);
      return `{${members.join(`,${space()}`)}}`;
    };
    let proven = 0;
    for (let round = 0; round < 3_000; round += 1) {
      const text = value(0);
      const repeats = findDuplicateKeys(text).count;
      const proof = proves(text);
      if (proof) proven += 1;
      expect({ text, proof, repeats: repeats > 0 }).toEqual({ text, proof: proof && repeats === 0, repeats: repeats > 0 });
      if (repeats === 0 && !/\\u003[aA]/.test(text)) expect({ text, proof }).toEqual({ text, proof: true });
    }
    // The texts are varied enough to prove some and not others.
    expect(proven).toBeGreaterThan(300);
    expect(proven).toBeLessThan(2_900);
  });
});

describe('loadReports with the proof', () => {
  it('still finds a repeat hidden behind an escaped colon, and one nested deep', async () => {
    const escaped = await loadReports({ text: '{"a": "x", "a": "\\u003a"}' });
    expect(escaped[0]?.repeatedKeys).toBe(1);
    const deep = await loadReports({ text: `${'['.repeat(1_000)}{"a": 1, "a": 2}${']'.repeat(1_000)}` });
    expect(deep[0]?.repeatedKeys).toBe(1);
  });

  it('finds no repeat in a report whose texts hold colons, and the repeat of a key whose value holds one', async () => {
    const text = JSON.stringify([minimalReport()], null, 1).replaceAll('Ensure that', 'Rule: ensure that');
    const [clean] = await loadReports({ text });
    expect(clean?.findings).toEqual([]);
    const repeated = text.replace('"Severity": "High"', '"Severity": "Low: 1",\n"Severity": "High"');
    const [document] = await loadReports({ text: repeated });
    expect(document?.findings).toMatchObject([{ rule: 'duplicate-key', pointer: '/0/ResourceCategories/0/Policies/0/Severity' }]);
  });
});
