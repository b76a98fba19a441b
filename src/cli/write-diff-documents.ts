import { CspmError, type DocumentOutput, type ProgressListener } from '../index.js';
import { terminalText } from '../internal.js';
import type { CliIo } from './cli-io.js';
import type { StatusWriter } from './status-line.js';
import type { DocumentOutputPath } from './findings-outputs.js';
import { isStandardOutput, writeOutput } from './write-output.js';

/**
 * Writes the documents a diff made (see `DiffScansOptions.documents`) into each document
 * output, atomically like every file the CLI writes. `status` takes a "wrote" line per
 * file; `onProgress`, the file being written.
 */
export async function writeDiffDocuments(
  made: readonly DocumentOutput[],
  documents: readonly DocumentOutputPath[],
  io: CliIo,
  status: StatusWriter,
  onProgress?: ProgressListener,
): Promise<void> {
  for (const { format, path } of documents) {
    const output = made.find((candidate) => candidate.format === format);
    if (!output) throw new CspmError('internal', `no ${format} output was planned`, { data: { what: format } });
    const body = await output.render();
    onProgress?.({ phase: 'writing', subject: isStandardOutput(path) ? 'standard output' : path });
    await writeOutput(path, body, io);
    if (!isStandardOutput(path)) status(`wrote ${terminalText(path)}`);
  }
}
