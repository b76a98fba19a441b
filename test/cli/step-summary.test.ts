import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../support/bin-run.js';
import { runInProcess } from '../support/cli-run.js';
import { useSmallFileSystem } from '../support/small-file-system.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * GITHUB_STEP_SUMMARY is appended to only when it names a regular file that the run
 * neither reads nor writes; anything else is a warning and the run keeps its exit code.
 */
const tempDir = useTempDir();
const smallFileSystem = useSmallFileSystem();
const sample = 'samples/aws-cis.json';

describe('GITHUB_STEP_SUMMARY that is no summary file', () => {
  it('leaves an input report alone when the variable names it', async () => {
    const input = join(tempDir(), 'r.json');
    writeFileSync(input, readFileSync(sample));
    const result = await runInProcess(['check', input, '-f', 'github'], { env: { GITHUB_STEP_SUMMARY: input } });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `cspm-report: warning: GITHUB_STEP_SUMMARY ${input} is ${input}, a file this run reads or writes; the step summary is not written\n`,
    );
    expect(readFileSync(input).equals(readFileSync(sample))).toBe(true);
  });

  it('leaves an output of the same run alone', async () => {
    const out = join(tempDir(), 'findings.json');
    const result = await runInProcess(['check', sample, '-f', 'github', '-o', '-', '-f', 'json', '-o', out], {
      env: { GITHUB_STEP_SUMMARY: out },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('a file this run reads or writes; the step summary is not written');
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ verdict: { status: 'pass' } });
  });

  it('leaves the rules file of a gate alone', async () => {
    const rules = join(tempDir(), 'rules.json');
    writeFileSync(rules, readFileSync('samples/gate/gate-rules.json'));
    const result = await runInProcess(['gate', sample, '--rules', rules, '-f', 'github'], {
      env: { GITHUB_STEP_SUMMARY: rules },
    });
    expect(result.stderr).toContain('the step summary is not written');
    expect(readFileSync(rules).equals(readFileSync('samples/gate/gate-rules.json'))).toBe(true);
  });

  it.skipIf(process.platform === 'win32')(
    'leaves a stream alone: /dev/stdout, wherever it was redirected',
    async () => {
      const result = await runInProcess(['check', sample, '-f', 'github'], {
        env: { GITHUB_STEP_SUMMARY: '/dev/stdout' },
      });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe(
        'cspm-report: warning: GITHUB_STEP_SUMMARY /dev/stdout is a device or descriptor path (under /dev or /proc); the step summary is not written\n',
      );
    },
  );

  it.skipIf(process.platform === 'win32')(
    'does not block on a named pipe that nobody reads, and keeps the exit code',
    () => {
      const fifo = join(tempDir(), 'summary');
      execFileSync('mkfifo', [fifo]);
      const result = runBin(['check', sample, '-f', 'github'], { timeout: 15_000, env: { GITHUB_STEP_SUMMARY: fifo } });
      expect(result.signal).toBeNull();
      expect(result.status).toBe(0);
      expect(result.stderr).toBe(
        `cspm-report: warning: GITHUB_STEP_SUMMARY ${fifo} is a named pipe, not a regular file; the step summary is not written\n`,
      );
    },
  );

  it('cuts a summary that the disk could not take back to what it held, and fails with one line', async (context) => {
    const dir = smallFileSystem(8);
    if (dir === undefined) return context.skip();
    const summary = join(dir, 'summary.md');
    // Two pages: the earlier summary all but fills one, the filler takes the other.
    const earlier = `# earlier step\n${'.'.repeat(4060)}\n`;
    writeFileSync(summary, earlier);
    writeFileSync(join(dir, 'filler'), Buffer.alloc(4096));
    const result = await runInProcess(['check', sample, '-f', 'github'], { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(result.stderr).toBe(`cspm-report: cannot write output: GITHUB_STEP_SUMMARY ${summary} (ENOSPC)\n`);
    expect(result.code).toBe(2);
    expect(readFileSync(summary, 'utf8')).toBe(earlier);
  });
});
