import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CspmError, writeStoppedSarif } from '../../src/index.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** The files a stopped run's SARIF outputs got, by path. */
async function stoppedLogs(error: unknown, paths: string[], readFiles: string[] = []): Promise<Map<string, string>> {
  const written = new Map<string, string>();
  await writeStoppedSarif(error, {
    paths,
    readFiles,
    message: 'the message',
    write: async (path, text) => void written.set(path, text),
  });
  return written;
}

describe('writeStoppedSarif, as a program calls it', () => {
  it('writes a log of the failure into every SARIF output of a run stopped by a usage error', async () => {
    const written = await stoppedLogs(new CspmError('input-not-found', 'no such file', { data: { path: 'x.json' } }), [
      'a.sarif',
      'b.sarif',
    ]);
    expect([...written.keys()]).toEqual(['a.sarif', 'b.sarif']);
    const log = JSON.parse(written.get('a.sarif') as string) as {
      runs: {
        invocations: {
          executionSuccessful: boolean;
          toolExecutionNotifications: { message: { text: string }; descriptor: { id: string } }[];
        }[];
        results: unknown[];
      }[];
    };
    expect(log.runs[0]?.invocations[0]).toMatchObject({
      executionSuccessful: false,
      toolExecutionNotifications: [{ message: { text: 'the message' }, descriptor: { id: 'input-not-found' } }],
    });
    expect(log.runs[0]?.results).toEqual([]);
  });

  it('writes nothing for an error about the outputs, nor over an input, nor to the output whose write failed', async () => {
    expect(
      (
        await stoppedLogs(new CspmError('output-is-input', 'x', { data: { output: 'a.sarif', input: 'a.sarif' } }), [
          'a.sarif',
        ])
      ).size,
    ).toBe(0);
    const input = join(tempDir(), 'report.json');
    copyFileSync('samples/azure-csbp.json', input);
    expect([
      ...(
        await stoppedLogs(
          new CspmError('usage', 'bad option', { data: { option: 'format' } }),
          [input, 'b.sarif'],
          [input],
        )
      ).keys(),
    ]).toEqual(['b.sarif']);
    expect([
      ...(
        await stoppedLogs(new CspmError('output-failed', 'disk full', { data: { path: 'a.sarif' } }), [
          'a.sarif',
          'b.sarif',
        ])
      ).keys(),
    ]).toEqual(['b.sarif']);
  });

  it('writes a fault of the tool as one, and nothing for a failure of the service, whose exit code is its own', async () => {
    const fault = await stoppedLogs(new Error('a fault of the tool'), ['a.sarif']);
    expect(JSON.parse(fault.get('a.sarif') as string)).toMatchObject({
      runs: [{ invocations: [{ toolExecutionNotifications: [{ descriptor: { id: 'internal' } }] }] }],
    });
    expect(
      (await stoppedLogs(new CspmError('service-unreachable', 'down', { data: { url: 'https://x' } }), ['a.sarif']))
        .size,
    ).toBe(0);
  });
});
