import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryDataset, type QueryValue } from '../../src/index.js';
import { datasetTables } from '../../src/model/dataset-columns.js';
import { builderConnection, writeTableFile } from '../support/dataset-builder.js';
import { hasQueryEngine } from '../support/query-engine.js';
import { useTempDir } from '../support/temp-dir.js';

const available = hasQueryEngine();
const tempDir = useTempDir();
let connection: Awaited<ReturnType<typeof builderConnection>>;

beforeAll(async () => {
  if (available) connection = await builderConnection();
});
afterAll(() => connection?.close());

const added = datasetTables.policies.columns
  .filter((column) => column.addedLater === true)
  .map((column) => column.name);

describe.runIf(available)('queryDataset over files written before a column was added', () => {
  it('reads the exception columns as null where no file has them, and refuses a file without an older column', async () => {
    expect(added).toEqual(['exception_id', 'exception_expires']);
    const dir = tempDir();
    const folder = join(dir, 'policies', 'scan_date=2026-03-01', 'benchmark=cis');
    mkdirSync(folder, { recursive: true });
    const whole = join(dir, 'whole.parquet');
    await writeTableFile(connection, whole, 'policies', [
      { account_id: 'a1', benchmark_id: 'cis', job_id: 'j1', scan_time: '2026-03-01 10:00:00', policy_id: 'p1' },
    ]);
    const older = join(folder, 'part-a.parquet');
    await connection.run(
      `COPY (SELECT * EXCLUDE (${added.join(', ')}) FROM read_parquet('${whole}')) TO '${older}' (FORMAT parquet)`,
    );
    const result = await queryDataset(dir, {
      sql: 'SELECT policy_id, exception_id, exception_expires FROM policies',
    });
    const rows: QueryValue[][] = [];
    for await (const batch of result.rows) rows.push(...batch);
    expect(rows).toEqual([['p1', null, null]]);
    await connection.run(
      `COPY (SELECT * EXCLUDE (${[...added, 'job_id'].join(', ')}) FROM read_parquet('${whole}')) TO '${older}' (FORMAT parquet)`,
    );
    await expect(queryDataset(dir, { sql: 'SELECT 1' })).rejects.toMatchObject({
      code: 'dataset-invalid',
      message: expect.stringMatching(/the policies files have no column job_id$/),
    });
  });
});
