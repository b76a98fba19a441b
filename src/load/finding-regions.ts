import type { TextRegion } from '../model/analysis.js';
import type { TextSource } from '../model/document.js';
import type { Finding } from '../model/finding.js';
import { decodeText } from './decode-text.js';
import { readRegularFile } from './read-regular-file.js';
import { maxTextBytes, tooLarge } from './read-text-file.js';
import { valueRegions } from './value-regions.js';

/**
 * The text of a document again: kept, or read from its file anew. A file that cannot be
 * read now, or whose text is no longer as long as when it was checked, gives nothing:
 * places in another text than the one checked would point at the wrong lines.
 */
function textAgain(source: TextSource): string | undefined {
  if ('text' in source) return source.text;
  try {
    const text = decodeText(readRegularFile(source.path, maxTextBytes, (size) => tooLarge(source.path, size)));
    return text.length === source.length ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where each finding's value is in its document's text, by pointer (see
 * AnalysedSource.regions); undefined when the text cannot be had. A text that did not
 * parse has one finding, json-syntax, placed where the text stops being JSON (its
 * `actual` line and column, counted as TextRegion counts them); any other text is walked
 * once for all the findings' pointers, unless it is nested too deep to walk.
 *
 * @param repeatedKeys whether the text repeats a key within an object (AnalysedSource.repeatedKeys)
 */
export function findingRegions(
  source: TextSource,
  findings: readonly Finding[],
  repeatedKeys = false,
): Map<string, TextRegion> | undefined {
  const syntax = findings.find((finding) => finding.rule === 'json-syntax');
  if (syntax !== undefined) {
    const { line, column } = syntax.actual as { line: number; column: number };
    return new Map([[syntax.pointer, { startLine: line, startColumn: column, endLine: line, endColumn: column + 1 }]]);
  }
  const text = textAgain(source);
  if (text === undefined) return undefined;
  try {
    return valueRegions(
      text,
      findings.map((finding) => finding.pointer),
      repeatedKeys,
    );
  } catch (error) {
    // jsonc-parser walks by recursion: a text nested deeper than the call stack allows,
    // which JSON.parse reads, gets no places rather than stopping the run.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
