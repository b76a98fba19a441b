import { CspmError } from '../../error/cspm-error.js';
import { expandInputs, type ReportInput } from '../../load/load-reports.js';
import type { FailOn } from '../../analyse/fail-closed.js';
import type { AnalysedSource } from '../../model/analysis.js';
import type { GateRules } from '../../model/gate-rules.js';
import { partialVersion, type PartialResult } from '../../model/partial.js';
import { toolInfo } from '../../tool-info.js';
import { analyseEachInput, type AnalyseFilesOptions, type AnalysedFile } from '../analyse-files.js';
import { placeFindings } from '../place-findings.js';
import type { FleetAccount, FleetPolicy } from '../../model/fleet.js';
import { addPolicyCounts } from '../../analyse/fleet/merge-fleet-figures.js';
import { listingOf, shardOfPath, type ShardSpec } from './shard-spec.js';
import { toPartialFile } from './partial-files.js';

/** Options of {@link runShard}. */
export interface ShardRunOptions extends AnalyseFilesOptions {
  shard: ShardSpec;
  command: 'check' | 'gate';
  failOn: FailOn;
  /** The gate's rules, loaded: evaluated at the merge, on the whole run. */
  rules?: GateRules;
}

/**
 * Runs one shard of a check or gate: lists every input as the whole run does, analyses
 * the files of this shard (see shardOfPath) on their own, places their findings on
 * lines, and returns the partial result that `merge` joins with the other shards'. It
 * judges nothing: the rules across inputs and the gate's assertions need the whole run.
 *
 * @throws CspmError `usage` for an input that is not a file or folder (standard input cannot be split)
 */
export async function runShard(inputs: readonly ReportInput[], options: ShardRunOptions): Promise<PartialResult> {
  const listed = await expandInputs(inputs, options.onSkip);
  const paths = listed.map((input) => {
    if (typeof input === 'string') return input;
    if ('path' in input) return input.path;
    throw new CspmError('usage', '--shard splits files and folders; standard input cannot be split: save it to a file', { data: { option: 'shard' } });
  });
  const mine = paths.flatMap((path, index) => (shardOfPath(path, options.shard.count) === options.shard.index ? [index] : []));
  const files: { index: number; file: AnalysedFile; accounts: FleetAccount[] }[] = [];
  const skipped: number[] = [];
  const policies = new Map<string, { first: number; policy: FleetPolicy }>();
  // Each file's outcome is folded in as it comes: its fleet policies summed into the
  // shard's, its analysis kept, nothing else held to the end.
  await analyseEachInput(
    mine.map((index) => listed[index] as ReportInput),
    {
      ...options,
      fleet: true,
      onOutcome: (outcome, position) => {
        const index = mine[position] as number;
        if (outcome.kind === 'skipped') {
          skipped.push(index);
          return outcome;
        }
        if (outcome.kind === 'taken') return outcome;
        files.push({ index, file: outcome.textSource === undefined ? { document: outcome.document } : { document: outcome.document, textSource: outcome.textSource }, accounts: outcome.fleet?.accounts ?? [] });
        for (const [key, policy] of outcome.fleet?.policies ?? []) {
          const known = policies.get(key);
          if (known === undefined) policies.set(key, { first: index, policy });
          else addPolicyCounts(known.policy, policy);
        }
        return { kind: 'taken' };
      },
    },
  );
  const placed = await placeOwnFindings(files.map(({ file }) => file));
  return {
    cspmReportPartial: partialVersion,
    tool: { name: 'cspm-report', version: toolInfo.version },
    shard: { index: options.shard.index, count: options.shard.count },
    inputs: listingOf(paths),
    settings: {
      command: options.command,
      failOn: options.failOn,
      ...(options.percentFormula === undefined ? {} : { percentFormula: options.percentFormula }),
      severities: options.severities ?? {},
      ...(options.rules === undefined ? {} : { rules: options.rules }),
    },
    verdict: { status: 'deferred', reasons: [`shard ${options.shard.index} of ${options.shard.count}: the verdict is the merge's (cspm-report merge), on the whole run`] },
    files: files.map(({ index, accounts }, position) => ({ ...toPartialFile(placed[position] as AnalysedFile, index), fleetAccounts: accounts })),
    skipped,
    fleetPolicies: [...policies.values()],
  };
}

/** The shard's files with their own findings placed on lines: the merge may not have the files to read. */
async function placeOwnFindings(files: readonly AnalysedFile[]): Promise<AnalysedFile[]> {
  const sources: AnalysedSource[] = files.map((file) => file.document.source);
  const placed = await placeFindings({ percentFormula: 'green-of-assessed', summary: { files: 0, reports: 0, policies: 0, errors: 0, warnings: 0 }, sources }, files.map((file) => file.textSource));
  return files.map((file, index) => ({ ...file, document: { ...file.document, source: placed.sources[index] as AnalysedSource } }));
}
