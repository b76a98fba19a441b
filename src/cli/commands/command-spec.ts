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

/**
 * A command of subcommands (`exceptions check`, `exceptions import`): yargs runs the one
 * named after it, each a CommandSpec of its own, so each has its own options, help and
 * examples; the group runs nothing itself and is refused without a subcommand.
 */
export interface CommandGroup {
  command: string;
  describe: string;
  /** Declares what the group's own help shows besides its subcommands (its examples). */
  builder(yargs: Argv): Argv;
  /** Its subcommands by name, the first word of each one's usage, in the order help lists them. */
  subcommands: Readonly<Record<string, CommandSpec<unknown>>>;
}
