import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDb, sqlText, type DuckDb } from '../../support/duckdb.js';
import { renderAccepted } from '../../support/render-accepted.js';
import { dayFromToday } from '../../support/sample-exceptions.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();
let db: DuckDb | undefined;
beforeAll(async () => {
  db = await openDuckDb();
});
afterAll(() => db?.close());

describe('render -f parquet of accepted risks, read back by DuckDB', () => {
  it('names the accepted policies and records the exceptions files; a run without has the columns, null', async (context) => {
    if (db === undefined) return context.skip();
    const dir = tempDir();
    const { accepted, plain } = await renderAccepted('parquet', dir);
    const paths = { accepted: join(dir, 'accepted.parquet'), plain: join(dir, 'plain.parquet') };
    writeFileSync(paths.accepted, accepted);
    writeFileSync(paths.plain, plain);
    const select = (path: string) =>
      `SELECT policy_id, exception_id, exception_expires FROM read_parquet(${sqlText(path)}) WHERE exception_id IS NOT NULL ORDER BY exception_id`;
    expect(await db.rows(select(paths.accepted))).toEqual([
      { policy_id: 'VMDiskEncryption', exception_id: 'EXC-1', exception_expires: dayFromToday(90) },
      { policy_id: 'VMJustInTimeAccess', exception_id: 'EXC-2', exception_expires: dayFromToday(30) },
    ]);
    expect(await db.rows(select(paths.plain))).toEqual([]);
    const keys = (path: string) => db!.rows(`SELECT decode(key) AS key FROM parquet_kv_metadata(${sqlText(path)})`);
    expect(await keys(paths.accepted)).toEqual([{ key: 'cspm-report.exceptions' }]);
    expect(await keys(paths.plain)).toEqual([]);
    const described = await db.rows(`DESCRIBE SELECT * FROM read_parquet(${sqlText(paths.plain)})`);
    expect(described.map((row) => row['column_name'])).toEqual(
      expect.arrayContaining(['exception_id', 'exception_expires']),
    );
  });
});
