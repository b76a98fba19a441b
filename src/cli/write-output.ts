import type { CliIo } from './cli-io.js';
import { stdinToken } from './report-inputs.js';
import { writeAtomic, type OutputBody } from './write-atomic.js';

/** True when an `--output` value is `-`, standard output. */
export function isStandardOutput(output: string): boolean {
  return output === stdinToken || output === '-';
}

/** Writes an output: to standard output for `-`, else atomically to the file. */
export async function writeOutput(output: string, body: OutputBody, io: CliIo): Promise<void> {
  if (!isStandardOutput(output)) {
    await writeAtomic(output, body);
  } else if (typeof body === 'string' || body instanceof Uint8Array) {
    io.stdout.write(body);
  } else {
    for await (const chunk of body) io.stdout.write(chunk);
  }
}
