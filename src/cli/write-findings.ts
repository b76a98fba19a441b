import { findingsFormats, type FindingsResult, ruleCatalogue } from '../index.js';
import { wantsColor, type CliIo } from './cli-io.js';
import type { FindingsOutput } from './findings-outputs.js';
import { isStandardOutput, writeOutput } from './write-output.js';

/**
 * Writes a check or gate result in each format to its output. Each text is built before
 * its file is written, and each file atomically: a failure leaves no partial file.
 */
export async function writeFindings(result: FindingsResult, outputs: readonly FindingsOutput[], io: CliIo, color: boolean | undefined): Promise<void> {
  for (const output of outputs) {
    const toTerminal = isStandardOutput(output.path);
    const text = findingsFormats[output.format].format(result, { rules: ruleCatalogue, color: toTerminal && wantsColor(io, io.stdout, color) });
    await writeOutput(output.path, text, io);
  }
}
