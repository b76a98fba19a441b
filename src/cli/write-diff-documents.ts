import { type Analysis, CspmError, type DiffResult, type ProgressListener } from '../index.js';
import { renderDocuments, terminalText } from '../internal.js';
import type { CliIo } from './cli-io.js';
import type { StatusWriter } from './status-line.js';
import { renderWarningPrinter } from './render-options.js';
import type { DocumentOutputPath } from './findings-outputs.js';
import { isStandardOutput, writeOutput } from './write-output.js';

/**
 * Renders the new scan's analysis, with a "Changes" section for every report the diff
 * compared, into each document output, atomically like every file the CLI writes.
 * `status` takes a "wrote" line per file; `onProgress`, the rows rendered.
 */
export async function writeDiffDocuments(news: Analysis, diff: DiffResult, documents: readonly DocumentOutputPath[], io: CliIo, status: StatusWriter, onProgress?: ProgressListener): Promise<void> {
  if (documents.length === 0) return;
  const formats = [...new Set(documents.map((document) => document.format))];
  const [planned] = renderDocuments(news, { formats, combine: true, diff, onWarning: renderWarningPrinter(io), ...(onProgress === undefined ? {} : { onProgress }) }).documents;
  // diff compares only inputs with a valid report, so the new one always makes a document.
  if (planned?.status !== 'ready') throw new CspmError('internal', 'the new scan made no document to render', { data: { what: 'diff document' } });
  for (const { format, path } of documents) {
    const output = planned.outputs.find((candidate) => candidate.format === format);
    if (!output) throw new CspmError('internal', `no ${format} output was planned`, { data: { what: format } });
    const body = await output.render();
    onProgress?.({ phase: 'writing', subject: isStandardOutput(path) ? 'standard output' : path });
    await writeOutput(path, body, io);
    if (!isStandardOutput(path)) status(`wrote ${terminalText(path)}`);
  }
}
