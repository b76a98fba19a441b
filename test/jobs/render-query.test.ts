import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCspmError } from '../../src/index.js';
import { renderQuery } from '../../src/jobs/render-query.js';
import { builderConnection, writeDataset } from '../support/dataset-builder.js';
import { outputText } from '../support/output-text.js';
import { hasQueryEngine } from '../support/query-engine.js';
import { useTempDir } from '../support/temp-dir.js';

const available = hasQueryEngine();
const tempDir = useTempDir();
let connection: Awaited<ReturnType<typeof builderConnection>>;

beforeAll(async () => {
  if (available) connection = await builderConnection();
});
afterAll(() => connection?.close());

/** The code of the error `promise` rejects with, or `none`. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'none',
    (error: unknown) => (isCspmError(error) ? error.code : 'not a CspmError'),
  );
}

describe('renderQuery', () => {
  it('checks every option before it makes the temporary folder or opens the dataset', async () => {
    let made = 0;
    const makeTemporaryFolder = (): string => {
      made += 1;
      return tempDir();
    };
    const asked = { output: '-', makeTemporaryFolder };
    expect(await refusal(renderQuery('ds', { ...asked, sql: 'SELECT 1', preset: 'worst-accounts' }))).toBe('usage');
    expect(await refusal(renderQuery('ds', { ...asked, sql: 'SELECT 1', timeout: 'soon' }))).toBe('usage');
    expect(await refusal(renderQuery(undefined, { ...asked, sql: 'SELECT 1' }))).toBe('usage');
    expect(await refusal(renderQuery('ds', { ...asked, sql: 'SELECT 1', output: 'a.csv', format: 'json' }))).toBe(
      'usage',
    );
    expect(made).toBe(0);
  });

  it.runIf(available)("renders the rows in the format the output's name says", async () => {
    const dir = tempDir();
    const row = { account_id: 'a1', benchmark_id: 'cis', job_id: 'j1', scan_time: '2026-03-01 10:00:00' };
    await writeDataset(connection, dir, {
      policies: [{ ...row, policy_id: 'p1', compliance: 'Red', severity: 'High' }],
      figures: [{ ...row, level: 'report' }],
    });
    const sql = 'SELECT policy_id, compliance FROM policies';
    const { output, close } = await renderQuery(dir, { sql, output: join(dir, 'out.csv') });
    try {
      expect(output.format).toBe('csv');
      expect(await outputText(await output.render())).toMatch(/^policy_id,compliance\r?\np1,Red/);
    } finally {
      close();
    }
  });
});
