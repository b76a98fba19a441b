/**
 * SIGINT and SIGTERM, handled only while something needs them handled.
 *
 * With no handler, a stop signal ends the process at once, the way the operating system
 * does, whatever the main thread is doing: a parse of a large report or a long analysis
 * cannot be interrupted by a JavaScript handler, which runs only between turns of the
 * event loop. So a handler is installed only once it has work: temporary files to
 * remove (pending-files.ts) or a command that runs until stopped (`serve`) and claims the
 * signal to close what it opened; and it is removed, once idle, before a parse (see
 * releaseIdleStopSignals). Either way the shell sees 130 or 143.
 */

/** The shell's exit code of each stop signal: 128 + its number. */
const exitCodes = { SIGINT: 130, SIGTERM: 143 } as const;
type StopSignal = keyof typeof exitCodes;

const claims = new Set<(signal: NodeJS.Signals) => void>();
let holds = 0;
let onStop: ((code: number) => void) | undefined;

const handlers = Object.fromEntries(
  (Object.keys(exitCodes) as StopSignal[]).map((signal) => [
    signal,
    () => {
      if (claims.size > 0) {
        for (const handler of [...claims]) handler(signal);
        return;
      }
      onStop?.(exitCodes[signal]);
    },
  ]),
) as Record<StopSignal, () => void>;

function wanted(): boolean {
  return onStop !== undefined && (holds > 0 || claims.size > 0);
}

function installed(signal: StopSignal): boolean {
  return process.listeners(signal).includes(handlers[signal]);
}

/**
 * Installs the handlers when they have work. It never removes them: a signal the
 * operating system delivered in this turn of the event loop is dispatched to
 * JavaScript only in a later one, and removing the handler before then drops it (a
 * SIGTERM that came as a temporary file was renamed into place was lost, and the run
 * went on). Handlers left without work are removed by releaseIdleStopSignals, just
 * before work that no handler could interrupt. Meanwhile they end the process as the
 * signal would: removePendingFiles finds nothing to remove, and the exit code is the same.
 */
function update(): void {
  if (!wanted()) return;
  for (const signal of Object.keys(exitCodes) as StopSignal[])
    if (!installed(signal)) process.on(signal, handlers[signal]);
}

/**
 * Removes handlers that have no work left, so that a long synchronous step (the parse
 * of a large report) can be ended by a signal at once. It first lets the event loop
 * turn twice, through a poll for I/O, so that a signal already delivered is dispatched
 * (and ends the process) rather than dropped with its handler.
 */
export async function releaseIdleStopSignals(): Promise<void> {
  const signals = (Object.keys(exitCodes) as StopSignal[]).filter(installed);
  if (wanted() || signals.length === 0) return;
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  if (wanted()) return;
  for (const signal of signals) process.off(signal, handlers[signal]);
}

/**
 * What the command line does on a stop signal while one is held and none is claimed
 * (remove temporary files, exit with `code`). Only the command line calls this: a
 * library does not take over a process's signals.
 */
export function handleStopSignals(stop: (code: number) => void): void {
  onStop = stop;
  update();
}

/** Holds the signals until the returned function releases them: the handler of handleStopSignals runs meanwhile. */
export function holdStopSignals(): () => void {
  holds += 1;
  update();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    update();
  };
}

/**
 * Routes the next stop signal to `handler` until the returned function releases it, so
 * that a command that runs until stopped (`serve`) closes what it opened and returns
 * its own exit code. A second signal, once released, ends the process the default way.
 */
export function claimStopSignals(handler: (signal: NodeJS.Signals) => void): () => void {
  const once = (signal: NodeJS.Signals): void => {
    claims.delete(once);
    update();
    handler(signal);
  };
  claims.add(once);
  update();
  return () => {
    claims.delete(once);
    update();
  };
}
