import { plural } from '../internal.js';

/**
 * The inputs of a document as a status line names them: a few by name, a fleet's first and how many more (a line of
 * 10,000 paths reads as none).
 */
export function sourcesName(sources: readonly string[]): string {
  return sources.length <= 5
    ? sources.join(', ')
    : `${sources[0] as string} and ${plural(sources.length - 1, 'other input')}`;
}
