/**
 * What the CLI touches of its process, passed in so that tests run the commands
 * in-process against their own streams and environment.
 */
export interface CliIo {
  stdout: { write(text: string | Uint8Array): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  stdin: AsyncIterable<Uint8Array | string>;
  env: Record<string, string | undefined>;
}

/** Exit codes, documented in the README and in `--help`: the library's one table. */
export { exitCodes } from '../internal.js';

/** The process's own streams and environment. */
export function processIo(): CliIo {
  return { stdout: closable(process.stdout, 'standard output'), stderr: closable(process.stderr, 'standard error'), stdin: process.stdin, env: process.env };
}

/**
 * A reader that closes its end early (`cspm-report check … | head -1`) is no error:
 * what follows is dropped and the run ends as it would have, exit code included.
 * Node would otherwise throw EPIPE from an unhandled 'error' event, with a stack.
 */
function closable(stream: NodeJS.WriteStream, name: string): CliIo['stdout'] {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (!closed && error.code !== 'EPIPE') process.stderr.write(`cspm-report: cannot write to ${name} (${error.code ?? error.message})\n`);
    closed = true;
  });
  return {
    write: (text: string | Uint8Array) => closed || stream.write(text),
    get isTTY() {
      return stream.isTTY;
    },
    get columns() {
      return stream.columns;
    },
  } as CliIo['stdout'];
}

/** Whether to colour text for `stream`: a terminal, unless NO_COLOR is set (no-color.org). */
export function wantsColor(io: CliIo, stream: CliIo['stdout'], flag: boolean | undefined): boolean {
  if (flag !== undefined) return flag;
  if (io.env['NO_COLOR'] !== undefined && io.env['NO_COLOR'] !== '') return false;
  if (io.env['FORCE_COLOR'] !== undefined && io.env['FORCE_COLOR'] !== '0') return true;
  return stream.isTTY === true;
}
