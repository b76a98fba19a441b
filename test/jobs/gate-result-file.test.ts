import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gateReports, gateResultFile, type GateResultRecord, type ResultFileSystem } from '../../src/index.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** A file system in memory that logs each step, as a program that keeps results elsewhere would give one. */
function memoryFiles(kind: 'file' | 'none' | 'other' = 'none'): {
  files: ResultFileSystem;
  steps: string[];
  records: () => GateResultRecord[];
} {
  const steps: string[] = [];
  const written: string[] = [];
  return {
    steps,
    records: () => written.map((text) => JSON.parse(text) as GateResultRecord),
    files: {
      write: async (path, text) => {
        steps.push(`write ${path}`);
        written.push(text);
      },
      kindAt: async () => kind,
      remove: async (path) => void steps.push(`remove ${path}`),
    },
  };
}

describe('gateReports with a result file', () => {
  it('states a failure as the run starts, then replaces it with the record it returns', async () => {
    const { files, steps, records } = memoryFiles();
    const resultFile = gateResultFile('gate.json', 'cspm:recommended', ['samples/azure-csbp.json'], files);
    const { record } = await gateReports('samples/azure-csbp.json', { rules: 'cspm:recommended', resultFile });
    expect(steps).toEqual(['write gate.json', 'write gate.json']);
    expect(records()[0]).toMatchObject({ status: 'fail', exitCode: null, error: { code: 'gate-incomplete' } });
    expect(records()[1]).toEqual(record);
  });

  it('writes nothing ahead of the verdict to a device, only the verdict', async () => {
    const { files, records } = memoryFiles('other');
    const resultFile = gateResultFile('/dev/stdout', 'cspm:recommended', [], files);
    const { record } = await gateReports('samples/azure-csbp.json', { rules: 'cspm:recommended', resultFile });
    expect(records()).toEqual([record]);
  });

  it('states the error of a run that stops, and rejects with it', async () => {
    const { files, records } = memoryFiles();
    const rules = join(tempDir(), 'missing-rules.json');
    const resultFile = gateResultFile('gate.json', rules, ['samples/azure-csbp.json'], files);
    await expect(gateReports('samples/azure-csbp.json', { rules, resultFile })).rejects.toMatchObject({
      code: 'input-not-found',
    });
    expect(records().at(-1)).toMatchObject({
      rulesFile: rules,
      status: 'fail',
      exitCode: 2,
      error: { code: 'input-not-found' },
    });
  });

  it('removes a previous result when the stopped run cannot state its error either', async () => {
    const { files, steps } = memoryFiles('file');
    const resultFile = gateResultFile('gate.json', 'cspm:recommended', [], {
      ...files,
      write: () => Promise.reject(new Error('ENOSPC')),
    });
    await resultFile.stop(new Error('disk full'));
    expect(steps).toEqual(['remove gate.json']);
  });

  it('never touches a result file that is the baseline, from the start of the run to its stop', async () => {
    const dir = tempDir();
    const baseline = join(dir, 'last-week.json');
    copyFileSync('samples/azure-csbp.json', baseline);
    const { files, steps } = memoryFiles('file');
    const resultFile = gateResultFile(baseline, 'cspm:recommended', ['samples/azure-csbp.json', baseline], files);
    await expect(
      gateReports('samples/azure-csbp.json', { rules: 'cspm:recommended', baseline, resultFile }),
    ).rejects.toMatchObject({ code: 'output-is-input' });
    expect(steps).toEqual([]);
  });
});

describe('gateReports with outputs', () => {
  it('refuses a findings output that is one of the inputs, before it returns a verdict', async () => {
    const input = join(tempDir(), 'report.json');
    copyFileSync('samples/azure-csbp.json', input);
    await expect(
      gateReports(input, { rules: 'cspm:recommended', outputs: [{ path: input, from: 'the sarif result' }] }),
    ).rejects.toMatchObject({ code: 'output-is-input' });
    const other = join(tempDir(), 'gate.sarif');
    writeFileSync(other, '');
    await expect(
      gateReports(input, { rules: 'cspm:recommended', outputs: [{ path: other, from: 'the sarif result' }] }),
    ).resolves.toMatchObject({ verdict: { exitCode: expect.any(Number) } });
  });
});
