import { resolve } from 'node:path';

/**
 * How `-` travels through the command line's parser, which drops a bare `-` from
 * positional arguments. A command line cannot contain a NUL character, so the token
 * never collides with a path.
 */
export const stdinToken = '\u0000-';

/**
 * The names of this process's standard output. Opened as a file they reach whatever the
 * shell connected to it: `-o /dev/stdout > out.json` must write through the stream the
 * shell opened, at its offset, never open out.json anew (truncating it, or renaming a
 * file over it).
 */
const standardOutputNames = new Set([
  '/dev/stdout',
  '/dev/fd/1',
  '/proc/self/fd/1',
  '/proc/thread-self/fd/1',
  `/proc/${process.pid}/fd/1`,
]);

/** True when `path` names this process's standard output (`/dev/stdout` and its aliases). */
function namesStandardOutput(path: string): boolean {
  return process.platform !== 'win32' && standardOutputNames.has(resolve(path));
}

/**
 * True when an `--output` value is standard output: `-`, or one of its names as a file
 * (`/dev/stdout`, `/proc/self/fd/1`), which is written through the stream the shell
 * opened rather than opened again.
 */
export function isStandardOutput(output: string): boolean {
  return output === stdinToken || output === '-' || namesStandardOutput(output);
}
