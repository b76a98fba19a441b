import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReportInput, type RenderOptions } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { renderReport } from '../../../src/render/renderers.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { formatNamedBy } from '../../../src/render/formats/output-routing.js';
// @ts-expect-error -- a script of the project, without types
import { writeReport } from '../../../scripts/generate-report.js';
import { openDuckDb, sqlText, type DuckDb } from '../../support/duckdb.js';
import { useTempDir } from '../../support/temp-dir.js';
import { eventsOf, ocsfText, schemaErrors } from './ocsf-support.js';

const tempDir = useTempDir();
const now = new Date('2026-01-02T03:04:05.000Z');
let db: DuckDb | undefined;
beforeAll(async () => {
  db = await openDuckDb();
});
afterAll(() => db?.close());

/** A value without its null members, as the JSON Lines leave out what an event lacks. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== null)
      .map(([key, member]) => [key, withoutNulls(member)]),
  );
}

/** The events of the Parquet file of an input, as DuckDB reads them back, in file order. */
async function parquetEvents(input: ReportInput, options: RenderOptions): Promise<unknown[]> {
  const path = join(tempDir(), 'events.ocsf.parquet');
  writeFileSync(path, await collectBytes(await renderReport(await analyseInputs(input), 'ocsf-parquet', options)));
  const rows = await db!.rows(`SELECT to_json(e)::VARCHAR AS event FROM read_parquet(${sqlText(path)}) e`);
  return rows.map((row) => withoutNulls(JSON.parse(row['event'] as string)));
}

describe('render -f ocsf-parquet: the same events as Parquet', () => {
  it.each([
    'samples/azure-csbp.json',
    'samples/azure-multi-benchmark.json',
    'samples/aws-cis.json',
    'samples/office365.json',
    'test/fixtures/hostile-report.json',
  ])(
    'gives back every event of %s as the JSON Lines hold it, nested objects and lists included',
    async (file) => {
      if (db === undefined) return;
      const options = { now };
      const lines = eventsOf(await ocsfText(file, options));
      const read = await parquetEvents(file, options);
      expect(read.length).toBe(lines.length);
      expect(read).toEqual(lines);
      for (const event of read) expect(schemaErrors(event)).toBe('');
    },
    60_000,
  );

  it('holds a generated report of 879 policies, the 64-bit times as BIGINT and nested columns as structs', async () => {
    if (db === undefined) return;
    const file = join(tempDir(), 'generated.json');
    await writeReport(file, 879);
    const path = join(tempDir(), 'generated.ocsf.parquet');
    writeFileSync(path, await collectBytes(await renderReport(await analyseInputs(file), 'ocsf-parquet', { now })));
    const types = Object.fromEntries(
      (await db.rows(`DESCRIBE SELECT * FROM read_parquet(${sqlText(path)})`)).map((row) => [
        row['column_name'],
        row['column_type'],
      ]),
    );
    expect(types['time']).toBe('BIGINT');
    expect(types['class_uid']).toBe('INTEGER');
    expect(types['unmapped']).toBe('JSON');
    expect(String(types['compliance'])).toMatch(/^STRUCT\(.*standards VARCHAR\[\].*status_id INTEGER/);
    const [counts] = await db.rows(
      `SELECT count(*) AS events, count(*) FILTER (compliance.status_id = 3) AS failing, count(DISTINCT finding_info.uid) AS uids FROM read_parquet(${sqlText(path)})`,
    );
    expect(counts).toEqual({ events: '879', failing: expect.any(String), uids: '879' });
    expect(Number(counts!['failing'])).toBeGreaterThan(0);
  }, 60_000);

  it('is named by .ocsf.parquet, apart from a table of policies', () => {
    expect(formatNamedBy('lake/events.ocsf.parquet', ['document'])).toEqual({
      kind: 'document',
      format: 'ocsf-parquet',
    });
    expect(formatNamedBy('lake/events.parquet', ['document'])).toEqual({ kind: 'document', format: 'parquet' });
  });
});

describe('render -f ocsf --parquet', () => {
  it('writes the events as Parquet, named .ocsf.parquet, and wants -f ocsf with it', async () => {
    const { runInProcess } = await import('../../support/cli-run.js');
    const dir = tempDir();
    const run = await runInProcess(['render', 'samples/azure-csbp.json', '-f', 'ocsf', '--parquet', '--out-dir', dir]);
    expect(run.stderr).not.toMatch(/^cspm-report:/m);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`wrote ${join(dir, 'azure-csbp.ocsf.parquet')}`);
    const refused = await runInProcess([
      'render',
      'samples/azure-csbp.json',
      '-f',
      'pdf',
      '--parquet',
      '--out-dir',
      dir,
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      'cspm-report: invalid usage: --parquet goes with -f ocsf (its events as Parquet); the dataset tables are -f parquet\n',
    );
  });
});
