import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  lstatSync,
  openSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bin } from '../support/bin-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const sample = 'samples/aws-cis.json';

/** Runs the built command line with its standard output opened on `path`. */
function runInto(path: string, args: string[], flags = 'w'): { status: number | null; stderr: string } {
  const fd = openSync(path, flags);
  try {
    const result = spawnSync(process.execPath, [bin, ...args], {
      stdio: ['ignore', fd, 'pipe'],
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    return { status: result.status, stderr: result.stderr };
  } finally {
    closeSync(fd);
  }
}

describe.skipIf(!existsSync('/dev/full'))('a failed write to standard output', () => {
  it.each([[['check', sample, '--format', 'json']], [['render', sample, '-f', 'csv', '-o', '-']], [['rules']]])(
    '%j exits 2 with one line when standard output is full',
    (args) => {
      const result = runInto('/dev/full', args);
      expect(result.stderr).toBe('cspm-report: cannot write output: standard output (ENOSPC)\n');
      expect(result.status).toBe(2);
    },
  );
});

describe('a gate whose findings cannot be written to standard output', () => {
  it('exits 2 and its --result file says the run failed', async () => {
    const result = join(tempDir(), 'gate.json');
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    let stderr = '';
    const code = await runCli(
      ['gate', sample, '--rules', 'cspm:recommended', '-f', 'json', '-o', '-', '--result', result],
      {
        stdout: { write: () => false, flush: () => Promise.reject(full) },
        stderr: { write: (text: string) => (stderr += text) },
        stdin: Readable.from([]),
        env: {},
      },
    );
    expect(stderr).toBe('cspm-report: cannot write output: standard output (ENOSPC)\n');
    expect(code).toBe(2);
    expect(JSON.parse(readFileSync(result, 'utf8'))).toMatchObject({
      status: 'fail',
      exitCode: 2,
      error: { code: 'output-failed' },
    });
  });
});

describe.skipIf(process.platform === 'win32')('standard output named as a file', () => {
  it.each(['/dev/stdout', '/proc/self/fd/1'])(
    '-o %s writes into the file the shell redirected into, never a new one in its place',
    (name) => {
      const dir = tempDir();
      const redirect = join(dir, 'redirected.json');
      writeFileSync(redirect, 'to be replaced by the shell\n');
      const inode = statSync(redirect).ino;
      // `> file` as a shell does it: the file truncated and opened as standard output.
      const result = runInto(redirect, ['check', sample, '-f', 'json', '-o', name]);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(statSync(redirect).ino).toBe(inode);
      expect(JSON.parse(readFileSync(redirect, 'utf8'))).toMatchObject({ verdict: { status: 'pass' } });
    },
  );

  it('a symbolic link to /dev/stdout stays a link, and the redirect target keeps its inode', () => {
    const dir = tempDir();
    const link = join(dir, 'findings.json');
    symlinkSync('/dev/stdout', link);
    const redirect = join(dir, 'redirected.json');
    writeFileSync(redirect, '');
    const inode = statSync(redirect).ino;
    const result = runInto(redirect, ['check', sample, '-f', 'json', '-o', link]);
    expect(result.status).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(statSync(redirect).ino).toBe(inode);
    expect(JSON.parse(readFileSync(redirect, 'utf8'))).toMatchObject({ verdict: { status: 'pass' } });
  });

  it('-o /dev/stdout after >> keeps what the file held', () => {
    const redirect = join(tempDir(), 'log.txt');
    writeFileSync(redirect, 'earlier line\n');
    const result = runInto(redirect, ['render', sample, '-f', 'csv', '-o', '/dev/stdout'], 'a');
    expect(result.status).toBe(0);
    const text = readFileSync(redirect, 'utf8');
    expect(text.startsWith('earlier line\n')).toBe(true);
    expect(text).toContain('"Ensure');
  });
});

describe.skipIf(process.platform === 'win32')('the permissions of a file written', () => {
  it.each([0o600, 0o664])('a replaced file keeps its mode (%d in decimal)', (mode) => {
    const out = join(tempDir(), 'findings.json');
    writeFileSync(out, '{}');
    spawnSync('chmod', [mode.toString(8), out]);
    const result = spawnSync(process.execPath, [bin, 'check', sample, '-o', out], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(mode);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ verdict: { status: 'pass' } });
  });

  it.each([
    ['077', 0o600],
    ['022', 0o644],
  ])('a new file gets the umask %s', (umask, mode) => {
    const out = join(tempDir(), 'findings.json');
    const result = spawnSync(
      'sh',
      ['-c', `umask ${umask}; exec "$0" "$@"`, process.execPath, bin, 'check', sample, '-o', out],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(mode);
  });
});
