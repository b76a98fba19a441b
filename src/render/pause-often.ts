import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * A long render gives the event loop a turn now and then, so that a stop signal's
 * handler (the command line's SIGINT and SIGTERM, which remove the unfinished output)
 * runs within a moment instead of after the whole document. One turn every `every`
 * steps (rows, pages) costs nothing measurable; one per row would.
 *
 * @param onTurn told the steps taken so far at each turn: progress, at no cost per step
 * @returns a function to call once per step: it returns a promise to await every
 *          `every` calls, and undefined otherwise (no await, no microtask per step)
 */
export function pauseOften(every = 500, onTurn?: (steps: number) => void): () => Promise<void> | undefined {
  let steps = 0;
  let taken = 0;
  return () => {
    steps += 1;
    if (steps < every) return undefined;
    taken += steps;
    steps = 0;
    onTurn?.(taken);
    return nextTurn();
  };
}
