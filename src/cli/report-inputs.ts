import { CspmError, type ReportInput } from '../index.js';
import type { CliIo } from './cli-io.js';

/** Maps command-line inputs to loader inputs: `-` is standard input, read once. */
export function toReportInputs(inputs: readonly string[], io: CliIo): ReportInput[] {
  if (inputs.filter((input) => input === '-').length > 1) {
    throw new CspmError('usage', 'standard input (-) can be given only once');
  }
  return inputs.map((input) => (input === '-' ? { stream: io.stdin, name: '<stdin>' } : input));
}
