import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/cli-io.js';
import { progressListener, progressTimingOf, withProgressLine } from '../../../src/cli/progress/progress-io.js';
import { progressText } from '../../../src/cli/progress/progress-text.js';
import type { Progress } from '../../../src/index.js';

/** Streams that record what was written, standard error a terminal unless told. */
function fakeIo(options: { stderrIsTTY?: boolean; stdoutIsTTY?: boolean; env?: Record<string, string> } = {}): {
  io: CliIo;
  written: { stdout: string; stderr: string };
} {
  const written = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: {
      write: (text: string | Uint8Array) => (written.stdout += String(text)),
      isTTY: options.stdoutIsTTY ?? false,
    },
    stderr: { write: (text: string) => (written.stderr += text), isTTY: options.stderrIsTTY ?? true },
    stdin: Readable.from([]),
    env: options.env ?? {},
  };
  return { io, written };
}

// Drawn at once: these tests are about what is written, not when.
const atOnce = { delayMs: 0, intervalMs: 0 };

describe('the progress line', () => {
  it('is cleared before a failure is printed on standard error, and at the end', () => {
    const { io, written } = fakeIo();
    const run = withProgressLine(io, atOnce);
    progressListener(run.io, false)?.({ phase: 'rendering', subject: 'pdf', done: 500, total: 2_000, unit: 'rows' });
    run.io.stderr.write('cspm-report: cannot write out.pdf\n');
    run.stop();
    expect(written.stderr).toBe(
      '\r\u001b[Krendering pdf: 500/2,000 rows (25%)\r\u001b[Kcspm-report: cannot write out.pdf\n',
    );
  });

  it('is cleared before a line on a terminal standard output, and left alone by a redirected one', () => {
    const terminal = fakeIo({ stdoutIsTTY: true });
    const shown = withProgressLine(terminal.io, atOnce);
    progressListener(shown.io, false)?.({ phase: 'reading', done: 1, total: 2, unit: 'files' });
    shown.io.stdout.write('wrote a.pdf\n');
    expect(terminal.written.stderr).toBe('\r\u001b[Kreading: 1/2 files (50%)\r\u001b[K');
    const redirected = fakeIo();
    const kept = withProgressLine(redirected.io, atOnce);
    progressListener(kept.io, false)?.({ phase: 'reading', done: 1, total: 2, unit: 'files' });
    kept.io.stdout.write('bytes');
    expect(redirected.written.stderr).toBe('\r\u001b[Kreading: 1/2 files (50%)');
    expect(redirected.written.stdout).toBe('bytes');
  });

  it('has no listener with --quiet, when standard error is not a terminal, or under TERM=dumb', () => {
    expect(progressListener(withProgressLine(fakeIo().io, atOnce).io, true)).toBeUndefined();
    expect(progressListener(withProgressLine(fakeIo({ stderrIsTTY: false }).io, atOnce).io, false)).toBeUndefined();
    expect(progressListener(withProgressLine(fakeIo({ env: { TERM: 'dumb' } }).io, atOnce).io, false)).toBeUndefined();
  });

  it('waits a second before it shows, or the whole milliseconds of CSPM_PROGRESS_DELAY_MS', () => {
    const reading: Progress = { phase: 'reading', done: 1, total: 2, unit: 'files' };
    const waiting = fakeIo();
    const waited = withProgressLine(waiting.io);
    progressListener(waited.io, false)?.(reading);
    waited.stop();
    expect(waiting.written.stderr).toBe('');
    const atStart = fakeIo({ env: { CSPM_PROGRESS_DELAY_MS: '0' } });
    const shown = withProgressLine(atStart.io);
    progressListener(shown.io, false)?.(reading);
    shown.stop();
    expect(atStart.written.stderr).toBe('\r\u001b[Kreading: 1/2 files (50%)\r\u001b[K');
    expect(progressTimingOf({ CSPM_PROGRESS_DELAY_MS: '250' })).toEqual({ delayMs: 250, intervalMs: 250 });
    for (const ignored of [undefined, '', 'soon', '-1', '1.5', '1e3'])
      expect(progressTimingOf({ CSPM_PROGRESS_DELAY_MS: ignored })).toEqual({ delayMs: 1000, intervalMs: 250 });
  });

  it('keeps within the terminal width, so that a carriage return can redraw it', () => {
    const { io, written } = fakeIo();
    (io.stderr as { columns?: number }).columns = 30;
    const run = withProgressLine(io, atOnce);
    progressListener(run.io, false)?.({ phase: 'writing', subject: 'a/very/long/path/to/the/output/report.pdf' });
    expect(written.stderr).toBe('\r\u001b[Kwriting a/very/long/path/to/…');
  });
});

describe('progress in words', () => {
  it.each<{ name: string; input: Progress; expected: string }>([
    { name: 'a phase alone', input: { phase: 'rendering', subject: 'html' }, expected: 'rendering html…' },
    {
      name: 'a count of a known total',
      input: { phase: 'fetching', done: 12, total: 200, unit: 'reports' },
      expected: 'fetching: 12/200 reports (6%)',
    },
    {
      name: 'a count alone',
      input: { phase: 'rendering', subject: 'xlsx', done: 12_288, unit: 'rows' },
      expected: 'rendering xlsx: 12,288 rows',
    },
    {
      name: 'never 100% before the end',
      input: { phase: 'checking', done: 999, total: 1_000, unit: 'files' },
      expected: 'checking: 999/1,000 files (99%)',
    },
    {
      name: 'a control character in a name shown, not obeyed',
      input: { phase: 'writing', subject: 'a\u001b[2Jb.pdf' },
      expected: 'writing a\\u001b[2Jb.pdf…',
    },
  ])('$name', ({ input, expected }) => {
    expect(progressText(input)).toBe(expected);
  });
});
