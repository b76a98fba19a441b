import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CspmError } from '../../src/error/cspm-error.js';
import { gateResultRecord, incompleteGateRecord, stoppedGateRecord } from '../../src/jobs/gate-result-record.js';
import type { Analysis } from '../../src/model/analysis.js';
import type { Finding } from '../../src/model/finding.js';
import { gateReports } from '../../src/index.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** A rules file every sample passes: compliance of at least 0 %. */
function passingRules(): string {
  const file = join(tempDir(), 'passing-rules.json');
  writeFileSync(
    file,
    JSON.stringify({ assertions: [{ name: 'any posture', level: 'error', metric: 'compliancePercent', min: 0 }] }),
  );
  return file;
}

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
    expect(record).toMatchObject({
      rulesFile: 'cspm:recommended',
      status: 'fail',
      exitCode: 1,
      assertions: gate?.assertions,
    });
    expect(record.files).toEqual([expect.objectContaining({ file: 'samples/broken/schema.json', reports: 1 })]);
    expect(record).toEqual(await resultFileOf(['gate', 'samples/broken/schema.json', '--rules', 'cspm:recommended']));
  });

  it('keeps the gate status of a run that passes, and of one that fails by its assertions', async () => {
    const rules = passingRules();
    const { gate, record } = await gateReports('samples/azure-csbp.json', { rules });
    expect(record.status).toBe('pass');
    expect(record.status).toBe(gate?.status);
    expect(record).toEqual(await resultFileOf(['gate', 'samples/azure-csbp.json', '--rules', rules]));
    const failing = await gateReports('samples/azure-csbp.json', { rules: 'samples/gate/gate-rules.json' });
    expect(failing.record).toMatchObject({ status: 'fail', exitCode: 3 });
    expect(failing.record).toEqual(
      await resultFileOf(['gate', 'samples/azure-csbp.json', '--rules', 'samples/gate/gate-rules.json']),
    );
  });

  it('records a baseline that does not check as a failure with its reason', async () => {
    const { record, verdict } = await gateReports('samples/diff/azure-csbp-2024-03-18.json', {
      rules: 'samples/gate/baseline-rules.json',
      baseline: 'samples/broken/schema.json',
    });
    expect(record).toMatchObject({
      rulesFile: 'samples/gate/baseline-rules.json',
      status: 'fail',
      assertions: [],
      exitCode: 1,
      error: { code: 'baseline-invalid', message: verdict.reasons[0] },
    });
    expect(record).toEqual(
      await resultFileOf([
        'gate',
        'samples/diff/azure-csbp-2024-03-18.json',
        '--rules',
        'samples/gate/baseline-rules.json',
        '--baseline',
        'samples/broken/schema.json',
      ]),
    );
  });
});

describe('the record itself', () => {
  it('states the verdict of the exit code: a passing gate of a run that fails (exit 1) is recorded as failed', async () => {
    const { gate, analysis } = await gateReports('samples/azure-csbp.json', { rules: passingRules() });
    expect(gate?.status).toBe('pass');
    expect(gateResultRecord(gate!, analysis!, 0)).toMatchObject({ status: 'pass', exitCode: 0 });
    expect(gateResultRecord(gate!, analysis!, 1)).toMatchObject({ status: 'fail', exitCode: 1 });
    expect(gateResultRecord(gate!, analysis!, 0).summary).toEqual({
      ...analysis!.summary,
      percentFormula: analysis!.percentFormula,
    });
  });

  it('counts a finding that stands for those past the listing limit as all of them, errors and warnings apart', async () => {
    const { gate, analysis } = await gateReports('samples/azure-csbp.json', { rules: passingRules() });
    const finding = (severity: Finding['severity'], omitted?: number): Finding => ({
      rule: 'not-a-report',
      severity,
      pointer: '',
      message: 'm',
      ...(omitted === undefined ? {} : { omitted }),
    });
    const source = {
      ...analysis!.sources[0]!,
      source: 'a.json',
      reportCount: 2,
      policies: 7,
      findings: [
        finding('error', 1000),
        finding('error'),
        finding('warning'),
        finding('warning', 5),
        finding('info' as Finding['severity']),
      ],
    };
    const record = gateResultRecord(gate!, { ...analysis!, sources: [source] } as Analysis, 1);
    expect(record.files).toEqual([{ file: 'a.json', reports: 2, policies: 7, errors: 1001, warnings: 6 }]);
  });

  it('records a run stopped by an error with its code, message and exit code, failed', () => {
    expect(
      stoppedGateRecord(
        'rules.yaml',
        new CspmError('service-host-unknown', 'nowhere.example', {
          data: { url: 'https://nowhere.example', host: 'nowhere.example' },
        }),
      ),
    ).toEqual({
      rulesFile: 'rules.yaml',
      status: 'fail',
      assertions: [],
      exitCode: 4,
      error: { code: 'service-host-unknown', message: expect.stringContaining('nowhere.example') as string },
    });
    expect(stoppedGateRecord('rules.yaml', new Error('boom'))).toMatchObject({
      status: 'fail',
      exitCode: 2,
      error: { code: 'internal', message: 'boom' },
    });
    expect(stoppedGateRecord('rules.yaml', 'plain')).toMatchObject({ error: { code: 'internal', message: 'plain' } });
  });

  it('records a run that has not ended as failed, with no exit code yet', () => {
    const record = incompleteGateRecord('rules.yaml');
    expect(record).toMatchObject({
      rulesFile: 'rules.yaml',
      status: 'fail',
      assertions: [],
      exitCode: null,
      error: { code: 'gate-incomplete' },
    });
    expect(record.error?.message).toMatch(
      /^the gate run that writes this file has not ended: it is still running, or it was stopped/,
    );
  });
});
