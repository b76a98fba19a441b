import type { LoadedDocument } from '../../model/document.js';

/** How the loader came to a document. */
export interface ReadOptions {
  /**
   * True when the file was found in a directory rather than named: a stray JSON file
   * among reports (a package.json) is then skipped with a warning, not an error.
   */
  listed?: boolean;
  /**
   * For the formats of other scanners: one report per compliance framework the results
   * name (`all`), or of the one named, instead of one report of every check.
   */
  framework?: string;
}

/**
 * One input format: how to tell a parsed document of it, and how to find the benchmark
 * reports it holds. A reader never throws for what a document holds: what it cannot use
 * is a finding of the document it returns, so that a gate fails closed on it.
 */
export interface InputReader {
  /** What the format is, in a few words, for help and for messages that list the formats. */
  description: string;
  /**
   * True when `value` (the parsed JSON) is a document of this format. The loader asks the
   * readers in the registry's order and reads with the first that says so; it must be
   * cheap, as it is asked of every input.
   */
  recognises(value: unknown): boolean;
  /** The document: its form, the candidates for benchmark reports and its findings. */
  read(source: string, value: unknown, options: ReadOptions): LoadedDocument;
}
