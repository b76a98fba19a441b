import { CspmError } from '../../error/cspm-error.js';
import { expandInputs, type ReportInput } from '../../load/load-reports.js';
import type { FailOn } from '../../analyse/fail-closed.js';
import type { GateRules } from '../../model/gate-rules.js';
import { partialVersion, type PartialResult } from '../../model/partial.js';
import type { FleetPolicy } from '../../model/fleet.js';
import { addPolicyCounts } from '../../analyse/fleet/merge-fleet-figures.js';
import { toolInfo } from '../../tool-info.js';
import { analyseEachInput, type AnalyseFilesOptions } from '../analyse-files.js';
import type { FileOutcome } from '../analyse-file.js';
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
 * Runs one shard of a check or gate and yields its partial result as JSON text, a file
 * a line as each file is analysed: it lists every input as the whole run does,
 * analyses the files of this shard (see shardOfPath) on their own, places their
 * findings on lines and makes their fleet figures, and holds nothing of a file once its
 * line is out but the fleet's policies. It judges nothing: the rules across inputs and
 * the gate's assertions need the whole run, which `merge` joins.
 *
 * @throws CspmError `usage` for an input that is not a file or folder (standard input
 *         cannot be split); the loader's errors, as check throws them
 */
export async function* runShard(inputs: readonly ReportInput[], options: ShardRunOptions): AsyncGenerator<string> {
  const listed = await expandInputs(inputs, options.onSkip);
  const paths = listed.map((input) => {
    if (typeof input === 'string') return input;
    if ('path' in input) return input.path;
    throw new CspmError('usage', '--shard splits files and folders; standard input cannot be split: save it to a file', { data: { option: 'shard' } });
  });
  const mine = paths.flatMap((path, index) => (shardOfPath(path, options.shard.count) === options.shard.index ? [index] : []));
  const { findingRegions } = await import('../../load/finding-regions.js');
  const head: Omit<PartialResult, 'files' | 'skipped' | 'fleetPolicies'> = {
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
  };
  yield `${JSON.stringify(head).slice(0, -1)},"files":[`;

  const lines = new LineQueue();
  const skipped: number[] = [];
  const policies = new Map<string, { first: number; policy: FleetPolicy }>();
  const take = (outcome: FileOutcome, position: number): FileOutcome => {
    const index = mine[position] as number;
    if (outcome.kind === 'skipped') skipped.push(index);
    if (outcome.kind !== 'analysed') return outcome;
    const { document, textSource, fleet } = outcome;
    const source = document.source;
    // Placed here, where the file is: the merge may run where it is not.
    const regions = source.findings.length > 0 && textSource !== undefined ? findingRegions(textSource, source.findings, source.repeatedKeys !== undefined) : undefined;
    const placed = regions === undefined ? document : { ...document, source: { ...source, regions } };
    const file = { ...toPartialFile(textSource === undefined ? { document: placed } : { document: placed, textSource }, index), fleetAccounts: fleet?.accounts ?? [] };
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
    { ...options, fleet: true, onOutcome: take, pace: () => lines.room() },
  ).then(
    () => lines.end(),
    (error: unknown) => lines.end(error),
  );
  yield* lines.drain();
  await work;
  // What is known only at the end follows the files, so that no file waits for it.
  yield `\n],"skipped":${JSON.stringify(skipped)},"fleetPolicies":${JSON.stringify([...policies.values()])}}\n`;
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
