import type { Argv } from 'yargs';
import { CspmError, runShard, type FailOn, type GateRules, type ReportInput } from '../index.js';
import { parseShard } from '../internal.js';
import type { CheckOptions } from '../index.js';
import type { CliIo } from './cli-io.js';
import type { FindingsOutputArgs } from './findings-outputs.js';
import { assertSafeOutputs } from './output-guard.js';
import { isStandardOutput, writeOutput } from './write-output.js';

/** What check and gate hold of `--shard`. */
export interface ShardArgs {
  shard: string | undefined;
}

/** Declares `--shard i/n`, the same way in check and gate. */
export function withShardOption<T>(yargs: Argv<T>): Argv<T & ShardArgs> {
  return yargs.option('shard', {
    type: 'string',
    describe: 'check only shard i of n of the files (a stable split by path) and write a partial result as JSON, for cspm-report merge',
  }) as unknown as Argv<T & ShardArgs>;
}

/**
 * Runs one shard of a check or gate and writes its partial result, exit code 0: a shard
 * decides nothing, `merge` does. Its only output is the partial result as JSON (to the
 * `--output` file, or standard output); any other format is refused, as it would state
 * a verdict on a part of the run.
 */
export async function runShardCommand(
  command: 'check' | 'gate',
  args: FindingsOutputArgs & ShardArgs & { 'fail-on': FailOn },
  inputs: ReportInput[],
  options: CheckOptions & { rules?: GateRules },
  readFiles: readonly string[],
  io: CliIo,
): Promise<number> {
  const shard = parseShard(args.shard as string);
  const output = shardOutput(args);
  if (!isStandardOutput(output)) assertSafeOutputs([{ path: output, from: 'the partial result' }], readFiles);
  // Every category's figures: the merge may write the JSON, which lists them.
  await writeOutput(output, runShard(inputs, { keep: { categories: 'all' }, ...options, shard, command, failOn: args['fail-on'] }), io);
  return 0;
}

function shardOutput(args: FindingsOutputArgs): string {
  const wrong = args.format.find((format) => format !== 'json');
  const named = args.output.find((path) => !isStandardOutput(path) && !path.endsWith('.json'));
  if (wrong !== undefined || named !== undefined || args.output.length > 1) {
    throw new CspmError('usage', `--shard writes one partial result as JSON (-o part-1.json); ${wrong === undefined ? 'other outputs' : `-f ${wrong}`} come from cspm-report merge of every shard's result`, { data: { option: 'shard' } });
  }
  return args.output[0] ?? '-';
}
