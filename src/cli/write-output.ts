import { CspmError } from '../index.js';
import { isStandardOutput } from '../internal.js';
import { flushStandardOutput, type CliIo } from './cli-io.js';
import { writeAtomic, type OutputBody } from './write-atomic.js';

export { isStandardOutput } from '../internal.js';

/**
 * Writes an output: to standard output for `-`, else atomically to the file, never
 * through a link of that name or in a folder below `root`, the output folder it is
 * written under (see writeAtomic). Standard
 * output is flushed before this returns, so that a failed write (a full disk behind a
 * redirect) fails the run here, with the output named, rather than passing unseen.
 */
export async function writeOutput(output: string, body: OutputBody, io: CliIo, root?: string): Promise<void> {
  if (!isStandardOutput(output)) {
    await writeAtomic(output, body, root);
    return;
  }
  if (typeof body === 'string' || body instanceof Uint8Array) {
    io.stdout.write(body);
  } else {
    // A stream of chunks waits for each to leave once the pipe is full, so that an
    // output of gigabytes to a slow reader is never held in memory whole.
    for await (const chunk of body)
      if (io.stdout.write(chunk) === false) await flushStandardOutput(io).catch(() => undefined);
  }
  await flushStandardOutput(io).catch((error: unknown) => {
    throw standardOutputError(error);
  });
}

/** The error of a failed write to standard output: one line, the system's code as the reason. */
export function standardOutputError(error: unknown): CspmError {
  const reason = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error);
  return new CspmError('output-failed', `standard output (${reason})`, { cause: error, data: { path: '-' } });
}
