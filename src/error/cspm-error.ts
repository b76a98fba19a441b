import { errorSummaries, type ErrorCode, type ErrorDataByCode } from './error-codes.js';

export type {
  AccountsLocation,
  ErrorCode,
  ErrorKind,
  ReportIdentity,
  ScanIdentity,
  ErrorDataByCode,
  RulesLocation,
  ServiceErrorData,
} from './error-codes.js';

/**
 * Options of a {@link CspmError}: the typed data of its code (what its message is built from), and the error it wraps.
 */
export interface CspmErrorOptions<C extends ErrorCode> {
  data: ErrorDataByCode[C];
  cause?: unknown;
}

/**
 * Problems of the tool or of its use (as opposed to problems in a report, which are
 * findings). One class with a closed set of codes: the message starts with the code's
 * summary (src/error/error-codes.ts), `data` carries what a program needs to act on it
 * (a path, the known names), and the CLI maps the code to its exit status.
 */
export class CspmError<C extends ErrorCode = ErrorCode> extends Error {
  override readonly name = 'CspmError';
  /** What the error concerns, typed by its code: the data its message is built from. */
  readonly data: ErrorDataByCode[C];
  /** The message without the code's summary: the file, option or value concerned, and why. */
  readonly detail: string;

  /**
   * An error of one code, its message the code's summary followed by the detail.
   *
   * @param code   one of the closed set of codes
   * @param detail the file, option or value concerned, and why, for a person
   */
  constructor(
    readonly code: C,
    detail: string,
    options: CspmErrorOptions<C>,
  ) {
    super(`${errorSummaries[code]}: ${detail}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.data = options.data;
    this.detail = detail;
  }
}

/** True when `error` is a CspmError (works across module copies too). */
export function isCspmError(error: unknown): error is CspmError {
  return error instanceof Error && error.name === 'CspmError' && 'code' in error;
}
