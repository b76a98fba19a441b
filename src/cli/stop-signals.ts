/**
 * Commands that run until stopped (`serve`) claim SIGINT and SIGTERM: while a claim is
 * held, the signal handler that bin.ts installs calls it instead of ending the process,
 * so that the command closes what it opened and returns its own exit code.
 */
const claims = new Set<(signal: NodeJS.Signals) => void>();

/** Routes the next stop signal to `handler` until the returned function releases it. */
export function claimStopSignals(handler: (signal: NodeJS.Signals) => void): () => void {
  claims.add(handler);
  return () => claims.delete(handler);
}

/** Hands `signal` to the commands that claimed it; false when none did. */
export function dispatchStopSignal(signal: NodeJS.Signals): boolean {
  if (claims.size === 0) return false;
  for (const handler of [...claims]) handler(signal);
  return true;
}
