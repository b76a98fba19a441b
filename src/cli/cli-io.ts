/**
 * What the CLI touches of its process, passed in so that tests run the commands
 * in-process against their own streams and environment.
 */
export interface CliIo {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  stdin: AsyncIterable<Uint8Array | string>;
  env: Record<string, string | undefined>;
}

/** Exit codes, documented in the README and in `--help`. */
export const exitCodes = {
  ok: 0,
  findings: 1,
  usage: 2,
  gate: 3,
} as const;

/** The process's own streams and environment. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
}

/** Whether to colour text for `stream`: a terminal, unless NO_COLOR is set (no-color.org). */
export function wantsColor(io: CliIo, stream: CliIo['stdout'], flag: boolean | undefined): boolean {
  if (flag !== undefined) return flag;
  if (io.env['NO_COLOR'] !== undefined && io.env['NO_COLOR'] !== '') return false;
  if (io.env['FORCE_COLOR'] !== undefined && io.env['FORCE_COLOR'] !== '0') return true;
  return stream.isTTY === true;
}
