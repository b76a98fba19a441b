import { CspmError } from '../index.js';
import type { CliIo } from './cli-io.js';
import { isStandardOutput } from './write-output.js';

/** A document bound for an output, with what its bytes are. */
export interface BoundDocument {
  path: string;
  format: string;
  mediaType: string;
}

/** True for a media type whose bytes are not text meant for reading (PDF, XLSX); JSON Lines (OCSF) is text. */
export function isBinaryMediaType(mediaType: string): boolean {
  const type = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  return !(
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/x-ndjson' ||
    type === 'application/xml' ||
    type.endsWith('+xml')
  );
}

/**
 * Refuses, before anything is rendered, a binary document bound for standard output
 * when that is a terminal: its bytes would garble the screen, and can set the terminal
 * into a state the user has to reset. Piped or redirected, standard output takes it.
 */
export function assertNoBinaryOnTerminal(documents: readonly BoundDocument[], io: CliIo): void {
  if (io.stdout.isTTY !== true) return;
  const binary = documents.find((document) => isStandardOutput(document.path) && isBinaryMediaType(document.mediaType));
  if (binary === undefined) return;
  throw new CspmError(
    'usage',
    `a ${binary.format} document is binary and standard output is a terminal: redirect it (> report.${binary.format}) or name a file with --output`,
    {
      data: { option: 'output', value: binary.path },
    },
  );
}
