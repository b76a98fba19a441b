/**
 * Problems of the tool or of its use (as opposed to problems in a report, which are
 * findings). One class, a closed set of codes and one table of messages, so that the
 * CLI can map every code to an exit status and print one clear line.
 */

/** The closed set of error codes. */
export type ErrorCode =
  | 'usage'
  | 'input-not-found'
  | 'input-unreadable'
  | 'input-not-regular'
  | 'input-empty-dir'
  | 'input-too-large'
  | 'output-failed'
  | 'output-is-input'
  | 'output-collision'
  | 'unknown-format'
  | 'template-invalid'
  | 'rules-invalid'
  | 'internal';

const summaries: Record<ErrorCode, string> = {
  usage: 'invalid usage',
  'input-not-found': 'no such file or directory',
  'input-unreadable': 'cannot read input',
  'input-not-regular': 'not a regular file',
  'input-empty-dir': 'directory holds no *.json file',
  'input-too-large': 'input too large',
  'output-failed': 'cannot write output',
  'output-is-input': 'output would overwrite an input',
  'output-collision': 'two outputs of one run on one file',
  'unknown-format': 'unknown format',
  'template-invalid': 'invalid template',
  'rules-invalid': 'invalid gate rules',
  internal: 'internal error',
};

/** Where in a rules file a `rules-invalid` error is: a pointer, and a position when known. */
export interface RulesLocation {
  file: string;
  /** RFC 6901 pointer into the rules file (`/assertions/2/metric`). */
  pointer: string;
  /** 1-based line and column of the value, when the text was parsed. */
  line?: number;
  column?: number;
}

/** An error of the tool or its use; `message` is one line, ready to print. */
export class CspmError extends Error {
  override readonly name = 'CspmError';
  /** The place in a rules file, for `rules-invalid`. */
  readonly location?: RulesLocation;

  /**
   * @param code   one of the closed set of codes
   * @param detail the file, option or value concerned, and why
   */
  constructor(
    readonly code: ErrorCode,
    detail: string,
    options?: { cause?: unknown; location?: RulesLocation },
  ) {
    super(`${summaries[code]}: ${detail}`, options?.cause === undefined ? undefined : { cause: options.cause });
    if (options?.location) this.location = options.location;
  }
}

/** True when `error` is a CspmError (works across module copies too). */
export function isCspmError(error: unknown): error is CspmError {
  return error instanceof Error && error.name === 'CspmError' && 'code' in error;
}
