import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, watch } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bin } from '../support/bin-run.js';
import { runInProcess } from '../support/cli-run.js';
import { builderConnection, writeDataset } from '../support/dataset-builder.js';
import { hasQueryEngine } from '../support/query-engine.js';
import { useTempDir } from '../support/temp-dir.js';

const available = hasQueryEngine();
const tempDir = useTempDir();
let connection: Awaited<ReturnType<typeof builderConnection>>;

beforeAll(async () => {
  if (available) connection = await builderConnection();
});
afterAll(() => connection?.close());

const temporaryFolder = process.env['TMPDIR'];
afterEach(() => {
  if (temporaryFolder === undefined) delete process.env['TMPDIR'];
  else process.env['TMPDIR'] = temporaryFolder;
});

async function dataset(): Promise<string> {
  const dir = tempDir();
  await writeDataset(connection, dir, {
    policies: [
      {
        account_id: 'a1',
        benchmark_id: 'cis',
        job_id: 'j1',
        scan_time: '2026-03-01 10:00:00',
        policy_id: 'p1',
        compliance: 'Red',
        severity: 'High',
      },
    ],
  });
  return dir;
}

/** A system temporary folder of the test's own, to see what a run leaves in it. */
function ownTemporaryFolder(): string {
  const dir = join(tempDir(), 'tmp');
  mkdirSync(dir);
  process.env['TMPDIR'] = dir;
  return dir;
}

describe.runIf(available)('query: time and memory limits', () => {
  it('stops a query that runs past --timeout: one line, exit 2', async () => {
    const run = await runInProcess([
      'query',
      await dataset(),
      'SELECT count(*) FROM range(1000000000000000)',
      '--timeout',
      '1',
    ]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'cspm-report: query failed: "SELECT count(*) FROM range(1000000000000000)": stopped at the time limit of 1 s (--timeout); give a longer --timeout or a narrower query\n',
    );
  });

  it('stops a query that needs more memory than --memory-limit and cannot spill: one line, exit 2, no temporary folder left', async () => {
    const lake = await dataset();
    const tmp = ownTemporaryFolder();
    const run = await runInProcess([
      'query',
      lake,
      'SELECT list(range) AS l FROM range(30000000)',
      '--memory-limit',
      '64MB',
    ]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^cspm-report: query failed: "SELECT list\(range\) AS l FROM range\(30000000\)": needs more memory than the limit of 64MB \(--memory-limit\): Out of Memory Error: [^\n]*\n$/,
    );
    expect(readdirSync(tmp)).toEqual([]);
  });

  // The same sort with no temporary folder fails with "Out of Memory Error" at 64MB: it completes only by spilling.
  it('spills a sort larger than --memory-limit to a private temporary folder, and removes it after', async () => {
    const lake = await dataset();
    const tmp = ownTemporaryFolder();
    const run = await runInProcess([
      'query',
      lake,
      'SELECT count(*) AS n FROM (SELECT range AS r FROM range(6000000) ORDER BY random())',
      '--memory-limit',
      '64MB',
      '-f',
      'json',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([{ n: 6000000 }]);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it.each([
    { flag: '--timeout', value: '0', message: '--timeout: 0 is not a number of seconds above 0' },
    { flag: '--timeout', value: 'soon', message: '--timeout: soon is not a number of seconds above 0' },
    {
      flag: '--memory-limit',
      value: 'lots',
      message: '--memory-limit: lots is not an amount of memory such as 512MB or 2GB',
    },
    {
      flag: '--memory-limit',
      value: '0MB',
      message: '--memory-limit: 0MB is not an amount of memory such as 512MB or 2GB',
    },
    { flag: '--memory-limit', value: '1KB', message: '--memory-limit: 1KB is less than the 32MB a query needs' },
    { flag: '--memory-limit', value: '31.9MB', message: '--memory-limit: 31.9MB is less than the 32MB a query needs' },
  ])('refuses $flag $value before opening the dataset', async ({ flag, value, message }) => {
    const run = await runInProcess(['query', 'no-such-dataset', 'SELECT 1', flag, value]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`cspm-report: invalid usage: ${message}\n`);
  });
});

describe.runIf(available)('query: a stop signal in the middle of a long query', () => {
  // The signal is sent the moment the folder appears (inotify, through fs.watch), the
  // earliest a stop can find something to remove: the handler used to be installed just
  // after the folder was made, and a signal in between ended the process the default way
  // (no exit code, the folder left behind).
  it('removes the temporary folder it spills into, and exits 130', async () => {
    const lake = await dataset();
    const tmp = join(tempDir(), 'tmp');
    mkdirSync(tmp);
    const watcher = watch(tmp);
    const appeared = new Promise<void>((resolve) => watcher.once('change', () => resolve()));
    const child = spawn(
      process.execPath,
      [bin, 'query', lake, 'SELECT count(*) FROM range(1000000000000000)', '--timeout', '600'],
      { stdio: 'ignore', env: { ...process.env, TMPDIR: tmp } },
    );
    const exited = new Promise<{ status: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (status, signal) => resolve({ status, signal })),
    );
    // Ready once its temporary folder is there: from then on a signal must remove it.
    await Promise.race([appeared, exited]);
    watcher.close();
    child.kill('SIGINT');
    expect(await exited).toEqual({ status: 130, signal: null });
    expect(readdirSync(tmp)).toEqual([]);
  }, 30_000);
});
