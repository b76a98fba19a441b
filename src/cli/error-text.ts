import { type CspmError, type ErrorCode, isCspmError } from '../index.js';
import { terminalText } from '../internal.js';

/**
 * What the command line adds to an error of the library, whose messages name no flag:
 * the flag that lets the run go on anyway.
 */
const flagHints: Partial<Record<ErrorCode, string>> = {
  'reports-mismatch': 'give --allow-mismatch to compare them anyway',
  'scans-reversed': 'give --allow-mismatch to compare them anyway',
  'scans-identical': 'give --allow-mismatch to compare them anyway',
  'template-invalid': 'check the files given with --templates',
  'port-in-use': 'give another --port, or --port 0 for a free one',
  'port-not-allowed': 'give a --port above 1023, or --port 0 for a free one',
  'host-not-local': 'give --host 127.0.0.1 (this machine only), 0.0.0.0 (every address) or an address this machine has',
  'document-too-large': 'give --out-dir for one document per input, or --tier executive or --tier fleet',
};

/** Options whose usage errors tell which flags to give, beyond naming the option. */
const optionHints: Readonly<Record<string, string>> = {
  benchmark: 'give --benchmark and --account',
  account: 'give --benchmark and --account',
  baseline: 'give it with --baseline',
};

/** An error's message in the command line's words: the option it concerns named as a flag, and a hint. */
export function cliMessage(error: CspmError): string {
  const option = (error.data as { option?: unknown }).option;
  let message = error.message;
  if (error.code === 'usage' && typeof option === 'string' && !message.includes(`--${option}`) && option !== 'inputs') {
    const hint = optionHints[option];
    message = hint === undefined ? message.replace(/^([^:]+): /, `$1: --${option}: `) : `${message}; ${hint}`;
  }
  const hint = flagHints[error.code];
  return hint === undefined ? message : `${message}; ${hint}`;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

/** The one line that tells an error that ended a run, unescaped, without the `cspm-report: ` the terminal gets. */
export function failureLine(error: unknown): string {
  if (isCspmError(error)) return cliMessage(error);
  return `internal error: ${firstLine(error instanceof Error ? error.message : String(error))}`;
}

/** The line (and with --debug the stack) the command line prints for an error that ended a run. */
export function describeFailure(error: unknown, debug: boolean): string {
  const stack = debug && error instanceof Error && error.stack ? `${error.stack}\n` : '';
  // A fault of the tool, coded or not, has a stack worth showing; a problem of use has none.
  const hint = debug || (isCspmError(error) && error.code !== 'internal') ? '' : ' (run with --debug for details)';
  return `cspm-report: ${terminalText(failureLine(error))}${hint}\n${stack}`;
}
