import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import type { DatasetTable } from '../../../src/model/dataset-columns.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { DatasetWriter, type DatasetSink } from '../../../src/render/parquet/dataset-writer.js';
import { openDuckDb, sqlText, type DuckDb } from '../../support/duckdb.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();
let db: DuckDb | undefined;
beforeAll(async () => {
  db = await openDuckDb();
});
afterAll(() => db?.close());

/** A sink that keeps each part's bytes in memory. */
function memorySink(): DatasetSink<{ key: string; chunks: Uint8Array[] }> {
  return {
    open: async (table: DatasetTable, partition: string) =>
      Promise.resolve({ key: `${table}/${partition}`, chunks: [] }),
    write: async (part, chunks) => {
      part.chunks.push(...chunks);
      return Promise.resolve();
    },
  };
}

/** Writes the dataset of the sample's reports with `budget`; returns the row groups and rows of each policies part. */
async function partsWith(budget: number | undefined): Promise<{ partition: string; rows: number; groups: number }[]> {
  const writer = new DatasetWriter(memorySink(), budget);
  const { reports } = buildViewModel(await analyseInputs('samples/azure-multi-benchmark.json'));
  // Twice, as two nights' files of the same scans would come: each part gets two reports' rows.
  for (const report of [...reports, ...reports]) await writer.addReport(report);
  const parts = (await writer.finish()).filter((part) => part.table === 'policies');
  const dir = tempDir();
  return Promise.all(
    parts.map(async ({ partition, part }, index) => {
      const path = join(dir, `${index}.parquet`);
      writeFileSync(path, Buffer.concat(part.chunks));
      const [counts] = await (db as DuckDb).rows(
        `SELECT count(DISTINCT row_group_id)::INTEGER AS groups, sum(row_group_num_rows)::INTEGER / count(DISTINCT column_id)::INTEGER AS rows FROM parquet_metadata(${sqlText(path)})`,
      );
      return { partition, rows: counts?.['rows'] as number, groups: counts?.['groups'] as number };
    }),
  );
}

describe('DatasetWriter', () => {
  it('writes one row group a part when the rows fit the budget, and ends groups early past it, losing no row', async ({
    skip,
  }) => {
    if (db === undefined) return skip();
    const whole = await partsWith(undefined);
    expect(whole.length).toBeGreaterThan(1);
    expect(whole.every((part) => part.groups === 1)).toBe(true);
    const small = await partsWith(100);
    expect(small.map((part) => [part.partition, part.rows])).toEqual(whole.map((part) => [part.partition, part.rows]));
    expect(small.some((part) => part.groups > 1)).toBe(true);
  });
});
