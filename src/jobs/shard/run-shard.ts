import { CspmError } from '../../error/cspm-error.js';
import { expandInputs, type ReportInput } from '../../load/load-reports.js';
import type { FailOn } from '../../model/fail-closed.js';
import type { GateRules } from '../../model/gate-rules.js';
import {
  partialVersion,
  type PartialContentHashes,
  type PartialResult,
  type PartialSettings,
  type PartialSkipped,
} from '../../model/partial.js';
import type { FleetPolicy } from '../../model/fleet.js';
import type { RunSettings } from '../../model/run-settings.js';
import { addPolicyCounts } from '../../analyse/fleet/merge-fleet-figures.js';
import { toolInfo } from '../../tool-info.js';
import { analyseEachInput, type FilesRunOptions } from '../analyse-files.js';
import type { FileOutcome } from '../analyse-file.js';
import { listingOf, shardOfPath, type ShardSpec } from './shard-spec.js';
import { toPartialFile } from './partial-files.js';
import { createShardMac, derivedRunId } from './shard-mac.js';
import { contentHashesOf, exceptionsHashesOf, hashFile } from './hash-file.js';
import { loadGateRules } from '../../gate/load-gate-rules.js';
import { namedPolicies } from '../gate-reports.js';
import { exceptionPolicyIds, runExceptionsOf, type ExceptionsOptions } from '../exceptions/run-exceptions.js';

/** Options of {@link runShard}. */
export interface ShardRunOptions extends FilesRunOptions, Pick<ExceptionsOptions, 'exceptions' | 'maxExceptionDays'> {
  shard: ShardSpec;
  command: 'check' | 'gate';
  failOn: FailOn;
  /**
   * A gate's rules: a rules file, a preset name (`cspm:recommended`), or rules already
   * loaded. Every shard holds the same ones, which the merge evaluates on the whole run;
   * each keeps the policies their assertions name.
   */
  rules?: string | GateRules;
  /**
   * SHA-256 of the files beside the inputs that decide the verdict; by default, of the rules file the rules were
   * loaded from.
   */
  contentHashes?: PartialContentHashes;
  /**
   * The run's id, the same for every shard (a CI run's number, say). Without it the id is
   * derived from every input file's digest, which makes each shard hash the files of the
   * others too.
   */
  runId?: string;
  /** The key of the partial result's MAC (see shardMac): the command line takes it from CSPM_SHARD_KEY. */
  macKey?: string;
  /** The settings the run was made with (its config file, each option in force), recorded in the partial result. */
  runSettings?: RunSettings;
}

/**
 * Runs one shard of a check or gate and yields its partial result as JSON text, a file
 * a line as each file is analysed: it lists every input as the whole run does,
 * analyses the files of this shard (see shardOfPath) on their own, places their
 * findings on lines and makes their fleet figures, and holds nothing of a file once its
 * line is out but the fleet's policies. It judges nothing: the rules across inputs and
 * the gate's assertions need the whole run, which `merge` joins.
 *
 * @throws CspmError `usage` for an input that is not a file or folder (standard input
 *         cannot be split); the loader's errors, as check throws them; the rules'
 *         loader's, as gate throws them
 */
export async function* runShard(inputs: readonly ReportInput[], options: ShardRunOptions): AsyncGenerator<string> {
  const rules = typeof options.rules === 'string' ? await loadGateRules(options.rules) : options.rules;
  // Read and checked here too: a shard of a run whose exceptions file does not check fails, as the run would.
  const exceptions = runExceptionsOf(options);
  const listed = await expandInputs(inputs, options.onSkip);
  const paths = listed.map((input) => {
    if (typeof input === 'string') return input;
    if ('path' in input) return input.path;
    throw new CspmError(
      'usage',
      '--shard splits files and folders; standard input cannot be split: save it to a file',
      { data: { option: 'shard' } },
    );
  });
  const mine = paths.flatMap((path, index) =>
    shardOfPath(path, options.shard.count) === options.shard.index ? [index] : [],
  );
  const { findingRegions } = await import('../../load/finding-regions.js');
  const settings: PartialSettings = {
    command: options.command,
    failOn: options.failOn,
    ...(options.percentFormula === undefined ? {} : { percentFormula: options.percentFormula }),
    ...(options.from === undefined ? {} : { from: options.from }),
    ...(options.framework === undefined ? {} : { framework: options.framework }),
    severities: options.severities ?? {},
    ...(rules === undefined ? {} : { rules }),
  };
  const contentHashes = { ...(options.contentHashes ?? contentHashesOf(rules)), ...exceptionsHashesOf(exceptions) };
  const head: Omit<PartialResult, 'files' | 'skipped' | 'fleetPolicies' | 'run' | 'mac'> = {
    cspmReportPartial: partialVersion,
    tool: { name: 'cspm-report', version: toolInfo.version },
    shard: { index: options.shard.index, count: options.shard.count },
    inputs: listingOf(paths),
    settings,
    contentHashes,
    ...(options.runSettings === undefined ? {} : { runSettings: options.runSettings }),
    verdict: {
      status: 'deferred',
      reasons: [
        `shard ${options.shard.index} of ${options.shard.count}: the verdict is the merge's (cspm-report merge), on the whole run`,
      ],
    },
  };
  const mac = options.macKey === undefined ? undefined : createShardMac(options.macKey);
  const out = (text: string): string => {
    mac?.update(text);
    return text;
  };
  yield out(`${JSON.stringify(head).slice(0, -1)},"files":[`);

  const lines = new LineQueue();
  const skipped: PartialSkipped[] = [];
  const digests = new Map<number, string>();
  const policies = new Map<string, { first: number; policy: FleetPolicy }>();
  const take = (outcome: FileOutcome, position: number): FileOutcome => {
    const index = mine[position] as number;
    if (outcome.kind === 'taken') return outcome;
    // Every read of a file is hashed: a shard that cannot say what it read decides nothing.
    const sha256 = outcome.sha256 ?? failUnhashed(paths[index] as string);
    digests.set(index, sha256);
    if (outcome.kind === 'skipped') skipped.push({ index, path: paths[index] as string, sha256 });
    if (outcome.kind !== 'analysed') return outcome;
    const { document, textSource, fleet } = outcome;
    const source = document.source;
    // Placed here, where the file is: the merge may run where it is not.
    const regions =
      source.findings.length > 0 && textSource !== undefined
        ? findingRegions(textSource, source.findings, source.repeatedKeys !== undefined)
        : undefined;
    const placed = regions === undefined ? document : { ...document, source: { ...source, regions } };
    const file = {
      ...toPartialFile(textSource === undefined ? { document: placed } : { document: placed, textSource }, index),
      fleetAccounts: fleet?.accounts ?? [],
      sha256,
    };
    lines.push(`${lines.count === 0 ? '' : ','}\n${JSON.stringify(file)}`);
    for (const [key, policy] of fleet?.policies ?? []) {
      const known = policies.get(key);
      if (known === undefined) policies.set(key, { first: index, policy });
      else addPolicyCounts(known.policy, policy);
    }
    return { kind: 'taken' };
  };
  const work = analyseEachInput(
    mine.map((index) => listed[index] as ReportInput),
    // Every category's figures (the merge may write the JSON, which lists them), and the policies the rules and the
    // exceptions name.
    {
      ...options,
      keep: { policyIds: new Set([...keptPolicies(rules), ...exceptionPolicyIds(exceptions)]), categories: 'all' },
      fleet: true,
      onOutcome: take,
      pace: () => lines.room(),
    },
  ).then(
    () => lines.end(),
    (error: unknown) => lines.end(error),
  );
  for await (const text of lines.drain()) yield out(text);
  await work;
  const run =
    options.runId === undefined
      ? {
          id: derivedRunId(
            toolInfo.version,
            settings,
            contentHashes,
            paths.map((path, index) => digests.get(index) ?? hashFile(path)),
          ),
          from: 'inputs',
        }
      : { id: options.runId, from: 'given' };
  // What is known only at the end follows the files, so that no file waits for it.
  const tail = out(
    `\n],"skipped":${JSON.stringify(skipped)},"fleetPolicies":${JSON.stringify([...policies.values()])},"run":${JSON.stringify(run)}`,
  );
  yield mac === undefined ? `${tail}}\n` : `${tail}${mac.suffix()}`;
}

/** The policies a gate's rules name: those its shards keep beside their figures. */
function keptPolicies(rules: GateRules | undefined): Set<string> {
  return rules === undefined ? new Set() : namedPolicies(rules);
}

function failUnhashed(path: string): never {
  throw new CspmError('internal', `${path} was analysed without the digest of its bytes`, { data: { what: path } });
}

/** Lines made as files are analysed, handed to the writer as it asks for them. */
class LineQueue {
  count = 0;
  private lines: string[] = [];
  private done = false;
  private failure: unknown;
  private wake: (() => void) | undefined;
  private waiting: (() => void)[] = [];

  push(line: string): void {
    this.lines.push(line);
    this.count += 1;
    this.wake?.();
  }

  /** Resolves once fewer than a few lines wait for the writer: the analysis waits for a slow disk. */
  room(): Promise<void> {
    if (this.lines.length < 8 || this.done) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  end(failure?: unknown): void {
    this.done = true;
    this.failure = failure;
    this.wake?.();
  }

  async *drain(): AsyncGenerator<string> {
    for (;;) {
      if (this.lines.length > 0) {
        const ready = this.lines;
        this.lines = [];
        for (const resume of this.waiting.splice(0)) resume();
        yield ready.join('');
        continue;
      }
      if (this.done) break;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
    if (this.failure !== undefined) throw this.failure;
  }
}
