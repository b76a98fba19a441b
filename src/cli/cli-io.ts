import type { RunSettings } from '../index.js';

/**
 * What the CLI touches of its process, passed in so that tests run the commands
 * in-process against their own streams and environment.
 */
export interface CliIo {
  stdout: {
    write(text: string | Uint8Array): unknown;
    isTTY?: boolean;
    /**
     * Resolves once everything written so far has left the process, or rejects with the
     * error that kept it from leaving (ENOSPC behind a redirect). A reader that closed its
     * end (EPIPE) is no error. A stream without it cannot fail.
     */
    flush?(): Promise<void>;
  };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  stdin: AsyncIterable<Uint8Array | string>;
  env: Record<string, string | undefined>;
  /** The settings of a run that read a config file, which its machine-readable outputs record. */
  runSettings?: RunSettings;
}

/** Exit codes, documented in the README and in `--help`: the library's one table. */
export { exitCodes } from '../internal.js';

/** The process's own streams and environment. */
export function processIo(): CliIo {
  return {
    stdout: flushable(process.stdout),
    stderr: closable(process.stderr),
    stdin: process.stdin,
    env: process.env,
  };
}

/** Waits for standard output to be written out; rejects with the error that stopped it. */
export async function flushStandardOutput(io: CliIo): Promise<void> {
  await io.stdout.flush?.();
}

/**
 * Standard output, whose failures are the run's: each write's outcome is noted (a
 * callback, no system call of its own), and `flush` reports the first error.
 *
 * A reader that closes its end early (`cspm-report check … | head -1`) is no error:
 * what follows is dropped and the run ends as it would have, exit code included.
 * Node would otherwise throw EPIPE from an unhandled 'error' event, with a stack.
 */
function flushable(stream: NodeJS.WriteStream): CliIo['stdout'] {
  let closed = false;
  let failure: Error | undefined;
  let pending = 0;
  const waiting: (() => void)[] = [];
  const settle = (): void => {
    if (pending === 0 || closed) for (const wake of waiting.splice(0)) wake();
  };
  const note = (error: NodeJS.ErrnoException | null | undefined): void => {
    if (!error) return;
    if (error.code !== 'EPIPE') failure ??= error;
    closed = true;
  };
  stream.on('error', (error: NodeJS.ErrnoException) => {
    note(error);
    settle();
  });
  return {
    write: (text: string | Uint8Array) => {
      if (closed) return true;
      pending += 1;
      return stream.write(text, (error) => {
        pending -= 1;
        note(error);
        settle();
      });
    },
    flush: () =>
      new Promise<void>((resolve, reject) => {
        waiting.push(() => (failure ? reject(failure) : resolve()));
        settle();
      }),
    get isTTY() {
      return stream.isTTY;
    },
    get columns() {
      return stream.columns;
    },
  } as CliIo['stdout'];
}

/** Standard error: where a failure would be reported, so one of its own is dropped quietly. */
function closable(stream: NodeJS.WriteStream): CliIo['stderr'] {
  let closed = false;
  stream.on('error', () => {
    closed = true;
  });
  return {
    write: (text: string) => closed || stream.write(text),
    get isTTY() {
      return stream.isTTY;
    },
    // The progress line keeps within it (see progress-display.ts).
    get columns() {
      return stream.columns;
    },
  } as CliIo['stderr'];
}

/** Whether to colour text for `stream`: a terminal, unless NO_COLOR is set (no-color.org). */
export function wantsColor(io: CliIo, stream: CliIo['stdout'], flag: boolean | undefined): boolean {
  if (flag !== undefined) return flag;
  if (io.env['NO_COLOR'] !== undefined && io.env['NO_COLOR'] !== '') return false;
  if (io.env['FORCE_COLOR'] !== undefined && io.env['FORCE_COLOR'] !== '0') return true;
  return stream.isTTY === true;
}
