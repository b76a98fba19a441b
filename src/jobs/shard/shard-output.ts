import { CspmError } from '../../error/cspm-error.js';
import type { ReportInput } from '../../load/load-reports.js';
import type { FailOn } from '../../model/fail-closed.js';
import type { CheckOptions } from '../check-reports.js';
import { assertSafeOutputs } from '../output-guard.js';
import { isStandardOutput } from '../outputs/standard-output.js';
import { runShard } from './run-shard.js';
import { shardKeyOf } from './shard-mac.js';
import { parseShard } from './shard-spec.js';

/** What one shard of a check or gate is asked, by the long names of its options. */
export interface ShardRequest {
  /** `i/n`: this shard of how many. */
  shard: string;
  'run-id': string | undefined;
  format: readonly string[];
  output: readonly string[];
  'fail-on': FailOn;
}

/** A shard's partial result, and where it goes (`-` is standard output). */
export interface ShardOutput {
  output: string;
  body: AsyncGenerator<string>;
}

/**
 * One shard of a check or gate: its partial result as JSON, to be written to `output`
 * with exit code 0, since a shard decides nothing (`merge` does). Any other output is
 * refused, as it would state a verdict on a part of the run, and so is an output that
 * is one of `readFiles`. The partial result is sealed with the key of CSPM_SHARD_KEY in
 * `env`, when it is set.
 *
 * @throws CspmError `usage` for a shard spec or an output refused
 */
export function shardOutputOf(
  command: 'check' | 'gate',
  request: ShardRequest,
  inputs: ReportInput[],
  options: CheckOptions & { rules?: string },
  readFiles: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ShardOutput {
  const shard = parseShard(request.shard);
  const macKey = shardKeyOf(env);
  const runId = request['run-id'];
  const sealing = { ...(runId === undefined ? {} : { runId }), ...(macKey === undefined ? {} : { macKey }) };
  const output = shardOutput(request);
  if (!isStandardOutput(output)) assertSafeOutputs([{ path: output, from: 'the partial result' }], readFiles);
  const body = runShard(inputs, { ...options, ...sealing, shard, command, failOn: request['fail-on'] });
  return { output, body };
}

function shardOutput(request: Pick<ShardRequest, 'format' | 'output'>): string {
  const wrong = request.format.find((format) => format !== 'json');
  const named = request.output.find((path) => !isStandardOutput(path) && !path.endsWith('.json'));
  if (wrong !== undefined || named !== undefined || request.output.length > 1) {
    throw new CspmError(
      'usage',
      `--shard writes one partial result as JSON (-o part-1.json); ${wrong === undefined ? 'other outputs' : `-f ${wrong}`} come from cspm-report merge of every shard's result`,
      { data: { option: 'shard' } },
    );
  }
  return request.output[0] ?? '-';
}
