import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * A long render gives the event loop a turn now and then, so that a stop signal's
 * handler (the command line's SIGINT and SIGTERM, which remove the unfinished output)
 * runs within a moment instead of after the whole document. One turn every `every`
 * steps (rows, pages) costs nothing measurable; one per row would.
 *
 * @returns a function to call once per step: it returns a promise to await every
 *          `every` calls, and undefined otherwise (no await, no microtask per step)
 */
export function pauseOften(every = 500): () => Promise<void> | undefined {
  let steps = 0;
  return () => {
    steps += 1;
    if (steps < every) return undefined;
    steps = 0;
    return nextTurn();
  };
}
