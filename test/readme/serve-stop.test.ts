import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin } from '../support/bin-run.js';
import { section } from '../support/documentation.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * The documented way to stop `serve` (docs/service.md) stops it: the script form, run as written in a
 * project where npm linked the command, exits 0 and frees the port; and what it warns
 * of is so: `kill $!` after `npx … &` leaves the server running, `kill %1` does not.
 */
const serveSection = section('`cspm-report serve`').text;
const stopping = serveSection.slice(serveSection.indexOf('To stop it:'));
const script = /```sh\n([\s\S]*?)```/.exec(stopping)?.[1] ?? '';
const tempDir = useTempDir();

/** A project in which npm has installed this package: its command linked in node_modules/.bin. */
function installedProject(): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(process.cwd(), join(dir, 'node_modules', 'cspm-report'));
  symlinkSync(join('..', 'cspm-report', bin), join(dir, 'node_modules', '.bin', 'cspm-report'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'project', private: true, dependencies: { 'cspm-report': '0.1.0' } }),
  );
  return dir;
}

function portOf(log: string): number {
  const port = /^listening on http:\/\/127\.0\.0\.1:(\d+)$/m.exec(log)?.[1];
  expect(port, log).toBeDefined();
  return Number(port);
}

/** Whether something accepts connections on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => done(socket.destroy() !== undefined));
    socket.once('error', () => done(false));
  });
}

const waitForLog = 'for i in $(seq 200); do grep -q listening serve.log 2>/dev/null && break; sleep 0.1; done';

describe('docs: stopping serve', () => {
  it('shows a script that starts the command itself and kills its pid', () => {
    expect(script).toMatch(/^node_modules\/\.bin\/cspm-report serve --port \d+ > serve\.log &/m);
    expect(script).toContain('server=$!');
    expect(script).toContain('kill "$server" && wait "$server"');
  });

  it('stops the server that way: exit 0, port free', async () => {
    const dir = installedProject();
    const run = script.replace(/--port \d+/, '--port 0').replace(/^# .*$/m, waitForLog);
    execFileSync('bash', ['-c', run], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
    const port = portOf(readFileSync(join(dir, 'serve.log'), 'utf8'));
    expect(await answers(port)).toBe(false);
  }, 40_000);

  it('kill %1 stops a server started with npx in a shell with job control; kill $! leaves it running', async () => {
    const dir = installedProject();
    const start = `set -m; npx --no-install cspm-report serve --port 0 > serve.log 2>&1 & ${waitForLog}`;
    execFileSync('bash', ['-c', `${start}; kill %1; wait`], { cwd: dir, timeout: 30_000 });
    // `wait` returns once npm has gone; the server, signalled with its whole group, may take a moment more to close.
    const stopped = portOf(readFileSync(join(dir, 'serve.log'), 'utf8'));
    await expect.poll(() => answers(stopped), { timeout: 10_000 }).toBe(false);

    // The server is npm's grandchild (npm, then sh -c, then node): list it before npm goes.
    const orphan = execFileSync(
      'bash',
      ['-c', `${start}; shell=$(pgrep -P $!); server=$(pgrep -P "$shell"); kill $!; wait; echo "$server"`],
      { cwd: dir, encoding: 'utf8', timeout: 30_000 },
    ).trim();
    const port = portOf(readFileSync(join(dir, 'serve.log'), 'utf8'));
    try {
      expect(orphan).toMatch(/^\d+$/);
      expect(await answers(port)).toBe(true);
    } finally {
      if (/^\d+$/.test(orphan)) process.kill(Number(orphan), 'SIGTERM');
    }
  }, 60_000);
});
