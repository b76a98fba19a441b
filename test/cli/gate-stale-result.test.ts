import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin } from '../support/bin-run.js';
import { runInProcess } from '../support/cli-run.js';
import { useSmallFileSystem } from '../support/small-file-system.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * The --result file of `gate` always states this run's verdict: a run that exits 2
 * leaves no pass of an earlier run behind, however it stopped.
 */
const tempDir = useTempDir();
const smallFileSystem = useSmallFileSystem();
const sample = 'samples/aws-cis.json';
const stalePass = `${JSON.stringify({ rulesFile: 'cspm:recommended', status: 'pass', assertions: [], exitCode: 0 })}\n`;

function staleResult(dir: string): string {
  const path = join(dir, 'gate.json');
  writeFileSync(path, stalePass);
  return path;
}

/** Fills `dir` to the last byte. */
function fill(dir: string): void {
  const page = Buffer.alloc(4096, 0x2e);
  for (let index = 0; ; index += 1) {
    try {
      writeFileSync(join(dir, `filler-${index}`), page);
    } catch {
      return;
    }
  }
}

describe('gate --result after a run that exits 2', () => {
  it('states the failure when a findings output fails after the verdict was written', async () => {
    const dir = tempDir();
    const result = staleResult(dir);
    const unwritable = join(dir, 'a-folder');
    mkdirSync(unwritable);
    const run = await runInProcess([
      'gate',
      sample,
      '--rules',
      'cspm:recommended',
      '-f',
      'json',
      '-o',
      unwritable,
      '--result',
      result,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^cspm-report: cannot write output: .*a-folder \(.*\)\n$/);
    expect(JSON.parse(readFileSync(result, 'utf8'))).toMatchObject({
      status: 'fail',
      exitCode: 2,
      error: { code: 'output-failed' },
    });
  });

  it('states the failure when the command line is refused before the run', async () => {
    const result = staleResult(tempDir());
    const run = await runInProcess([
      'gate',
      sample,
      '--rules',
      'cspm:recommended',
      '--fail-on',
      'bogus',
      '--result',
      result,
    ]);
    expect(run.code).toBe(2);
    expect(JSON.parse(readFileSync(result, 'utf8'))).toMatchObject({
      status: 'fail',
      exitCode: 2,
      error: { code: 'usage' },
    });
  });

  it('never writes the failure over an input named as the result', async () => {
    const dir = tempDir();
    const input = join(dir, 'r.json');
    writeFileSync(input, readFileSync(sample));
    const run = await runInProcess([
      'gate',
      input,
      '--rules',
      'cspm:recommended',
      '--result',
      input,
      '--fail-on',
      'bogus',
    ]);
    expect(run.code).toBe(2);
    expect(readFileSync(input).equals(readFileSync(sample))).toBe(true);
  });

  it('never writes the failure over a baseline named as the result', async () => {
    const dir = tempDir();
    const baseline = join(dir, 'last-week.json');
    writeFileSync(baseline, readFileSync(sample));
    const run = await runInProcess([
      'gate',
      sample,
      '--rules',
      'cspm:recommended',
      '--baseline',
      baseline,
      '--result',
      baseline,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('last-week.json is one of the inputs; refusing to overwrite a report');
    expect(readFileSync(baseline).equals(readFileSync(sample))).toBe(true);
  });

  it('removes the earlier result when the disk is too full to write the failure', async (context) => {
    const dir = smallFileSystem(64);
    if (dir === undefined) return context.skip();
    const result = staleResult(dir);
    fill(dir);
    const run = await runInProcess(['gate', sample, '--rules', 'cspm:recommended', '--result', result]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`cspm-report: cannot write output: ${result} (no space left on device, write)\n`);
    expect(readdirSync(dir).filter((name) => !name.startsWith('filler-'))).toEqual([]);
  });
});

describe('gate --result of a run that never ends', () => {
  /*
   * A run killed before its verdict (SIGKILL, a CI job's time limit) runs no handler;
   * it used to leave the result file of an earlier run, a pass, for CI to read. The run
   * now writes a failing `gate-incomplete` result as it starts, replaced when it ends.
   */
  it.each(['SIGKILL', 'SIGTERM'] as const)(
    'leaves a failing result when %s ends it while it waits for its input',
    async (signal) => {
      const dir = tempDir();
      const result = staleResult(dir);
      const child = spawn(process.execPath, [bin, 'gate', '-', '--rules', 'cspm:recommended', '--result', result], {
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      // The input never ends: wait until the run has started (its result file changed), then stop it.
      const deadline = Date.now() + 10_000;
      while (readFileSync(result, 'utf8') === stalePass && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      child.kill(signal);
      const [code, stoppedBy] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
      // SIGKILL has no handler; SIGTERM finds the handler the result's write installed
      // (kept until a parse, so that a signal of this very moment is not dropped): 143.
      expect([code, stoppedBy]).toEqual(signal === 'SIGKILL' ? [null, 'SIGKILL'] : [143, null]);
      expect(JSON.parse(readFileSync(result, 'utf8'))).toEqual({
        rulesFile: 'cspm:recommended',
        status: 'fail',
        assertions: [],
        exitCode: null,
        error: { code: 'gate-incomplete', message: expect.stringContaining('has not ended') as unknown },
      });
      expect(readdirSync(dir)).toEqual(['gate.json']);
    },
  );

  it('replaces the incomplete result with the verdict when it ends', async () => {
    const result = staleResult(tempDir());
    const run = await runInProcess(['gate', sample, '--rules', 'cspm:recommended', '--result', result]);
    expect(JSON.parse(readFileSync(result, 'utf8'))).toMatchObject({
      exitCode: run.code,
      rulesFile: 'cspm:recommended',
    });
    expect(readFileSync(result, 'utf8')).not.toContain('gate-incomplete');
  });
});
