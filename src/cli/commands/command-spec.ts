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
  /**
   * Called when the command line is refused before `run` (a usage error), with what
   * yargs parsed of it: a command that leaves a file whatever the outcome (gate's
   * `--result`) writes that it failed, so no file of an earlier run stays to be read.
   */
  refused?(argv: Record<string, unknown>, error: Error): Promise<void>;
  /**
   * The files a run reads, from what yargs parsed of its command line; given by the
   * commands that write findings formats (check, gate, diff). A run of one that stops
   * with exit code 2 writes each of its SARIF outputs a log of the failure
   * (stopped-sarif.ts), never over one of these files.
   */
  readFiles?(argv: Record<string, unknown>): string[];
}
