import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { snappyUncompress } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetColumn } from '../../../src/model/dataset-columns.js';
import { dictionaryLimit } from '../../../src/render/parquet/column-encoders.js';
import type { ColumnReader } from '../../../src/render/parquet/dataset-rows.js';
import { ParquetTable } from '../../../src/render/parquet/parquet-table.js';
import { snappyCompress } from '../../../src/render/parquet/snappy.js';
import { openDuckDb, sqlText, type DuckDb } from '../../support/duckdb.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();
let db: DuckDb | undefined;
beforeAll(async () => {
  db = await openDuckDb();
});
afterAll(() => db?.close());

/** The bytes snappy gives back, decompressed by the reader's own code (hyparquet's). */
function roundTrip(input: Uint8Array): Uint8Array {
  const output = new Uint8Array(input.length);
  snappyUncompress(snappyCompress(input), output);
  return output;
}

describe('snappy', () => {
  const text = Buffer.from(
    'Ensure that diagnostic logs are enabled for App Services; ensure that encryption is on. '.repeat(3000),
  );
  const cases: [string, Uint8Array][] = [
    ['nothing', new Uint8Array(0)],
    ['one byte', Buffer.from('a')],
    ['less than the margin', Buffer.from('abcdabcdabcd')],
    ['repeated text', text],
    ['one byte 200,000 times', Buffer.alloc(200_000, 7)],
    ['random bytes', randomBytes(150_000)],
    // Literals whose length takes one, two and three bytes after the tag.
    [
      'literals of 61, 300 and 70,000 bytes between repeats',
      Buffer.concat([
        randomBytes(61),
        text.subarray(0, 100),
        randomBytes(300),
        text.subarray(0, 100),
        randomBytes(70_000),
        text.subarray(0, 100),
      ]),
    ],
  ];
  it.for(cases)('gives back %s as it was', ([, input]) => {
    expect(Buffer.from(roundTrip(input)).equals(Buffer.from(input))).toBe(true);
  });

  it('gives back text of few letters, with repeats near and past 64 KiB, at every length up to 3,000', () => {
    const letters = Buffer.from(
      Array.from({ length: 80_000 }, (_, index) => 'abc\n'.charCodeAt((index * 7919) % 4) ^ (index % 97 === 0 ? 1 : 0)),
    );
    for (let length = 0; length <= 3000; length += 37)
      expect(Buffer.from(roundTrip(letters.subarray(0, length))).equals(letters.subarray(0, length))).toBe(true);
    expect(Buffer.from(roundTrip(letters)).equals(letters)).toBe(true);
  });

  it('makes repeated text smaller', () => {
    expect(snappyCompress(text).length).toBeLessThan(text.length / 10);
  });
});

interface Item {
  name: string | null;
  count: number;
  share: number | null;
}

const column = (name: string, type: DatasetColumn['type'], nullable = false): DatasetColumn => ({
  name,
  type,
  nullable,
  description: name,
});
const columns = [
  column('group', 'string'),
  column('at', 'timestamp', true),
  column('name', 'string', true),
  column('count', 'int64'),
  column('share', 'double', true),
  column('small', 'int32'),
];
const readers: ColumnReader<{ group: string; at: number | null }, Item>[] = [
  { perRun: ({ group }) => group },
  { perRun: ({ at }) => at },
  { perRow: ({ name }) => name },
  { perRow: ({ count }) => count },
  { perRow: ({ share }) => share },
  { perRow: ({ count }) => count % 1000 },
];

/** Writes runs of items through a table of `groupRows` rows a group; returns the file's path. */
function writeTable(runs: { group: string; at: number | null; items: Item[] }[], groupRows: number): string {
  const table = new ParquetTable(columns, readers, groupRows);
  const chunks: Uint8Array[] = [];
  for (const { group, at, items } of runs) {
    table.addRun({ group, at }, items);
    chunks.push(...table.take());
  }
  chunks.push(...table.finish());
  const path = join(tempDir(), 'table.parquet');
  writeFileSync(path, Buffer.concat(chunks));
  return path;
}

describe('ParquetTable, read back by DuckDB', () => {
  it('keeps every row in order and every null where it was, with runs that cross row groups', async ({ skip }) => {
    if (db === undefined) return skip();
    const items = (count: number, from: number): Item[] =>
      Array.from({ length: count }, (_, index) => ({
        name: (from + index) % 5 === 0 ? null : `name ${(from + index) % 13}`,
        count: from + index,
        share: (from + index) % 3 === 0 ? null : (from + index) / 4,
      }));
    const runs = [
      { group: 'a', at: Date.UTC(2024, 2, 18), items: items(10, 0) },
      { group: 'b', at: null, items: items(1, 10) },
      { group: 'a', at: Date.UTC(2024, 2, 19), items: items(23, 11) },
      { group: 'c', at: Date.UTC(2024, 2, 20), items: [] },
      { group: 'c', at: Date.UTC(2024, 2, 20), items: items(6, 34) },
    ];
    const path = writeTable(runs, 7);
    const expected = runs.flatMap(({ group, at, items: rows }) =>
      rows.map((item) => ({
        group,
        at: at === null ? null : new Date(at).toISOString().replace('T', ' ').replace('.000Z', ''),
        name: item.name,
        count: String(item.count),
        share: item.share,
        small: item.count % 1000,
      })),
    );
    const read = await db.rows(
      `SELECT "group", strftime("at", '%Y-%m-%d %H:%M:%S') AS "at", name, count, share, small FROM read_parquet(${sqlText(path)}) ORDER BY count`,
    );
    expect(read).toEqual(expected);
    const groups = await db.rows(
      `SELECT count(DISTINCT row_group_id)::INTEGER AS groups FROM parquet_metadata(${sqlText(path)})`,
    );
    expect(groups).toEqual([{ groups: 6 }]);
  });

  it('writes a column past the dictionary limit as its values, in pages of about a megabyte, every one and every null kept', async ({
    skip,
  }) => {
    if (db === undefined) return skip();
    // Distinct names long enough to pass the limit part way through the group, and to fill two pages.
    const long = (index: number): string =>
      `${index}:`.padEnd(dictionaryLimit / 8, String.fromCharCode(97 + (index % 26)));
    const items = Array.from({ length: 24 }, (_, index) => ({
      name: index % 3 === 1 ? null : long(index),
      count: index,
      share: index,
    }));
    const path = writeTable([{ group: 'g', at: null, items }], 100);
    const read = await db.rows(
      `SELECT length(name)::INTEGER AS length, left(name, 4) AS head FROM read_parquet(${sqlText(path)}) ORDER BY count`,
    );
    expect(read).toEqual(
      items.map(({ name }) =>
        name === null ? { length: null, head: null } : { length: name.length, head: name.slice(0, 4) },
      ),
    );
    const encodings = await db.rows(
      `SELECT encodings FROM parquet_metadata(${sqlText(path)}) WHERE path_in_schema = 'name'`,
    );
    expect(String(encodings[0]?.['encodings'])).not.toContain('DICTIONARY');
  });

  it('reads back dictionary indexes of every width up to 11 bits, in runs and packed', async ({ skip }) => {
    if (db === undefined) return skip();
    for (const distinct of [1, 2, 3, 9, 200, 2000]) {
      // Each name twice over, some in runs of ten: a dictionary (one distinct value in two cells or fewer).
      const names = Array.from({ length: 2 * distinct + 20 }, (_, index) =>
        index < 20 ? 'run' : `name ${index % distinct}`,
      );
      const items = names.map((name, index) => ({ name, count: index, share: null }));
      const path = writeTable([{ group: 'g', at: null, items }], 20_000);
      const read = await db.rows(`SELECT name FROM read_parquet(${sqlText(path)}) ORDER BY count`);
      expect(read.map((row) => row['name'])).toEqual(names);
      const encodings = await db.rows(
        `SELECT encodings FROM parquet_metadata(${sqlText(path)}) WHERE path_in_schema = 'name'`,
      );
      expect(String(encodings[0]?.['encodings'])).toContain('RLE_DICTIONARY');
    }
  });

  it('writes PLAIN a column whose first 4,096 cells are nine in ten distinct, and keeps a dictionary where they repeat sooner', async ({
    skip,
  }) => {
    if (db === undefined) return skip();
    for (const [distinct, encoding] of [
      [5000, 'PLAIN, RLE'],
      [3000, 'PLAIN, RLE, RLE_DICTIONARY'],
    ] as const) {
      const names = Array.from({ length: 2 * distinct }, (_, index) => `name ${index % distinct}`);
      const path = writeTable(
        [{ group: 'g', at: null, items: names.map((name, index) => ({ name, count: index, share: null })) }],
        20_000,
      );
      expect(
        (await db.rows(`SELECT name FROM read_parquet(${sqlText(path)}) ORDER BY count`)).map((row) => row['name']),
      ).toEqual(names);
      const encodings = await db.rows(
        `SELECT encodings FROM parquet_metadata(${sqlText(path)}) WHERE path_in_schema = 'name'`,
      );
      expect(String(encodings[0]?.['encodings'])).toBe(encoding);
    }
  });

  it('keeps texts of 128 bytes and longer, and a text past ASCII after thousands of ASCII ones, byte for byte', async ({
    skip,
  }) => {
    if (db === undefined) return skip();
    // Lengths whose four bytes include some past 0x7f (200 is 0xc8), and one é far into the column.
    const names = Array.from({ length: 5000 }, (_, index) =>
      index === 3500 ? `caf\u00e9 ${index}` : `${index} `.padEnd(100 + (index % 300), 'x'),
    );
    const path = writeTable(
      [{ group: 'g', at: null, items: names.map((name, index) => ({ name, count: index, share: null })) }],
      20_000,
    );
    const read = await db.rows(
      `SELECT name, octet_length(encode(name))::INTEGER AS bytes FROM read_parquet(${sqlText(path)}) ORDER BY count`,
    );
    expect(read.map((row) => row['name'])).toEqual(names);
    expect(read.map((row) => row['bytes'])).toEqual(names.map((name) => Buffer.byteLength(name)));
  });

  it('states the least and greatest text in UTF-8 byte order, where JavaScript orders otherwise, and DuckDB finds each by them', async ({
    skip,
  }) => {
    if (db === undefined) return skip();
    // UTF-16 puts U+FFFD before an emoji (a surrogate pair); UTF-8 puts it after.
    const names = ['\u{1F600} smile', '\uFFFD replacement', 'plain', '\uE000 private'];
    for (const repeat of [1, 3]) {
      const items = Array.from({ length: names.length * repeat }, (_, index) => ({
        name: names[index % names.length] as string,
        count: index,
        share: null,
      }));
      const path = writeTable([{ group: 'g', at: null, items }], 100);
      const [stats] = await db.rows(
        `SELECT stats_min_value AS min, stats_max_value AS max FROM parquet_metadata(${sqlText(path)}) WHERE path_in_schema = 'name'`,
      );
      expect(stats).toEqual({ min: 'plain', max: '\u{1F600} smile' });
      for (const name of names)
        expect(
          await db.rows(
            `SELECT count(*)::INTEGER AS n FROM read_parquet(${sqlText(path)}) WHERE name = ${sqlText(name)}`,
          ),
        ).toEqual([{ n: repeat }]);
    }
  });
});
