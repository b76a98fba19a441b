import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin } from '../support/bin-run.js';
import { hasProgram } from '../support/system-program.js';
import { generatedReport } from '../support/generated-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
let report = '';

// A folder kept for the whole file, for inputs that several cases share.
let fileDir: string | undefined;
afterAll(() => {
  if (fileDir !== undefined) rmSync(fileDir, { recursive: true, force: true });
});
function tempDirOfFile(): string {
  fileDir ??= mkdtempSync(join(tmpdir(), 'cspm-stop-'));
  return fileDir;
}

/**
 * The exit status a shell reports for a child (`$?`): its exit code, or 128 + the number
 * of the signal that ended it. A stop signal either runs the command line's handler,
 * which exits 130 or 143 after removing temporary files, or, when there is nothing to
 * remove, ends the process at once the default way; a shell sees 130 or 143 either way.
 */
function shellStatus(status: number | null, signal: NodeJS.Signals | null): number | null {
  return status ?? (signal === null ? null : 128 + constants.signals[signal]);
}

/**
 * Spawns the built command line, sends `signal` once `ready(pid)` holds (checked every
 * 20 ms) and resolves with the shell's status, the signal that ended the process if one
 * did (rather than a handler's exit), the ms it took to end, and stderr.
 */
async function stopAfter(
  args: string[],
  signal: NodeJS.Signals,
  ready: (pid: number) => boolean,
): Promise<{ status: number | null; endedBy: NodeJS.Signals | null; took: number; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let running = true;
  const exited = new Promise<{ status: number | null; endedBy: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (status, ended) => {
      running = false;
      resolve({ status: shellStatus(status, ended), endedBy: ended });
    }),
  );
  while (running && !ready(child.pid!)) await new Promise((resolve) => setTimeout(resolve, 20));
  const sent = Date.now();
  child.kill(signal);
  const { status, endedBy } = await exited;
  return { status, endedBy, took: Date.now() - sent, stderr };
}

/**
 * Whether process `pid` has read at least `bytes` (its rchar in /proc, which counts its
 * modules too): once it holds for the size of the input, the process has read it and is
 * counting or parsing it.
 */
function hasRead(pid: number, bytes: number): boolean {
  try {
    return Number(/^rchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]) >= bytes;
  } catch {
    // Gone already, or not yet readable: the caller's loop ends with the process.
    return false;
  }
}

beforeAll(async () => {
  // Made once and shared, outside the temporary folders removed after each test.
  report = await generatedReport(30_000);
});

/**
 * Runs the built command line on a pseudo-terminal (script(1)), its progress line drawn
 * from the start, and sends `signal` to it once the line shows the PDF's first rows drawn
 * (and not yet all of them): the process says it is drawing the document. Resolves with
 * the shell's status, everything the terminal showed, and the rows shown when it was sent.
 */
async function stopWhileDrawing(
  args: string[],
  signal: NodeJS.Signals,
): Promise<{ status: number | null; shown: string; rowsWhenSent: string | undefined }> {
  const command = [process.execPath, join(process.cwd(), bin), ...args]
    .map((word) => `'${word.replaceAll("'", "'\\''")}'`)
    .join(' ');
  // `exec` makes the shell's pid the command line's: it prints it first, for the signal.
  const child = spawn('script', ['-qec', `stty cols 100; echo "pid $$"; exec ${command}`, '/dev/null'], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, TERM: 'xterm', CSPM_PROGRESS_DELAY_MS: '0' },
  });
  let shown = '';
  let rowsWhenSent: string | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    shown += chunk.toString();
    const pid = /^pid (\d+)\r?\n/.exec(shown)?.[1];
    const rows = /rendering pdf: ([\d,]+)\/([\d,]+) rows/.exec(shown);
    if (rowsWhenSent === undefined && pid !== undefined && rows?.[1] !== undefined && rows[1] !== rows[2]) {
      rowsWhenSent = rows[1];
      process.kill(Number(pid), signal);
    }
  });
  const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { status, shown, rowsWhenSent };
}

// The old PDF renderer drew every page in one synchronous stretch of seconds: the stop
// signal's handler, installed while the progress line is shown, waited for it to end.
// It must now run while the document is being drawn: the run ends before its last row,
// through the handler (whose exit clears the line), and leaves no output.
describe.skipIf(process.platform !== 'linux' || !hasProgram('script', 'bsdutils'))(
  'a stop signal during a long render',
  () => {
    it.each([
      ['SIGTERM', 143],
      ['SIGINT', 130],
    ] as const)(
      '%s ends a 30,000-policy PDF render while it is drawn (exit %i), leaving no output',
      async (signal, code) => {
        const out = join(tempDir(), 'out');
        const { status, shown, rowsWhenSent } = await stopWhileDrawing(
          ['render', report, '-f', 'pdf', '--out-dir', out],
          signal,
        );
        expect(rowsWhenSent, 'the progress line never showed the PDF being drawn').toBeDefined();
        expect(status).toBe(code);
        // Stopped within a few rows of the signal, never drawn to its end.
        expect(shown).not.toContain('rendering pdf: 30,000/30,000 rows');
        expect(shown).not.toContain('writing');
        // The handler's exit cleared the line; nothing follows it.
        expect(shown).toMatch(/rows \(\d+%\)\r\u001b\[K$/);
        expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
      },
      60_000,
    );
  },
);

// JSON.parse and the analysis of a large input run in one stretch that no JavaScript
// signal handler can interrupt: with no temporary file to remove, the signal ends the
// process the default way, at once (it used to wait seconds for the parse to end).
describe.runIf(process.platform === 'linux')('a stop signal while a large input is read', () => {
  // One input of 3 million objects (9 MB) for the three cases, written on first use. The
  // signal is sent once the process has read it (not after a fixed second, which a small
  // input could outlast on a fast machine), so the parse and analysis that follow, a
  // second or more, are what it cuts short.
  const objects = 3_000_000;
  const largeBytes = objects * 3 + 1;
  let large: string | undefined;
  const largeInput = (): string => {
    if (large === undefined) {
      large = join(tempDirOfFile(), 'large.json');
      writeFileSync(large, `[${'{},'.repeat(objects - 1)}{}]`);
    }
    return large;
  };
  // How long a check of that input takes when nothing stops it, measured once: a stop "at
  // once" must end the run in well under half of it (and within a second on an idle
  // machine), a bound that grows with the machine's load as the parse it cuts short does.
  let uninterrupted: number | undefined;
  const atOnce = (): number => {
    if (uninterrupted === undefined) {
      const started = Date.now();
      spawnSync(process.execPath, [bin, 'check', largeInput()], { stdio: 'ignore' });
      uninterrupted = Date.now() - started;
    }
    return Math.max(1000, uninterrupted / 2);
  };

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)(
    '%s ends a check of 3 million objects at once (exit %i)',
    async (signal, code) => {
      const { status, endedBy, took, stderr } = await stopAfter(['check', largeInput()], signal, (pid) =>
        hasRead(pid, largeBytes),
      );
      expect(status).toBe(code);
      // Ended by the signal itself, as the operating system does, not by a handler after the parse.
      expect(endedBy).toBe(signal);
      expect(took).toBeLessThan(atOnce());
      expect(stderr).toBe('');
    },
    60_000,
  );

  // A gate with --result writes its incomplete result first, which installs the
  // handler; it is released before the parse, so the parse still ends at once.
  it('SIGTERM ends a gate of 3 million objects at once after it wrote its incomplete --result', async () => {
    const result = join(tempDir(), 'gate.json');
    // Once the incomplete result is written, the parse comes next: a second's wait did not
    // always reach it on a loaded machine.
    const { status, took, stderr } = await stopAfter(
      ['gate', largeInput(), '--rules', 'cspm:recommended', '--result', result],
      'SIGTERM',
      () => existsSync(result),
    );
    expect(status).toBe(143);
    expect(took).toBeLessThan(atOnce());
    expect(stderr).toBe('');
    expect(readFileSync(result, 'utf8')).toContain('gate-incomplete');
  }, 60_000);
});
