import { CspmError } from '../../error/cspm-error.js';
import type { FailOn } from '../../analyse/fail-closed.js';
import { evaluateGate } from '../../gate/evaluate-gate.js';
import type { Analysis } from '../../model/analysis.js';
import type { GateResult } from '../../model/gate.js';
import type { GateRules } from '../../model/gate-rules.js';
import type { ProgressOptions } from '../../model/progress.js';
import type { Verdict } from '../../model/verdict.js';
import { joinAnalyses, type AnalysedFile } from '../analyse-files.js';
import { keepFigures, type KeptPolicySelection } from '../../analyse/keep-figures.js';
import { gateVerdict, namedCategories, namedPolicies } from '../gate-reports.js';
import { checkVerdict } from '../verdicts.js';
import { fromPartialFile } from './partial-files.js';
import { readPartial, type PartialHead } from './read-partial.js';
import { shardOfPath } from './shard-spec.js';
import type { FleetAccount, FleetFigures, FleetPolicy } from '../../model/fleet.js';
import type { PercentFormula } from '../../model/analysis.js';
import { createFleetFigures, fleetPolicyKey } from '../../analyse/fleet/add-fleet-report.js';
import { addPolicyCounts } from '../../analyse/fleet/merge-fleet-figures.js';

/** Options of {@link mergePartials}. */
export interface MergeOptions extends ProgressOptions {
  /** Place findings on lines (see AnalyseInputsOptions.placeFindings); on by default. */
  placeFindings?: boolean;
  /** Keep the figures of every category, for an output that lists them (see FiguresOnlyOptions.allCategories). */
  allCategories?: boolean;
  /** Also join the fleet figures of the whole run (see FleetFigures), which `render` draws as the fleet tier. */
  fleet?: boolean;
}

/** The result of a merge: what the unsharded check or gate would have returned. */
export interface MergeResult {
  command: 'check' | 'gate';
  analysis: Analysis;
  failOn: FailOn;
  rules?: GateRules;
  gate?: GateResult;
  verdict: Verdict;
  /** The fleet figures of the whole run, when asked for. */
  fleet?: FleetFigures;
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
  const partials: ReadPartial[] = [];
  const files: { index: number; file: AnalysedFile; accounts: FleetAccount[] }[] = [];
  for (const path of paths) {
    const held: { index: number; source: string }[] = [];
    const head = await readPartial(path, (started) => {
      const keep = keptByMerge(started, options.allCategories === true);
      return (file) => {
        held.push({ index: file.index, source: file.source });
        const analysed = fromPartialFile(file);
        // Only what the merge's outputs read is kept: a fleet's categories are let go file by file.
        files.push({ index: file.index, file: { ...analysed, document: { ...analysed.document, source: keepFigures(analysed.document.source, keep) } }, accounts: options.fleet === true ? (file.fleetAccounts ?? []) : [] });
      };
    });
    partials.push({ path, head, files: held });
  }
  assertOneRun(partials);
  files.sort((a, b) => a.index - b.index);
  const { settings } = (partials[0] as ReadPartial).head;
  const analysis = await joinAnalyses(
    files.map(({ file }) => file),
    {
      severities: settings.severities,
      ...(settings.percentFormula === undefined ? {} : { percentFormula: settings.percentFormula }),
      ...(options.placeFindings === undefined ? {} : { placeFindings: options.placeFindings }),
      ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    },
  );
  const fleet = options.fleet === true ? joinFleet(partials, files, settings.percentFormula) : undefined;
  const withFleet = fleet === undefined ? {} : { fleet };
  if (settings.command === 'check') return { command: 'check', analysis, failOn: settings.failOn, verdict: checkVerdict(analysis, settings.failOn), ...withFleet };
  const rules = settings.rules as GateRules;
  const gate = evaluateGate(analysis, rules);
  return { command: 'gate', analysis, failOn: settings.failOn, rules, gate, verdict: gateVerdict(analysis, gate, settings.failOn), ...withFleet };
}

/**
 * The fleet figures of the whole run from its shards': the rows of every file in the
 * run's order, and each policy's counts summed, named as the first file of the run
 * that held it names it and listed in that order: what one run would have built.
 *
 * @throws CspmError `usage` for partial results written without fleet figures
 */
function joinFleet(partials: readonly ReadPartial[], files: readonly { accounts: FleetAccount[] }[], formula: PercentFormula | undefined): FleetFigures {
  const fleet = createFleetFigures(formula);
  const policies: { key: string; first: number; policy: FleetPolicy }[] = [];
  for (const { path, head } of partials) {
    if (head.fleetPolicies === undefined) throw new CspmError('usage', `${path} holds no fleet figures: write the shards again with this version of cspm-report`, { data: { option: 'fleet', path } });
    for (const { first, policy } of head.fleetPolicies) policies.push({ key: fleetPolicyKey(policy.benchmarkId, policy.policyId), first, policy: { ...policy } });
  }
  policies.sort((a, b) => a.first - b.first);
  for (const { key, policy } of policies) {
    const known = fleet.policies.get(key);
    if (known === undefined) fleet.policies.set(key, policy);
    else addPolicyCounts(known, policy);
  }
  for (const file of files) for (const account of file.accounts) fleet.accounts.push(account);
  return fleet;
}

/** A partial result as the merge holds it: its head, and which files it held. */
interface ReadPartial {
  path: string;
  head: PartialHead;
  files: { index: number; source: string }[];
}

/** What the merge keeps of each file: as the unsharded run would (see keepFigures). */
function keptByMerge(head: PartialHead, allCategories: boolean): KeptPolicySelection {
  const rules = head.settings.rules;
  if (rules === undefined) return allCategories ? { categories: 'all' } : {};
  return { policyIds: namedPolicies(rules), categories: allCategories ? 'all' : namedCategories(rules) };
}

/** Refuses partial results that are not every shard of one run, exactly once each. */
function assertOneRun(partials: readonly ReadPartial[]): void {
  const first = partials[0] as ReadPartial;
  const all = partials.map(({ path }) => path);
  const refuse = (what: string): never => {
    throw new CspmError('shards-mismatch', what, { data: { files: all, what } });
  };
  for (const { path, head } of partials) {
    if (head.tool.version !== first.head.tool.version) refuse(`${path} was written by cspm-report ${head.tool.version}, ${first.path} by ${first.head.tool.version}: run every shard with one version`);
    if (head.shard.count !== first.head.shard.count) refuse(`${path} is shard ${head.shard.index} of ${head.shard.count}, ${first.path} of ${first.head.shard.count}`);
    if (head.inputs.digest !== first.head.inputs.digest || head.inputs.files !== first.head.inputs.files) {
      refuse(`${path} listed other inputs (${head.inputs.files} files) than ${first.path} (${first.head.inputs.files} files): every shard must be given the same files and folders`);
    }
    if (JSON.stringify(head.settings) !== JSON.stringify(first.head.settings)) refuse(`${path} was run with other settings (command, --rules, --rule, --fail-on or --percent-formula) than ${first.path}`);
  }
  const count = first.head.shard.count;
  const byShard = new Map<number, string>();
  for (const { path, head } of partials) {
    const other = byShard.get(head.shard.index);
    if (other !== undefined) refuse(`shard ${head.shard.index} of ${count} is given twice: ${other} and ${path}`);
    byShard.set(head.shard.index, path);
  }
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((index) => !byShard.has(index));
  if (missing.length > 0) refuse(`${missing.length === 1 ? 'shard' : 'shards'} ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''} of ${count} ${missing.length === 1 ? 'is' : 'are'} missing: a verdict on part of the run could pass what the whole fails`);
  const seen = new Uint8Array(first.head.inputs.files);
  for (const { path, head, files } of partials) {
    const stray = files.find((file) => shardOfPath(file.source, count) !== head.shard.index);
    if (stray !== undefined) refuse(`${path} holds ${stray.source}, which belongs to shard ${shardOfPath(stray.source, count)} of ${count}, not ${head.shard.index}`);
    for (const index of [...files.map((file) => file.index), ...head.skipped]) {
      if (index >= seen.length || seen[index] === 1) refuse(`${path} holds file ${index + 1} of ${seen.length}, which ${index >= seen.length ? 'the run does not have' : 'another shard holds too'}`);
      seen[index] = 1;
    }
  }
  const lost = seen.indexOf(0);
  if (lost !== -1) refuse(`file ${lost + 1} of ${seen.length} is in no shard's result`);
}
