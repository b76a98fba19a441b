import type { Argv } from 'yargs';
import type { CliIo } from '../cli-io.js';

/**
 * A CLI command: yargs parses, then `run` does the work and returns the exit code.
 * Running after parsing (not inside a yargs handler) keeps errors and output ours.
 */
export interface CommandSpec<A> {
  command: string;
  describe: string;
  builder(yargs: Argv): Argv<A>;
  run(args: A, io: CliIo): Promise<number>;
}
