import type { Progress } from '../../index.js';
import { progressText } from './progress-text.js';

/**
 * How the line is timed; the command line takes the delay from CSPM_PROGRESS_DELAY_MS when set (see progress-io.ts).
 */
export interface ProgressTiming {
  /** A run shorter than this shows nothing: a progress line that flashes by is noise. */
  delayMs: number;
  /** At most one redraw per this many ms: a few a second reads well and costs nothing. */
  intervalMs: number;
}

/** Drawn after one second of work, redrawn at most four times a second. */
export const defaultTiming: ProgressTiming = { delayMs: 1000, intervalMs: 250 };

/** Erases from the cursor to the end of the line, after a carriage return took the cursor to its start. */
const eraseLine = '\r\u001b[K';

/** What the display writes to: standard error, with its width when it has one. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * One line of progress on a terminal, redrawn in place with a carriage return and
 * cleared at the end. It draws only once the run has lasted {@link ProgressTiming.delayMs},
 * then at most every {@link ProgressTiming.intervalMs}; a later state that came in
 * between is drawn by a timer, so the line never lags behind for long. Any other text
 * must call {@link ProgressDisplay.clear} first (see progress-io.ts), so that the two
 * never share a line.
 */
export class ProgressDisplay {
  readonly #stream: ProgressStream;
  readonly #timing: ProgressTiming;
  readonly #started = Date.now();
  #latest: Progress | undefined;
  #shown = false;
  #drawnAt = 0;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  readonly #hooks: { onShow: () => void; onClear: () => void };

  /**
   * @param hooks told when the line appears and goes: the command line keeps the stop
   *        signals handled meanwhile, so that an interrupted run clears the line too
   */
  constructor(
    stream: ProgressStream,
    timing: ProgressTiming = defaultTiming,
    hooks: { onShow: () => void; onClear: () => void } = { onShow: () => undefined, onClear: () => undefined },
  ) {
    this.#stream = stream;
    this.#timing = timing;
    this.#hooks = hooks;
  }

  /** Takes the latest state of the run; draws it when the timing allows, else soon. */
  report(progress: Progress): void {
    if (this.#stopped) return;
    this.#latest = progress;
    const now = Date.now();
    const due = Math.max(
      this.#started + this.#timing.delayMs,
      this.#shown ? this.#drawnAt + this.#timing.intervalMs : 0,
    );
    if (now >= due) this.#draw(now);
    else this.#schedule(due - now);
  }

  /** Removes the line, if shown; the next report draws it again. */
  clear(): void {
    if (!this.#shown) return;
    this.#stream.write(eraseLine);
    this.#shown = false;
    this.#hooks.onClear();
  }

  /** Clears the line for good, at the end of the run. */
  stop(): void {
    this.#stopped = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.clear();
  }

  #schedule(wait: number): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (!this.#stopped && this.#latest !== undefined) this.report(this.#latest);
    }, wait);
    // The line never keeps a finished run waiting.
    this.#timer.unref();
  }

  #draw(now: number): void {
    if (this.#latest === undefined) return;
    // One column short of the width: a line that wraps cannot be redrawn in place. A
    // terminal that reports no size (0×0 under script(1), a serial console) is taken as 80 wide.
    const columns = this.#stream.columns === undefined || this.#stream.columns <= 0 ? 80 : this.#stream.columns;
    const width = Math.max(20, columns - 1);
    const text = progressText(this.#latest);
    if (!this.#shown) this.#hooks.onShow();
    this.#stream.write(`${eraseLine}${text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
    this.#shown = true;
    this.#drawnAt = now;
  }
}
