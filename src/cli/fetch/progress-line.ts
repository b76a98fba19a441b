import type { CliIo } from '../cli-io.js';

/** Redraws at most this often: a fleet of fast fetches would otherwise flood the terminal. */
const minIntervalMs = 100;

/**
 * A one-line progress display on standard error, on a terminal only (a log or a pipe
 * gets the result lines and nothing else). Lines printed through it clear the
 * progress first and redraw it after, so the two never garble each other.
 */
export class ProgressLine {
  readonly #stream: CliIo['stderr'];
  readonly #enabled: boolean;
  #text = '';
  #shown = false;
  #drawnAt = 0;

  constructor(io: CliIo) {
    this.#stream = io.stderr;
    this.#enabled = io.stderr.isTTY === true;
  }

  /** Shows `text` as the progress (`fetched 12/200`), unless the last redraw was moments ago. */
  update(text: string, force = false): void {
    this.#text = text;
    if (!this.#enabled) return;
    const now = Date.now();
    if (!force && this.#shown && now - this.#drawnAt < minIntervalMs) return;
    this.#drawnAt = now;
    this.#stream.write(`\r\u001b[K${text}`);
    this.#shown = true;
  }

  /** Writes a whole line to `stream` (standard output or error) above the progress. */
  print(stream: CliIo['stdout'] | CliIo['stderr'], line: string): void {
    this.clear();
    stream.write(line);
    if (this.#enabled && this.#text !== '') this.update(this.#text, true);
  }

  /** Removes the progress line, at the end of a run. */
  clear(): void {
    if (!this.#shown) return;
    this.#stream.write('\r\u001b[K');
    this.#shown = false;
  }
}
