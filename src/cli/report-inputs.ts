import { type Analysis, CspmError, type ReportInput } from '../index.js';
import { stdinToken } from '../internal.js';
import type { CliIo } from './cli-io.js';
import { defaultStdinName } from './stdin-name.js';

export { stdinToken } from '../internal.js';

/**
 * How an argument after `--` that starts with a dash travels through yargs: yargs
 * puts every word after `--` aside, where no positional argument sees it, so the `--`
 * is dropped and such a word is marked as no option can be (a NUL character).
 */
const literalMark = '\u0000\u0000';

/**
 * Replaces each bare `-` argument with the stdin token before yargs parses, and makes
 * the words after `--` plain arguments: `check -- -scan.json` reads the file
 * `-scan.json`, as every POSIX tool does.
 */
export function protectStdinArgs(args: readonly string[]): string[] {
  const end = args.indexOf('--');
  const before = end === -1 ? args : args.slice(0, end);
  const after =
    end === -1
      ? []
      : args.slice(end + 1).map((arg) => (arg !== '-' && arg.startsWith('-') ? `${literalMark}${arg}` : arg));
  return [...before, ...after].map((arg) => (arg === '-' ? stdinToken : arg));
}

/** The words protectStdinArgs marked, as they were given: every string of the parsed arguments. */
export function restoreLiteralArgs(args: Record<string, unknown>): void {
  const restore = (value: unknown): unknown =>
    typeof value === 'string' && value.startsWith(literalMark) ? value.slice(literalMark.length) : value;
  for (const [key, value] of Object.entries(args))
    args[key] = Array.isArray(value) ? value.map(restore) : restore(value);
}

/**
 * Maps command-line inputs to loader inputs: `-` is standard input, read once, named
 * `stdinName` (`--stdin-name`) in the analysis and every output.
 */
export function toReportInputs(
  inputs: readonly string[],
  io: CliIo,
  stdinName: string = defaultStdinName,
): ReportInput[] {
  if (inputs.filter((input) => input === stdinToken).length > 1) {
    throw new CspmError('usage', 'standard input (-) can be given only once', {
      data: { option: 'inputs', value: '-' },
    });
  }
  return inputs.map((input) => (input === stdinToken ? { stream: io.stdin, name: stdinName } : input));
}

/** The files a run read: every source of the analysis but standard input (unless named with --stdin-name). */
export function inputFiles(analysis: Analysis): string[] {
  return analysis.sources.map((source) => source.source).filter((source) => source !== defaultStdinName);
}
