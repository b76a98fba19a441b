import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadReports, type Finding } from '../../src/index.js';
import { findDuplicateKeys } from '../../src/load/find-duplicate-keys.js';
import { countUnits } from '../../src/load/json-shape-bound.js';
import { KeyScans } from '../../src/load/key-scans.js';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** A report written over several lines whose second policy says Red, then Green. */
const text = JSON.stringify([minimalReport()], null, 2).replace(
  '"Compliance": "Green"',
  '"Compliance": "Red",\n"Compliance": "Green"',
);
/** Where the two keys are, counted here from the text. */
const firstAt = text.indexOf('"Compliance": "Red"');
const repeatAt = text.indexOf('"Compliance": "Green"');
const place = (offset: number) => {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n'), offset };
};

async function duplicateFindings(input: Parameters<typeof loadReports>[0]): Promise<Finding[]> {
  const documents = await loadReports(input);
  return documents.flatMap((document) => document.findings).filter((finding) => finding.rule === 'duplicate-key');
}

describe('duplicate-key: where the finding points', () => {
  const expected = {
    rule: 'duplicate-key',
    severity: 'error',
    pointer: expect.stringMatching(/^\/0\/ResourceCategories\/\d+\/Policies\/\d+\/Compliance$/),
    message: `key "Compliance" appears twice in one object, at line ${place(firstAt).line}, column ${place(firstAt).column} and line ${place(repeatAt).line}, column ${place(repeatAt).column}; JSON.parse keeps the last value ("Green"), so the earlier one is ignored`,
    expected: 'each key once in an object',
    actual: { key: 'Compliance', occurrence: 2, first: place(firstAt), repeat: place(repeatAt) },
  };

  it('gives the line, column and offset of both keys and the pointer of the member', async () => {
    const [finding, ...others] = await duplicateFindings({ text, name: 'r.json' });
    expect(others).toEqual([]);
    expect(finding).toEqual(expected);
    const parsed = JSON.parse(text) as unknown[];
    expect(JSON.stringify(parsed)).toContain('"Compliance":"Green"');
  });

  it('reads the same from a file, bytes with a UTF-8 byte order mark, and standard input', async () => {
    const file = join(tempDir(), 'r.json');
    writeFileSync(file, text);
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    expect(await duplicateFindings(file)).toEqual([expected]);
    expect(await duplicateFindings({ text: withBom })).toEqual([expected]);
    expect(
      await duplicateFindings({
        stream: Readable.from([Buffer.from(text.slice(0, 100)), Buffer.from(text.slice(100))]),
      }),
    ).toEqual([expected]);
  });

  it('reads UTF-16 with either byte order mark, counting columns in characters as json-syntax does', async () => {
    const wide = `[{"ShortTitle": "Überprüfung – 検査", "Compliance": "Red", "Compliance": "Green"}]`;
    const little = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(wide, 'utf16le')]);
    const big = Buffer.from(little).swap16();
    for (const bytes of [little, big]) {
      const [finding] = await duplicateFindings({ text: bytes, name: 'ps.json' });
      expect(finding).toMatchObject({
        pointer: '/0/Compliance',
        actual: {
          first: { line: 1, column: wide.indexOf('"Compliance"') + 1 },
          repeat: { line: 1, column: wide.lastIndexOf('"Compliance"') + 1 },
        },
      });
    }
  });

  it('counts columns in characters after non-ASCII text in UTF-8 too', async () => {
    const wide = `{"t": "Überprüfung – 検査 😀", "a": 1, "a": 2}`;
    const [finding] = await duplicateFindings({ text: Buffer.from(wide) });
    expect(finding?.actual).toMatchObject({
      first: { column: wide.indexOf('"a"') + 1, offset: wide.indexOf('"a"') },
      repeat: { column: wide.lastIndexOf('"a"') + 1 },
    });
  });

  it('says which repeat a third occurrence is, and names the first', async () => {
    const findings = await duplicateFindings({ text: '{"a": 1, "b": 2, "a": 3, "a": 4}' });
    expect(findings.map((finding) => finding.message)).toEqual([
      'key "a" appears twice in one object, at line 1, column 2 and line 1, column 18; JSON.parse keeps the last value (4), so the earlier one is ignored',
      'key "a" appears a 3rd time in one object, at line 1, column 26 (first at line 1, column 2); JSON.parse keeps the last value (4), so the earlier ones are ignored',
    ]);
  });

  it('compares keys as JSON.parse reads them', () => {
    const keys = (json: string) => findDuplicateKeys(json).duplicates.map((duplicate) => duplicate.key);
    expect(keys('{"a": 1, "\\u0061": 2}')).toEqual(['a']);
    expect(keys('{"é": 1, "\\u00e9": 2, "\\u00E9": 3}')).toEqual(['é', 'é']);
    expect(keys('{"\\ud83d\\ude00": 1, "😀": 2}')).toEqual(['😀']);
    expect(keys('{"a\\/b": 1, "a/b": 2}')).toEqual(['a/b']);
    // Lone surrogates are kept apart, as JSON.parse keeps them.
    expect(keys('{"\ud800": 1, "\udc00": 2, "\\ud800": 3}')).toEqual(['\ud800']);
    expect(keys('{"a": 1, "A": 2, "a ": 3, "": 4, "": 5}')).toEqual(['']);
  });

  it('takes broken UTF-8 as JSON.parse sees it once decoded: two bad bytes are both U+FFFD', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"'),
      Buffer.from([0xff]),
      Buffer.from('": 1, "'),
      Buffer.from([0xfe]),
      Buffer.from('": 2}'),
    ]);
    expect(Object.keys(JSON.parse(bytes.toString('utf8')) as object)).toHaveLength(1);
    expect(await duplicateFindings({ text: bytes })).toMatchObject([{ pointer: '/\ufffd', actual: { key: '\ufffd' } }]);
  });

  it('finds a repeat in an object of many keys (which it looks up in a map), and puts array indexes in the pointer', () => {
    const keys = Array.from({ length: 200 }, (_, index) => `"k${index}": ${index}`);
    keys.splice(150, 0, '"k40": "again"');
    const json = `[0, {"x": [{}, {}, {${keys.join(', ')}}]}]`;
    expect(findDuplicateKeys(json).duplicates).toMatchObject([{ key: 'k40', pointer: '/1/x/2/k40', occurrence: 2 }]);
  });

  it('lists 1,000 repeats of a document and counts the rest in one finding', async () => {
    const json = `{"a": [${Array.from({ length: 1_002 }, () => '{"x": 1, "x": 2}').join(',')}]}`;
    const findings = await duplicateFindings({ text: json });
    expect(findings).toHaveLength(1_001);
    expect(findings[999]).toMatchObject({ pointer: '/a/999/x' });
    expect(findings[1_000]).toMatchObject({ rule: 'duplicate-key', severity: 'error', pointer: '', omitted: 2 });
    expect(findings[1_000]!.message).toBe(
      'and 2 more like it (duplicate-key), counted but not listed: a file lists the first 1,000 findings of a rule',
    );
  });

  it('scans nothing of a text that does not parse, nor of a parsed value', async () => {
    const [broken] = await loadReports({ text: '{"a": 1, "a": 2' });
    expect(broken?.findings.map((finding) => finding.rule)).toEqual(['json-syntax']);
    const [parsed] = await loadReports({ value: JSON.parse('{"a": 1, "a": 2}') });
    expect(parsed?.findings.map((finding) => finding.rule)).toEqual(['not-a-report']);
    expect(parsed?.repeatedKeys).toBeUndefined();
  });

  it('copes with deep nesting', () => {
    const json = `${'['.repeat(50_000)}{"a": 1, "a": 2}${']'.repeat(50_000)}`;
    expect(findDuplicateKeys(json).duplicates[0]?.pointer).toBe(`${'/0'.repeat(50_000)}/a`);
  });
});

describe('duplicate-key: the scan on a worker thread', () => {
  it('finds what the scan on the main thread finds, reading the bytes in shared memory', async () => {
    const scans = new KeyScans(1);
    try {
      const bytes = scans.allocate(Buffer.byteLength(text));
      bytes.write(text);
      expect(bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
      const start = scans.start(bytes);
      // Run from the build (npm test builds first), as the command line runs it.
      expect(start && 'pending' in start).toBe(true);
      expect(await scans.finish(start, text, JSON.parse(text))).toEqual(findDuplicateKeys(text));
    } finally {
      scans.close();
    }
  });

  it('counts the bytes from where it is asked to first, for the parse budget, and the main thread the rest', async () => {
    const scans = new KeyScans(1, (length) => length - 7);
    try {
      const bytes = Buffer.from(text);
      const start = scans.start(bytes);
      expect(start && 'pending' in start && start.counted?.from).toBe(bytes.length - 7);
      expect(await scans.countUnits(start, bytes)).toEqual(countUnits(bytes));
      expect(await scans.finish(start, text, JSON.parse(text))).toEqual(findDuplicateKeys(text));
    } finally {
      scans.close();
    }
  });

  it('leaves the count to the parse budget when its worker was not asked, or scans on this thread', async () => {
    const scans = new KeyScans(1, () => undefined);
    try {
      const bytes = Buffer.from(text);
      expect(await scans.countUnits(scans.start(bytes), bytes)).toBeUndefined();
      expect(await new KeyScans(2 ** 30).countUnits(new KeyScans(2 ** 30).start(bytes), bytes)).toBeUndefined();
    } finally {
      scans.close();
    }
  });

  it('copies bytes that are not shared before handing them over', async () => {
    const scans = new KeyScans(1);
    try {
      const start = scans.start(Buffer.from(text));
      expect(await scans.finish(start, text, JSON.parse(text))).toEqual(findDuplicateKeys(text));
    } finally {
      scans.close();
    }
  });
});
