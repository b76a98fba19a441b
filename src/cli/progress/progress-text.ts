import type { Progress } from '../../index.js';
import { displayCount, terminalText } from '../../internal.js';

/**
 * The progress line's words: the phase, what it works on, and how far it is, as a
 * count and a percentage where the total is known (`rendering pdf: 12,000/50,000 rows (24%)`),
 * as a count alone where it is not (`rendering xlsx: 12,288 rows`).
 */
export function progressText(progress: Progress): string {
  const { phase, subject, done, total, unit } = progress;
  const head = subject === undefined ? phase : `${phase} ${terminalText(subject)}`;
  if (done === undefined) return `${head}…`;
  const units = unit === undefined ? '' : ` ${unit}`;
  if (total === undefined) return `${head}: ${displayCount(done)}${units}`;
  // Floor, so that 100% means done, never 99.6% rounded up.
  const percent = total > 0 ? ` (${Math.floor((done / total) * 100)}%)` : '';
  return `${head}: ${displayCount(done)}/${displayCount(total)}${units}${percent}`;
}
