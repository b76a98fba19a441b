import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gateReports } from '../../src/index.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** The `--result` file the command line writes for the same run. */
async function resultFileOf(args: string[]): Promise<unknown> {
  const result = join(tempDir(), 'result.json');
  await runInProcess([...args, '--result', result]);
  return JSON.parse(readFileSync(result, 'utf8')) as unknown;
}

describe('gateReports returns the record gate --result writes', () => {
  it('fails the record of a gate whose inputs do not check, whatever its assertions say', async () => {
    const { gate, record, verdict } = await gateReports('samples/broken/schema.json', { rules: 'cspm:recommended' });
    expect(verdict.exitCode).toBe(1);
    expect(record).toMatchObject({ rulesFile: 'cspm:recommended', status: 'fail', exitCode: 1, assertions: gate?.assertions });
    expect(record.files).toEqual([expect.objectContaining({ file: 'samples/broken/schema.json', reports: 1 })]);
    expect(record).toEqual(await resultFileOf(['gate', 'samples/broken/schema.json', '--rules', 'cspm:recommended']));
  });

  it('keeps the gate status of a run that passes', async () => {
    const { gate, record } = await gateReports('samples/azure-csbp.json', { rules: 'samples/gate/gate-rules.json' });
    expect(record.status).toBe(gate?.status);
    expect(record).toEqual(await resultFileOf(['gate', 'samples/azure-csbp.json', '--rules', 'samples/gate/gate-rules.json']));
  });

  it('records a baseline that does not check as a failure with its reason', async () => {
    const { record, verdict } = await gateReports('samples/diff/azure-csbp-2024-03-18.json', { rules: 'samples/gate/baseline-rules.json', baseline: 'samples/broken/schema.json' });
    expect(record).toMatchObject({ rulesFile: 'samples/gate/baseline-rules.json', status: 'fail', assertions: [], exitCode: 1, error: { code: 'baseline-invalid', message: verdict.reasons[0] } });
    expect(record).toEqual(await resultFileOf(['gate', 'samples/diff/azure-csbp-2024-03-18.json', '--rules', 'samples/gate/baseline-rules.json', '--baseline', 'samples/broken/schema.json']));
  });
});
