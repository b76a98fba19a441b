import { exitCodes } from './exit-codes.js';

/*
 * The closed set of error codes with what each carries, says and exits with: one
 * table per concern, so that a new code is a line in each and the compiler finds a
 * missing one.
 */

/** Where in a rules file a `rules-invalid` error is: a pointer, and a position when known. */
export interface RulesLocation {
  file: string;
  /** RFC 6901 pointer into the rules file (`/assertions/2/metric`). */
  pointer: string;
  /** 1-based line and column of the value, when the text was parsed. */
  line?: number;
  column?: number;
}

/** Where in an accounts file (`fetch --accounts`) an `accounts-invalid` error is. */
export interface AccountsLocation {
  file: string;
  /** 1-based line of the record, when the error is one record's. */
  line?: number;
  /** RFC 6901 pointer to the field within the record (`/job`), when one field is wrong. */
  pointer?: string;
}

/** One side of a `reports-mismatch`: the report that found no partner. */
export interface ReportIdentity {
  source: string;
  benchmarkId: string;
  accountId: string;
}

/** What a `service-error` carries: the answer of the service, secrets redacted. */
export interface ServiceErrorData {
  /** The request's URL, secrets redacted. */
  url: string;
  /** HTTP status of the response. */
  status: number;
  /** `statusCode` of the response envelope, when the body was one. */
  statusCode?: number;
  /** `message` of the response envelope, when the body was one. */
  serviceMessage?: string;
  /** Seconds the service asked to wait (`Retry-After`), when it said. */
  retryAfter?: number;
}

/** One side of a `scans-reversed` or `scans-identical`: the scan as the inputs name it. */
export interface ScanIdentity {
  source: string;
  jobId: string;
  scanDate: string | null;
}

/** What an error of each code carries beside its message, for programs that handle it. */
export interface ErrorDataByCode {
  /**
   * The option (as the library names it: a CLI flag's long name) or file concerned, the
   * value refused and the values known, as far as the problem has them.
   */
  usage: { option?: string; path?: string; value?: string; known?: readonly string[] };
  'input-not-found': { path: string };
  'input-unreadable': { path: string };
  'input-not-regular': { path: string };
  'input-empty-dir': { path: string };
  'input-too-large': { path: string; bytes: number; limit: number };
  /**
   * A report whose parse would not fit in the memory left (`needed` and `available` are
   * heap bytes), or holds an array longer than V8 allows (`items` and `limit`); `pointer`
   * is the value concerned (`""` for the whole document).
   */
  'input-exceeds-memory': {
    path: string;
    pointer: string;
    needed?: number;
    available?: number;
    items?: number;
    limit?: number;
  };
  'output-failed': { path: string };
  'output-is-input': { output: string; input: string };
  'output-collision': { output: string; inputs: string[] };
  /**
   * An output whose name, or a folder below its --out-dir, is a symbolic link: `link` is that link, `path` the file to
   * be written.
   */
  'output-through-link': { path: string; link: string };
  /** A part of a Parquet dataset whose name is taken by a file of other bytes: `path` is that file. */
  'dataset-part-conflict': { path: string };
  'unknown-format': { name: string; known: readonly string[] };
  'template-invalid': { file?: string; known?: readonly string[] };
  'rules-invalid': RulesLocation;
  'exceptions-invalid': RulesLocation;
  'accounts-invalid': AccountsLocation;
  /** `pointer`: RFC 6901 pointer of the value at fault in the fleet figures' JSON (`""` for the whole). */
  'fleet-figures-invalid': { pointer: string };
  'reports-mismatch': { old: ReportIdentity[]; new: ReportIdentity[] };
  'scans-reversed': { old: ScanIdentity; new: ScanIdentity };
  'scans-identical': { old: ScanIdentity; new: ScanIdentity };
  'request-invalid': { missing: string[]; notStrings: string[] };
  'service-error': ServiceErrorData;
  'service-unreachable': { url: string };
  'service-timeout': { url: string; timeoutMs: number };
  'service-invalid-response': { url: string; status: number };
  'document-too-large': { format: string; reports: number; policies: number; limit: number };
  'rules-aliases': { file: string; limit: number };
  'exceptions-aliases': { file: string; limit: number };
  'installation-damaged': { path: string };
  'service-host-unknown': { url: string; host: string };
  'service-connection-reset': { url: string; host: string };
  'port-in-use': { host: string; port: number };
  'port-not-allowed': { host: string; port: number };
  'host-not-local': { host: string; port: number };
  /** A redirect not followed: `location` is where it led, secrets and query values hidden. */
  'service-redirect': { url: string; status: number; location: string };
  /** An answer longer than `limit` bytes, received or inflated. */
  'response-too-large': { url: string; limit: number };
  /** An onboarding whose answer was lost after it was sent: `reason` is the broken connection's code, or `timeout`. */
  'onboarding-outcome-unknown': { url: string; host: string; reason: string };
  /** A partial result of a sharded run (`merge`) that is not one: `pointer` is the value concerned. */
  'partial-invalid': { file: string; pointer: string };
  /** Partial results that are not the shards of one run: one missing or given twice, or other inputs or settings. */
  'shards-mismatch': { files: string[]; what: string };
  /**
   * A partial result the merge does not take: made with other settings, of other file contents, or not authenticated.
   */
  'partial-refused': { file: string; what: string };
  /** The optional SQL engine (`package`) is not installed, or could not be loaded (`reason`). */
  'query-engine-missing': { package: string; reason: string };
  /** A dataset folder or file that holds no dataset, or not one of this tool's tables. */
  'dataset-invalid': { path: string };
  /** A query the engine refused or failed: `query` is the preset's name or the SQL text. */
  'query-failed': { query: string; reason: string };
  /**
   * A request the service emulator (`serve`) answers with an error: the HTTP `status`,
   * the envelope's `reason` and extra response headers (Allow, Retry-After). It never
   * ends a run of the command line: the emulator sends it as its answer.
   */
  'request-refused': { status: number; reason: string; headers: Readonly<Record<string, string>> };
  internal: { what?: string };
}

/** The closed set of error codes. */
export type ErrorCode = keyof ErrorDataByCode;

/** The start of every message of a code; the detail given at the throw follows it. */
export const errorSummaries: Readonly<Record<ErrorCode, string>> = {
  usage: 'invalid usage',
  'input-not-found': 'no such file or directory',
  'input-unreadable': 'cannot read input',
  'input-not-regular': 'not a regular file',
  'input-empty-dir': 'directory holds no *.json file',
  'input-too-large': 'input too large',
  'input-exceeds-memory': 'input too large for memory',
  'output-failed': 'cannot write output',
  'output-is-input': 'output would overwrite an input',
  'output-collision': 'two outputs of one run on one file',
  'output-through-link': 'refusing to write through a symbolic link',
  'dataset-part-conflict': 'a dataset part of that name holds other rows',
  'unknown-format': 'unknown format',
  'template-invalid': 'invalid template',
  'rules-invalid': 'invalid gate rules',
  'exceptions-invalid': 'invalid exceptions file',
  'accounts-invalid': 'invalid accounts file',
  'fleet-figures-invalid': 'invalid fleet figures',
  'reports-mismatch': 'the reports are of another account or benchmark',
  'scans-reversed': 'the scans are in the wrong order',
  'scans-identical': 'the same scan on both sides',
  'request-invalid': 'invalid request, not sent',
  'service-error': 'the service refused the request',
  'service-unreachable': 'cannot reach the service',
  'service-timeout': 'the service did not answer in time',
  'service-invalid-response': 'unexpected answer from the service',
  'document-too-large': 'document too large',
  'rules-aliases': 'too many aliases in gate rules',
  'exceptions-aliases': 'too many aliases in an exceptions file',
  'installation-damaged': 'the installation is damaged',
  'service-host-unknown': 'unknown host',
  'service-connection-reset': 'connection reset',
  'port-in-use': 'port in use',
  'port-not-allowed': 'port not allowed',
  'host-not-local': 'not an address of this machine',
  'service-redirect': 'redirect not followed',
  'response-too-large': 'answer too large',
  'onboarding-outcome-unknown': 'onboarding outcome unknown',
  'partial-invalid': 'invalid partial result',
  'shards-mismatch': 'the partial results are not the shards of one run',
  'partial-refused': 'partial result refused',
  'query-engine-missing': 'the SQL engine is not installed',
  'dataset-invalid': 'not a posture dataset',
  'query-failed': 'query failed',
  'request-refused': 'request refused by the emulator',
  internal: 'internal error',
};

/**
 * What kind of problem a code is, which decides the exit status: the user's command
 * line (`usage`), what it reads (`input`: a missing or invalid file, scans that cannot
 * be compared), what it writes (`io`), the service it talks to (`service`), or a bug
 * of the tool (`internal`).
 */
export type ErrorKind = 'usage' | 'input' | 'io' | 'service' | 'internal';

/** The kind of each code. */
export const errorKinds: Readonly<Record<ErrorCode, ErrorKind>> = {
  usage: 'usage',
  'input-not-found': 'input',
  'input-unreadable': 'input',
  'input-not-regular': 'input',
  'input-empty-dir': 'input',
  'input-too-large': 'input',
  'input-exceeds-memory': 'input',
  'output-failed': 'io',
  'output-is-input': 'usage',
  'output-collision': 'usage',
  'output-through-link': 'usage',
  'dataset-part-conflict': 'io',
  'unknown-format': 'usage',
  'template-invalid': 'input',
  'rules-invalid': 'input',
  'exceptions-invalid': 'input',
  'accounts-invalid': 'input',
  'fleet-figures-invalid': 'input',
  'reports-mismatch': 'input',
  'scans-reversed': 'input',
  'scans-identical': 'input',
  'request-invalid': 'usage',
  'service-error': 'service',
  'service-unreachable': 'service',
  'service-timeout': 'service',
  'service-invalid-response': 'service',
  'document-too-large': 'usage',
  'rules-aliases': 'input',
  'exceptions-aliases': 'input',
  'installation-damaged': 'internal',
  'service-host-unknown': 'service',
  'service-connection-reset': 'service',
  'port-in-use': 'usage',
  'port-not-allowed': 'usage',
  'host-not-local': 'usage',
  'service-redirect': 'service',
  'response-too-large': 'input',
  'onboarding-outcome-unknown': 'service',
  'partial-invalid': 'input',
  'shards-mismatch': 'input',
  'partial-refused': 'input',
  'query-engine-missing': 'usage',
  'dataset-invalid': 'input',
  'query-failed': 'usage',
  'request-refused': 'usage',
  internal: 'internal',
};

/**
 * The exit status of each kind (README, "Exit codes"): 2 for a problem of use, input or
 * output, and for a bug; 4 when the service refused or did not answer, which a CI job
 * may retry. Findings (1) and a failed gate (3) are verdicts, not errors.
 */
export const kindExitCodes: Readonly<Record<ErrorKind, number>> = {
  usage: exitCodes.usage,
  input: exitCodes.usage,
  io: exitCodes.usage,
  service: exitCodes.service,
  internal: exitCodes.usage,
};

/** The exit status of an error code, by its kind. */
export function exitCodeOf(code: ErrorCode): number {
  return kindExitCodes[errorKinds[code]];
}
