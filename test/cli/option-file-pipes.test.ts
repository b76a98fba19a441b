import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin } from '../support/bin-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const sample = 'samples/aws-cis.json';

function fifo(dir: string, name: string): string {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  return path;
}

/** The built command line as its own process: a blocking open would hang it, so it is killed after 15 s. */
function run(args: string[]): { status: number | null; signal: NodeJS.Signals | null; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    timeout: 15_000,
    killSignal: 'SIGKILL',
    // No service is needed: each file is read before any request.
    env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', CSPM_BASE_URL: 'http://127.0.0.1:9' },
  });
  return { status: result.status, signal: result.signal, stderr: result.stderr };
}

const fetchArgs = ['fetch', '--license', 'L', '--account', 'A', '--job', 'J', '--benchmark', 'B'];
const onboardArgs = ['onboard', 'azure', '--license', 'L'];

// Each option that names a file, with a named pipe in its place: the old code opened the
// pipe and waited for a writer that never came (not even SIGTERM ended that wait).
describe('a named pipe given to an option that names a file', () => {
  it.each([
    ['--api-key-file', (pipe: string) => [...fetchArgs, '--api-key-file', pipe]],
    ['--license-token-file', (pipe: string) => [...fetchArgs, '--license-token-file', pipe]],
    ['--account-token-file', (pipe: string) => [...fetchArgs, '--account-token-file', pipe]],
    ['--app-secret-file', (pipe: string) => [...fetchArgs, '--app-secret-file', pipe]],
    ['--accounts', (pipe: string) => ['fetch', '--accounts', pipe, '--out-dir', join(pipe, '..', 'out')]],
    ['--body', (pipe: string) => [...onboardArgs, '--body', pipe]],
    ['--ad-client-secret-file', (pipe: string) => [...onboardArgs, '--ad-client-secret-file', pipe]],
    ['--logo', (pipe: string) => ['render', sample, '--logo', pipe, '--out-dir', join(pipe, '..', 'out')]],
    ['--rules', (pipe: string) => ['gate', sample, '--rules', pipe]],
  ])('%s: exits 2 at once with one line naming the file', (option, args) => {
    const pipe = fifo(tempDir(), 'pipe');
    const result = run(args(pipe));
    expect(result.signal).toBeNull();
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^cspm-report: not a regular file: (${option} )?${pipe} is a named pipe, not a regular file[^\\n]*\\n$`,
      ),
    );
  });

  it('--templates: a pipe in the folder is refused, not skipped', () => {
    const dir = tempDir();
    const templates = join(dir, 'templates');
    mkdirSync(templates);
    writeFileSync(join(templates, 'styles.css'), 'body { color: black }');
    const pipe = fifo(templates, 'changes.css');
    const result = run(['render', sample, '--templates', templates, '--out-dir', join(dir, 'out')]);
    expect(result.signal).toBeNull();
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^cspm-report: not a regular file: --templates ${pipe} is a named pipe, not a regular file[^\\n]*\\n$`,
      ),
    );
  });
});
