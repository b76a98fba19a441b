import type { ProgressListener } from '../../index.js';
import type { CliIo } from '../cli-io.js';
import { holdStopSignals } from '../stop-signals.js';
import { defaultTiming, ProgressDisplay, type ProgressStream, type ProgressTiming } from './progress-display.js';

/** The display of each run's streams, for the commands to find by the `io` they are given. */
const displays = new WeakMap<CliIo, ProgressDisplay>();

/**
 * Whether a run may draw progress: standard error is a terminal, and one that moves
 * its cursor (TERM=dumb, Emacs' shell buffer say, gets nothing rather than a line of
 * escape codes). NO_COLOR changes nothing: the line has no colour.
 */
function drawsProgress(io: CliIo): boolean {
  return io.stderr.isTTY === true && io.env['TERM'] !== 'dumb';
}

/** The variable that sets the delay before the line appears, in whole milliseconds. */
export const progressDelayVariable = 'CSPM_PROGRESS_DELAY_MS';

/**
 * The timing of the line: the default, or the delay of `CSPM_PROGRESS_DELAY_MS` when it
 * is a whole number of milliseconds (anything else is ignored). It exists so that a short
 * run can show its progress at once (`0`): a test of what a terminal shows needs no input
 * large enough to outlast the default second, and one of a run that must show nothing
 * proves something only if the line would otherwise have appeared.
 */
export function progressTimingOf(env: CliIo['env']): ProgressTiming {
  const delay = env[progressDelayVariable];
  return delay !== undefined && /^\d{1,9}$/.test(delay) ? { ...defaultTiming, delayMs: Number(delay) } : defaultTiming;
}

/**
 * The streams of a run with a progress line on standard error when it is a terminal:
 * every other write, to standard error or to a terminal's standard output, clears the
 * line first, so an error, a warning or a result never lands on the end of it. Call
 * `stop` when the run ends, before its last words. A run whose standard error is not a
 * terminal gets its streams unchanged.
 */
export function withProgressLine(
  io: CliIo,
  timing: ProgressTiming = progressTimingOf(io.env),
): { io: CliIo; stop: () => void } {
  if (!drawsProgress(io)) return { io, stop: () => undefined };
  const display = new ProgressDisplay(io.stderr as ProgressStream, timing, signalsHeldWhileShown(io));
  const shown: CliIo = {
    ...io,
    stdout: io.stdout.isTTY === true ? clearingFirst(io.stdout, display) : io.stdout,
    stderr: clearingFirst(io.stderr, display),
  };
  displays.set(shown, display);
  return { io: shown, stop: () => display.stop() };
}

/**
 * The listener that draws a command's progress, or undefined when nothing is to be
 * drawn: standard error is no terminal, or `--quiet`.
 */
export function progressListener(io: CliIo, quiet: boolean | undefined): ProgressListener | undefined {
  const display = displays.get(io);
  if (display === undefined || quiet === true) return undefined;
  return (progress) => display.report(progress);
}

/**
 * Clears the progress line, if any, before a step that holds the main thread for a
 * while (the parse of a large report): a stop signal then ends the process at once,
 * the default way, and leaves no line behind.
 */
export function clearProgressLine(io: CliIo): void {
  displays.get(io)?.clear();
}

/**
 * While the line is shown, stop signals are handled (see stop-signals.ts) so that the
 * process ends through `exit`, whose listener clears the line: an interrupted run
 * leaves the shell's prompt on a clean line.
 */
function signalsHeldWhileShown(io: CliIo): { onShow: () => void; onClear: () => void } {
  let release: (() => void) | undefined;
  const clearOnExit = (): void => void io.stderr.write('\r\u001b[K');
  return {
    onShow() {
      release = holdStopSignals();
      process.on('exit', clearOnExit);
    },
    onClear() {
      release?.();
      release = undefined;
      process.off('exit', clearOnExit);
    },
  };
}

/** `stream` whose writes clear the progress line first; its other members as they are. */
function clearingFirst<T extends object>(stream: T, display: ProgressDisplay): T {
  return new Proxy(stream, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (key === 'write' && typeof value === 'function') {
        return (...args: unknown[]) => {
          display.clear();
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
