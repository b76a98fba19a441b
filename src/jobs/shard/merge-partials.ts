import { CspmError } from '../../error/cspm-error.js';
import type { FailOn } from '../../analyse/fail-closed.js';
import { evaluateGate } from '../../gate/evaluate-gate.js';
import type { Analysis } from '../../model/analysis.js';
import type { GateResult } from '../../model/gate.js';
import type { GateRules } from '../../model/gate-rules.js';
import type { PartialResult } from '../../model/partial.js';
import type { ProgressOptions } from '../../model/progress.js';
import type { Verdict } from '../../model/verdict.js';
import { joinAnalyses } from '../analyse-files.js';
import { gateVerdict } from '../gate-reports.js';
import { checkVerdict } from '../verdicts.js';
import { fromPartialFile } from './partial-files.js';
import { readPartial } from './read-partial.js';
import { shardOfPath } from './shard-spec.js';

/** Options of {@link mergePartials}. */
export interface MergeOptions extends ProgressOptions {
  /** Place findings on lines (see AnalyseInputsOptions.placeFindings); on by default. */
  placeFindings?: boolean;
}

/** The result of a merge: what the unsharded check or gate would have returned. */
export interface MergeResult {
  command: 'check' | 'gate';
  analysis: Analysis;
  failOn: FailOn;
  rules?: GateRules;
  gate?: GateResult;
  verdict: Verdict;
}

/**
 * Joins the partial results of every shard of a check or gate into the run's result:
 * the files in the order of the whole run, the rules across inputs over all of them
 * (a report repeated in two shards), the gate's assertions on the whole, and the
 * verdict the unsharded run gives. It fails closed: shards of other inputs, other
 * settings or another version, a shard missing or given twice, a file of the run in no
 * shard or in two, are a `shards-mismatch` error, never a verdict on part of the run.
 *
 * @param paths the partial results, one per shard, in any order
 * @throws CspmError `partial-invalid` for a file that is not a partial result, `shards-mismatch`
 */
export async function mergePartials(paths: readonly string[], options: MergeOptions = {}): Promise<MergeResult> {
  if (paths.length === 0) throw new CspmError('usage', 'merge needs the partial results of every shard (part-*.json)', { data: { option: 'partials' } });
  const partials = paths.map((path) => ({ path, partial: readPartial(path) }));
  assertOneRun(partials);
  const first = (partials[0] as { partial: PartialResult }).partial;
  const files = partials.flatMap(({ partial }) => partial.files).sort((a, b) => a.index - b.index);
  const { settings } = first;
  const analysis = await joinAnalyses(files.map(fromPartialFile), {
    severities: settings.severities,
    ...(settings.percentFormula === undefined ? {} : { percentFormula: settings.percentFormula }),
    ...(options.placeFindings === undefined ? {} : { placeFindings: options.placeFindings }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  if (settings.command === 'check') return { command: 'check', analysis, failOn: settings.failOn, verdict: checkVerdict(analysis, settings.failOn) };
  const rules = settings.rules as GateRules;
  const gate = evaluateGate(analysis, rules);
  return { command: 'gate', analysis, failOn: settings.failOn, rules, gate, verdict: gateVerdict(analysis, gate, settings.failOn) };
}

/** Refuses partial results that are not every shard of one run, exactly once each. */
function assertOneRun(partials: readonly { path: string; partial: PartialResult }[]): void {
  const first = partials[0] as { path: string; partial: PartialResult };
  const all = partials.map(({ path }) => path);
  const refuse = (what: string): never => {
    throw new CspmError('shards-mismatch', what, { data: { files: all, what } });
  };
  for (const { path, partial } of partials) {
    if (partial.tool.version !== first.partial.tool.version) refuse(`${path} was written by cspm-report ${partial.tool.version}, ${first.path} by ${first.partial.tool.version}: run every shard with one version`);
    if (partial.shard.count !== first.partial.shard.count) refuse(`${path} is shard ${partial.shard.index} of ${partial.shard.count}, ${first.path} of ${first.partial.shard.count}`);
    if (partial.inputs.digest !== first.partial.inputs.digest || partial.inputs.files !== first.partial.inputs.files) {
      refuse(`${path} listed other inputs (${partial.inputs.files} files) than ${first.path} (${first.partial.inputs.files} files): every shard must be given the same files and folders`);
    }
    if (JSON.stringify(partial.settings) !== JSON.stringify(first.partial.settings)) refuse(`${path} was run with other settings (command, --rules, --rule, --fail-on or --percent-formula) than ${first.path}`);
  }
  const count = first.partial.shard.count;
  const byShard = new Map<number, string>();
  for (const { path, partial } of partials) {
    const other = byShard.get(partial.shard.index);
    if (other !== undefined) refuse(`shard ${partial.shard.index} of ${count} is given twice: ${other} and ${path}`);
    byShard.set(partial.shard.index, path);
  }
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((index) => !byShard.has(index));
  if (missing.length > 0) refuse(`${missing.length === 1 ? 'shard' : 'shards'} ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''} of ${count} ${missing.length === 1 ? 'is' : 'are'} missing: a verdict on part of the run could pass what the whole fails`);
  const seen = new Uint8Array(first.partial.inputs.files);
  for (const { path, partial } of partials) {
    const stray = partial.files.find((file) => shardOfPath(file.source, count) !== partial.shard.index);
    if (stray !== undefined) refuse(`${path} holds ${stray.source}, which belongs to shard ${shardOfPath(stray.source, count)} of ${count}, not ${partial.shard.index}`);
    for (const index of [...partial.files.map((file) => file.index), ...partial.skipped]) {
      if (index >= seen.length || seen[index] === 1) refuse(`${path} holds file ${index + 1} of ${seen.length}, which ${index >= seen.length ? 'the run does not have' : 'another shard holds too'}`);
      seen[index] = 1;
    }
  }
  const lost = seen.indexOf(0);
  if (lost !== -1) refuse(`file ${lost + 1} of ${seen.length} is in no shard's result`);
}
