import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { acceptedRisksOf, runExceptionsOf } from '../../../src/jobs/exceptions/run-exceptions.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { ocsfEventsOf } from '../../../src/render/ocsf/ocsf-event.js';
import { openDuckDb, sqlText, type DuckDb } from '../../support/duckdb.js';
import { renderAccepted } from '../../support/render-accepted.js';
import { dayFromToday, sampleExceptionsFile } from '../../support/sample-exceptions.js';
import { useTempDir } from '../../support/temp-dir.js';
import { eventsOf, schemaErrors } from './ocsf-support.js';

const tempDir = useTempDir();
let db: DuckDb | undefined;
beforeAll(async () => {
  db = await openDuckDb();
});
afterAll(() => db?.close());

describe('OCSF events of accepted risks', () => {
  it('makes an accepted policy Suppressed, its reason and exception in status_detail, every event valid', async () => {
    const { accepted, plain, exceptionsPath } = await renderAccepted('ocsf', tempDir());
    const events = eventsOf(accepted.toString('utf8'));
    for (const event of events) expect(schemaErrors(event)).toBe('');
    const suppressed = events.filter((event) => event.status_id === 3);
    expect(suppressed.map((event) => event.unmapped.policy_id).sort()).toEqual([
      'VMDiskEncryption',
      'VMJustInTimeAccess',
    ]);
    const critical = suppressed.find((event) => event.unmapped.policy_id === 'VMDiskEncryption');
    expect(critical).toMatchObject({
      status: 'Suppressed',
      severity: 'Critical',
      compliance: { status: 'Fail' },
      unmapped: { compliance: 'Red', exception_id: 'EXC-1', exception_expires: dayFromToday(90) },
    });
    expect(critical?.status_detail).toBe(
      `Accepted under EXC-1 until ${dayFromToday(90)} (owner platform@example.com, approved by ciso@example.com): Accepted until the platform migration ends.`,
    );
    const sha256 = createHash('sha256').update(readFileSync(exceptionsPath)).digest('hex');
    for (const event of events)
      expect(event.unmapped.exceptions).toEqual({
        files: [{ path: 'exceptions.yaml', sha256, ids: ['EXC-1', 'EXC-2', 'EXC-3'] }],
        applied: ['EXC-1', 'EXC-2'],
      });
    expect(events.filter((event) => event.status_id !== 3).every((event) => event.status_detail === undefined)).toBe(
      true,
    );
    expect(plain.toString('utf8')).not.toMatch(/Suppressed|exception/);
  });

  it('writes the same lines as the event builder', async () => {
    const { accepted } = await renderAccepted('ocsf', tempDir());
    const analysis = await analyseInputs('samples/azure-csbp.json');
    const run = runExceptionsOf({ exceptions: [sampleExceptionsFile(tempDir(), 30)] });
    const view = buildViewModel(analysis, { acceptedRisks: acceptedRisksOf(analysis, run!, {}) });
    const built = [...ocsfEventsOf(view, {})].map((event) => JSON.stringify(event));
    expect(accepted.toString('utf8').split('\n').slice(0, -1)).toEqual(built);
  });

  it('carries the suppression and the exception into the Parquet form, as DuckDB reads it', async (context) => {
    if (db === undefined) return context.skip();
    const { accepted } = await renderAccepted('ocsf-parquet', tempDir());
    const path = join(tempDir(), 'events.ocsf.parquet');
    writeFileSync(path, accepted);
    const rows = await db.rows(
      `SELECT status_id, status_detail, json_extract_string(unmapped, '$.exception_id') AS exception FROM read_parquet(${sqlText(path)}) WHERE status_id = 3 ORDER BY exception`,
    );
    expect(rows.map((row) => [row['status_id'], row['exception']])).toEqual([
      [3, 'EXC-1'],
      [3, 'EXC-2'],
    ]);
    expect(String(rows[0]?.['status_detail'])).toContain('Accepted under EXC-1');
    const metadata = await db.rows(
      `SELECT decode(value) AS value FROM parquet_kv_metadata(${sqlText(path)}) WHERE decode(key) = 'cspm-report.exceptions'`,
    );
    expect(JSON.parse(String(metadata[0]?.['value']))).toMatchObject({
      files: [{ path: 'exceptions.yaml', ids: ['EXC-1', 'EXC-2', 'EXC-3'] }],
      applied: ['EXC-1', 'EXC-2'],
    });
  });
});
