import { Readable } from 'node:stream';
import type { CliIo } from '../../src/cli/cli-io.js';
import { runCli } from '../../src/cli/main.js';

/** The outcome of one in-process CLI run. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured output, an optional stdin and a clean environment. */
export async function runInProcess(
  args: string[],
  options: { stdin?: string | Buffer; env?: Record<string, string>; stderrIsTTY?: boolean; stdoutIsTTY?: boolean } = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: {
      write: (text: string | Uint8Array) =>
        (stdout += typeof text === 'string' ? text : Buffer.from(text).toString('utf8')),
      isTTY: options.stdoutIsTTY ?? false,
    },
    stderr: { write: (text: string) => (stderr += text), isTTY: options.stderrIsTTY ?? false },
    stdin: Readable.from(
      options.stdin === undefined
        ? []
        : [typeof options.stdin === 'string' ? Buffer.from(options.stdin) : options.stdin],
    ),
    env: options.env ?? {},
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}
