import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadReports } from '../../src/index.js';
import { findDuplicateKeys } from '../../src/load/find-duplicate-keys.js';
import { provesNoRepeatedKeys } from '../../src/load/repeated-key-proof.js';
import { minimalReport } from '../support/minimal-report.js';

/** The proof of a text, counted in the text, and in its UTF-8 bytes: the two must agree. */
const proves = (text: string): boolean => {
  const value: unknown = JSON.parse(text);
  const inText = provesNoRepeatedKeys(text, value);
  const inBytes = provesNoRepeatedKeys(text, value, Buffer.from(text, 'utf8'));
  expect({ text, inBytes }).toEqual({ text, inBytes: inText });
  return inText;
};

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
    { name: 'an escaped quote in a key and a value', text: '{"a\\"": "b\\"c", "\\"": "\\"\\""}' },
    { name: 'a run of two backslashes before a closing quote', text: '{"a\\\\": "\\\\", "b": "x\\\\"}' },
    { name: 'a run of three backslashes, the last escaping a quote', text: '{"a\\\\\\"": 1, "b": "\\\\\\"\\\\"}' },
    {
      name: 'quotes and colons written as \\u escapes',
      text: '{"a": "\\u0022", "b": "\\u003a", "\\u0022": "\\u003A"}',
    },
    {
      name: 'escapes as Windows PowerShell writes them',
      text: '{"ShortTitle": "Don\\u0027t: \\u003cnone\\u003e", "b": "\\u00e9:"}',
    },
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
    { name: 'a key with an escaped quote', text: '{"a\\"": 1, "a\\"": 2}' },
    { name: 'values with escaped quotes', text: '{"a": "\\"", "a": "\\"\\""}' },
    { name: 'a key ending in an escaped backslash', text: '{"a\\\\": 1, "a\\\\": "\\\\"}' },
    { name: 'a value written with \\u escapes', text: '{"a": "x", "a": "\\u003a"}' },
    { name: 'keys written apart, one escaped', text: '{"a": 1, "\\u0061": 2}' },
  ])('never proves it of a text with a repeated key: $name', ({ text }) => {
    expect(findDuplicateKeys(text).count).toBeGreaterThan(0);
    expect(proves(text)).toBe(false);
  });

  it('counts the same quotes in bytes that are not valid UTF-8 as in the text they decode to', () => {
    // A cut sequence before a quote or a backslash decodes to U+FFFD and leaves the quote.
    const bytes = Buffer.concat([
      Buffer.from('{"a'),
      Buffer.from([0xe2, 0x82]),
      Buffer.from('": "'),
      Buffer.from([0xf0]),
      Buffer.from('\\"", "b'),
      Buffer.from([0xc3]),
      Buffer.from('": 1}'),
    ]);
    const text = bytes.toString('utf8');
    expect(text).toContain('\uFFFD"');
    expect(provesNoRepeatedKeys(text, JSON.parse(text), bytes)).toBe(true);
    const repeated = Buffer.concat([
      bytes.subarray(0, bytes.length - 1),
      Buffer.from(', "a'),
      Buffer.from([0xe2, 0x82]),
      Buffer.from('": 2}'),
    ]);
    const repeatedText = repeated.toString('utf8');
    expect(findDuplicateKeys(repeatedText).count).toBe(1);
    expect(provesNoRepeatedKeys(repeatedText, JSON.parse(repeatedText), repeated)).toBe(false);
  });

  it('does not prove it of a value nested deeper than the walk goes, and does not throw', () => {
    const text = `${'['.repeat(10_000)}{"a": 1}${']'.repeat(10_000)}`;
    expect(proves(text)).toBe(false);
  });

  it('counts own keys only: a property added to Object.prototype does not hide a repeat', () => {
    // A number: it counts one member and no string, as much as the member dropped.
    Object.defineProperty(Object.prototype, 'added', {
      value: 1,
      enumerable: true,
      configurable: true,
      writable: true,
    });
    try {
      expect(proves('{"a": 1, "a": 2}')).toBe(false);
    } finally {
      delete (Object.prototype as { added?: unknown }).added;
    }
  });

  it('agrees with the scan on random texts: proven if and only if no key repeats', () => {
    let seed = 7;
    const random = (below: number): number => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return (seed >>> 8) % below;
    };
    const strings = [
      'a',
      'b',
      ':',
      'a:',
      '\\u003a',
      '\\u0061',
      '\\u0022',
      '\\"',
      '\\\\',
      '\\\\\\"',
      'a\\\\',
      '\\u0027',
      '',
    ];
    const space = (): string => [' ', '', '\n', ''][random(4)]!;
    const value = (depth: number): string => {
      const kind = depth > 3 ? random(3) : random(6);
      if (kind === 0) return String(random(10));
      if (kind === 1) return `"${strings[random(strings.length)]!}"`;
      if (kind === 2) return ['true', 'null', '-1.5e3'][random(3)]!;
      if (kind === 3) return `[${Array.from({ length: random(4) }, () => value(depth + 1)).join(',')}]`;
      const members = Array.from(
        { length: random(4) },
        () => `"${strings[random(strings.length)]!}"${space()}:${space()}${value(depth + 1)}`,
      );
      return `{${members.join(`,${space()}`)}}`;
    };
    let proven = 0;
    for (let round = 0; round < 3_000; round += 1) {
      const text = value(0);
      const repeats = findDuplicateKeys(text).count;
      const proof = proves(text);
      if (proof) proven += 1;
      expect({ text, proof }).toEqual({ text, proof: repeats === 0 });
    }
    // The texts are varied enough to prove some and not others.
    expect(proven).toBeGreaterThan(300);
    expect(proven).toBeLessThan(2_850);
  });
});

describe('loadReports with the proof', () => {
  it("judges files read into the counters' memory alike when loads run at once and one after another", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'cspm-proof-'));
    try {
      const clean = JSON.stringify([minimalReport()], null, 2);
      const repeated = clean.replace('"Severity": "High"', '"Severity": "Low",\n"Severity": "High"');
      const bigger = JSON.stringify([minimalReport(), minimalReport(), minimalReport()], null, 8);
      const files = { a: clean, b: repeated, c: bigger, d: repeated };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, `${name}.json`), text);
      const repeatsOf = (documents: { repeatedKeys?: number }[]): (number | undefined)[] =>
        documents.map((document) => document.repeatedKeys);
      const paths = Object.keys(files).map((name) => join(folder, `${name}.json`));
      const expected = [undefined, 1, undefined, 1];
      expect(repeated).not.toBe(clean);
      expect(repeatsOf(await loadReports(paths))).toEqual(expected);
      const atOnce = await Promise.all(paths.map((path) => loadReports(path)));
      expect(repeatsOf(atOnce.flat())).toEqual(expected);
      expect(repeatsOf(await loadReports(folder))).toEqual(expected);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

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
    expect(document?.findings).toMatchObject([
      { rule: 'duplicate-key', pointer: '/0/ResourceCategories/0/Policies/0/Severity' },
    ]);
  });
});
