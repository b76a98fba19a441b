import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin } from '../support/bin-run.js';
import { writeManyPolicies } from '../support/many-policies.js';
import { hasProgram } from '../support/system-program.js';

/**
 * The progress line of a long run, on a real pseudo-terminal (script(1)). Every run sets
 * the delay before the line to 0 (CSPM_PROGRESS_DELAY_MS), so the line is drawn from the
 * start: a run that must show nothing (redirected, --quiet, TERM=dumb) would show it if
 * it drew at all, even on a small input. The runs that must show the rendering phase
 * render a report of 10,000 policies, whose workbook takes long enough for a few redraws
 * (one at most every 250 ms: three on 2 cores, 30,000 drew six); nothing here measures time.
 */
const eraseLine = '\r\u001b[K';
const progressPattern = /\r\u001b\[Krendering xlsx: [\d,]+ rows/;
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cspm-progress-'));
  // many.json, which the runs that show progress render; small/many.json for those that must show nothing.
  writeManyPolicies(dir, 10_000);
  mkdirSync(join(dir, 'small'));
  writeManyPolicies(join(dir, 'small'), 100);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const node = JSON.stringify(process.execPath);
const cli = JSON.stringify(join(process.cwd(), bin));
// Literal, not imported: importing the command line's modules costs this file seconds of start-up.
const atOnce = { CSPM_PROGRESS_DELAY_MS: '0' };

/**
 * Runs `shell` (which names the command line as `$CLI`) on a pseudo-terminal of 100 columns; returns what the terminal
 * showed.
 */
function onTerminal(shell: string, env: Record<string, string> = {}): { status: number | null; shown: string } {
  const result = spawnSync(
    'script',
    ['-qec', `stty cols 100; ${shell.replaceAll('$CLI', `${node} ${cli}`)}`, '/dev/null'],
    {
      cwd: dir,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, TERM: 'xterm', ...atOnce, ...env },
    },
  );
  return { status: result.status, shown: result.stdout };
}

// One run with the line drawn, NO_COLOR set, for two cases: NO_COLOR changes nothing of what
// a terminal shows (the case under TERM=dumb shows the same lines plain without it).
let drawnRun: ReturnType<typeof onTerminal> | undefined;
const drawn = (): ReturnType<typeof onTerminal> =>
  (drawnRun ??= onTerminal(`$CLI render many.json -f xlsx --out-dir drawn`, { NO_COLOR: '1' }));

describe.skipIf(process.platform !== 'linux' || !hasProgram('script', 'bsdutils'))(
  'progress of a long render on a terminal',
  () => {
    it('shows on standard error, is cleared before the next line, and leaves standard output the same bytes', () => {
      // Standard output to a file, standard error on the terminal.
      const { status, shown } = onTerminal(`$CLI render many.json -f xlsx -o - > tty.xlsx`);
      expect(status).toBe(0);
      expect(shown).toMatch(progressPattern);
      // The summary line that ends the run starts on a cleared line, and no progress follows it.
      expect(shown).toMatch(/\r\u001b\[K {2}many\.json: 1 report, 10,002 policies, no findings\r\n$/);
      const piped = spawnSync(
        process.execPath,
        [join(process.cwd(), bin), 'render', 'many.json', '-f', 'xlsx', '-o', '-'],
        { cwd: dir, timeout: 120_000, maxBuffer: 2 ** 30, env: { ...process.env, ...atOnce } },
      );
      expect(piped.status).toBe(0);
      expect(piped.stderr.toString()).not.toContain('\r');
      expect(Buffer.compare(readFileSync(join(dir, 'tty.xlsx')), piped.stdout)).toBe(0);
    }, 240_000);

    it('shows only when standard error is a terminal: a redirected one gets nothing, and the results are the same', () => {
      expect(drawn().shown).toMatch(progressPattern);
      const { status, shown } = onTerminal(`$CLI render many.json -f xlsx --out-dir redirected 2> stderr.txt`);
      expect(status).toBe(0);
      // The status lines alone: they go to standard error, with no progress when it is redirected.
      expect(readFileSync(join(dir, 'stderr.txt'), 'utf8')).toBe(
        'wrote redirected/many.xlsx\n  many.json: 1 report, 10,002 policies, no findings\n',
      );
      expect(shown).toBe('');
      // The same lines once the progress and its clearing are taken out.
      expect(drawn().shown.replace(/\r\u001b\[K(?:(?:reading|checking|rendering|writing)[^\r]*)?/g, '')).toBe(
        'wrote drawn/many.xlsx\r\n  many.json: 1 report, 10,002 policies, no findings\r\n',
      );
    }, 240_000);

    it('shows nothing with --quiet', () => {
      const { status, shown } = onTerminal(`$CLI render small/many.json -f xlsx --out-dir quiet --quiet`);
      expect(status).toBe(0);
      // --quiet drops the status lines too; the document is written.
      expect(shown).toBe('');
      expect(existsSync(join(dir, 'quiet/many.xlsx'))).toBe(true);
    }, 120_000);

    it('shows nothing under TERM=dumb, and plain text under NO_COLOR', () => {
      expect(onTerminal(`$CLI render small/many.json -f xlsx --out-dir dumb`, { TERM: 'dumb' }).shown).toBe(
        'wrote dumb/many.xlsx\r\n  small/many.json: 1 report, 102 policies, no findings\r\n',
      );
      const { shown } = drawn();
      expect(shown).toMatch(progressPattern);
      expect(shown.replaceAll(eraseLine, '')).not.toContain('\u001b');
    }, 240_000);

    it('is cleared when SIGINT stops the run (exit 130)', async () => {
      // exec: the command line takes the shell's process id, which the shell wrote down.
      const child = spawn(
        'script',
        [
          '-qec',
          `stty cols 100; echo $$ > pid; exec ${node} ${cli} render many.json -f xlsx --out-dir stopped`,
          '/dev/null',
        ],
        { cwd: dir, env: { ...process.env, TERM: 'xterm', ...atOnce } },
      );
      let shown = '';
      const exited = new Promise<number | null>((resolve) => child.on('close', (status) => resolve(status)));
      await new Promise<void>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          shown += chunk.toString();
          if (progressPattern.test(shown)) resolve();
        });
        child.on('exit', () => resolve());
      });
      expect(shown).toMatch(progressPattern);
      process.kill(Number(readFileSync(join(dir, 'pid'), 'utf8')), 'SIGINT');
      expect(await exited).toBe(130);
      expect(shown.endsWith(eraseLine)).toBe(true);
    }, 120_000);
  },
);
