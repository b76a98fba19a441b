import type { Argv } from 'yargs';
import { type CheckOptions, CspmError, type FailOn, type ReportInput } from '../index.js';
import { shardOutputOf } from '../internal.js';
import { oneValue } from './shared-options.js';
import type { CliIo } from './cli-io.js';
import type { FindingsOutputArgs } from './findings-outputs.js';
import { writeOutput } from './write-output.js';

/** What check and gate hold of `--shard`. */
export interface ShardArgs {
  shard: string | undefined;
  'run-id': string | undefined;
}

/** Declares `--run-id`, the same way in check, gate (with --shard) and merge. */
export function withRunIdOption<T>(yargs: Argv<T>): Argv<T & { 'run-id': string | undefined }> {
  return yargs.option('run-id', {
    type: 'string',
    coerce: (value: unknown) => {
      const id = oneValue('run-id')(value);
      if (typeof id === 'string' && !/^[!-~]{1,200}$/.test(id))
        throw new CspmError(
          'usage',
          "--run-id takes 1 to 200 printable characters without spaces (a CI run's number, say)",
          { data: { option: 'run-id' } },
        );
      return id;
    },
    describe:
      'the id every shard of one run shares (and merge expects); without it, each shard derives it from the digests of every input file',
  }) as unknown as Argv<T & { 'run-id': string | undefined }>;
}

/** Declares `--shard i/n`, the same way in check and gate. */
export function withShardOption<T>(yargs: Argv<T>): Argv<T & ShardArgs> {
  return withRunIdOption(yargs)
    .option('shard', {
      type: 'string',
      describe:
        'check only shard i of n of the files (a stable split by path) and write a partial result as JSON, for cspm-report merge',
    })
    .check((argv) => {
      if (argv['run-id'] !== undefined && argv['shard'] === undefined)
        throw new CspmError(
          'usage',
          '--run-id names the run of a sharded check or gate: give it with --shard i/n, and to merge',
          { data: { option: 'run-id' } },
        );
      return true;
    }) as unknown as Argv<T & ShardArgs>;
}

/**
 * Runs one shard of a check or gate and writes its partial result (see shardOutputOf),
 * exit code 0: a shard decides nothing, `merge` does.
 */
export async function runShardCommand(
  command: 'check' | 'gate',
  args: FindingsOutputArgs & ShardArgs & { 'fail-on': FailOn },
  inputs: ReportInput[],
  options: CheckOptions & { rules?: string },
  readFiles: readonly string[],
  io: CliIo,
): Promise<number> {
  const { output, body } = shardOutputOf(
    command,
    { ...args, shard: args.shard as string },
    inputs,
    options,
    readFiles,
    io.env,
  );
  await writeOutput(output, body, io);
  return 0;
}
