import { type Analysis, CspmError, type ReportInput } from '../index.js';
import type { CliIo } from './cli-io.js';
import { defaultStdinName } from './stdin-name.js';

/**
 * How `-` travels through yargs, which drops a bare `-` from positional arguments.
 * A command line cannot contain a NUL character, so the token never collides with a path.
 */
export const stdinToken = '\u0000-';

/** Replaces each bare `-` argument with the stdin token before yargs parses. */
export function protectStdinArgs(args: readonly string[]): string[] {
  return args.map((arg) => (arg === '-' ? stdinToken : arg));
}

/**
 * Maps command-line inputs to loader inputs: `-` is standard input, read once, named
 * `stdinName` (`--stdin-name`) in the analysis and every output.
 */
export function toReportInputs(inputs: readonly string[], io: CliIo, stdinName: string = defaultStdinName): ReportInput[] {
  if (inputs.filter((input) => input === stdinToken).length > 1) {
    throw new CspmError('usage', 'standard input (-) can be given only once', { data: { option: 'inputs', value: '-' } });
  }
  return inputs.map((input) => (input === stdinToken ? { stream: io.stdin, name: stdinName } : input));
}

/** The files a run read: every source of the analysis but standard input (unless named with --stdin-name). */
export function inputFiles(analysis: Analysis): string[] {
  return analysis.sources.map((source) => source.source).filter((source) => source !== defaultStdinName);
}
