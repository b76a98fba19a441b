import { once, type EventEmitter } from 'node:events';

/**
 * Waits until a writable stream has taken in what it was given ('drain'), or is closed.
 * The listener that did not fire is removed, so waiting often does not pile up listeners.
 */
export async function drained(stream: EventEmitter): Promise<void> {
  const stop = new AbortController();
  const { signal } = stop;
  await Promise.race([once(stream, 'drain', { signal }), once(stream, 'close', { signal })]).finally(() =>
    stop.abort(),
  );
}
