import { CspmError } from '../../error/cspm-error.js';
import type { FailOn } from '../../model/fail-closed.js';
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
import { verifyPartials } from './verify-partials.js';
import { assertMac, shardKeyVariable } from './shard-mac.js';
import { findInputs } from './find-inputs.js';
import { contentHashesOf, exceptionsHashesOf } from './hash-file.js';
import {
  acceptedRisksOf,
  exceptionPolicyIds,
  exceptionsRecord,
  runExceptionsOf,
  type ExceptionsOptions,
} from '../exceptions/run-exceptions.js';
import type { AcceptedRisks } from '../../model/exceptions.js';
import { loadGateRules } from '../../gate/load-gate-rules.js';
import { toolInfo } from '../../tool-info.js';
import type { PartialContentHashes, PartialSettings } from '../../model/partial.js';
import type { FleetAccount, FleetFigures, FleetPolicy } from '../../model/fleet.js';
import type { PercentFormula } from '../../model/analysis.js';
import { createFleetFigures, fleetPolicyKey } from '../../analyse/fleet/add-fleet-report.js';
import { addPolicyCounts } from '../../analyse/fleet/merge-fleet-figures.js';
import { fleetFiguresFileText } from '../fleet-figures-file.js';
import { gateResultRecord, type GateResultRecord } from '../gate-result-record.js';
import type { RunSettings } from '../../model/run-settings.js';

/** Options of {@link mergePartials}. */
export interface MergeOptions extends ProgressOptions, ExceptionsOptions {
  /** Place findings on lines (see AnalyseInputsOptions.placeFindings); on by default. */
  placeFindings?: boolean;
  /** Keep the figures of every category, for an output that lists them (see FiguresOnlyOptions.allCategories). */
  allCategories?: boolean;
  /** Also join the fleet figures of the whole run (see FleetFigures), which `render` draws as the fleet tier. */
  fleet?: boolean;
  /**
   * Merge without the input files: their digests are not checked again, nor is a skipped
   * file's reason (the merge's notes say so). By default every input is read and hashed.
   */
  inputsAbsent?: boolean;
  /**
   * The key of the partial results' MACs (CSPM_SHARD_KEY): with it, a partial result without a right MAC is refused.
   */
  macKey?: string;
  /** The settings a config file set, which a gate's record states. */
  runSettings?: RunSettings;
}

/** What the merge expects of every shard: the settings of its own command line, not the shards'. */
export interface MergeSettings {
  command: 'check' | 'gate';
  failOn: FailOn;
  severities?: PartialSettings['severities'];
  percentFormula?: PercentFormula;
  /** `--from` and `--framework`: how every shard must have read its files. */
  from?: string;
  framework?: string;
  /** The gate's rules: a rules file, a preset name, or rules already loaded (loadGateRules). */
  rules?: string | GateRules;
  /**
   * SHA-256 of the rules file the merge was given (absent for a preset); by default, of the file the rules were loaded
   * from.
   */
  contentHashes?: PartialContentHashes;
  /** The run id every shard must carry (`--run-id`). */
  runId?: string;
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
  /**
   * The same figures as the file `renderReports` draws the fleet document from (`merge --fleet FILE`), when asked for.
   */
  fleetFile?: string;
  /** What the run's exceptions did on the whole run, when the merge was given any (those its shards were made with). */
  exceptions?: AcceptedRisks;
  /** What the merge could not verify, one sentence each: every output states them. */
  notes: string[];
  /** Of a gate: the run's record, as `merge --result` writes it, with the settings given and the notes. */
  record?: GateResultRecord;
}

/**
 * Joins the partial results of every shard of a check or gate into the run's result:
 * the files in the order of the whole run, the rules across inputs over all of them
 * (a report repeated in two shards), the gate's assertions on the whole, and the
 * verdict the unsharded run gives. It trusts no setting of the shards: each must have
 * been made with `expected`, by this version, over the files as they are where the merge
 * runs (read and hashed again, unless `inputsAbsent`), with a right MAC when `macKey` is
 * given (see verifyPartials). It fails closed: a shard of another run, other settings or
 * other file contents, a shard missing or given twice, a file of the run in no shard or
 * in two, are an error, never a verdict on part of the run.
 *
 * @param paths the partial results, one per shard, in any order
 * @param expected the settings of the merge's own command line
 * @throws CspmError `partial-invalid` for a file that is not a partial result (by JSON
 *         Pointer, see schema/partial.schema.json), `partial-refused`, `shards-mismatch`
 */
export async function mergePartials(
  paths: readonly string[],
  expected: MergeSettings,
  options: MergeOptions = {},
): Promise<MergeResult> {
  if (paths.length === 0)
    throw new CspmError('usage', 'merge needs the partial results of every shard (part-*.json)', {
      data: { option: 'partials' },
    });
  const rules = typeof expected.rules === 'string' ? await loadGateRules(expected.rules) : expected.rules;
  // Read and checked before any shard: a file that does not check fails the merge, never reads as none.
  const runExceptions = runExceptionsOf(options);
  const settings: PartialSettings = {
    command: expected.command,
    failOn: expected.failOn,
    ...(expected.percentFormula === undefined ? {} : { percentFormula: expected.percentFormula }),
    ...(expected.from === undefined ? {} : { from: expected.from }),
    ...(expected.framework === undefined ? {} : { framework: expected.framework }),
    severities: expected.severities ?? {},
    ...(rules === undefined ? {} : { rules }),
  };
  const notes: string[] = [];
  const partials: ReadPartial[] = [];
  const files: { index: number; file: AnalysedFile; accounts: FleetAccount[] }[] = [];
  const keep = keptByMerge(settings, options.allCategories === true, exceptionPolicyIds(runExceptions));
  for (const path of paths) {
    if (options.macKey !== undefined) await assertMac(path, options.macKey);
    const held: { index: number; source: string; sha256: string }[] = [];
    const head = await readPartial(path, () => {
      return (file) => {
        held.push({ index: file.index, source: file.source, sha256: file.sha256 });
        const analysed = fromPartialFile(file);
        // Only what the merge's outputs read is kept: a fleet's categories are let go file by file.
        files.push({
          index: file.index,
          file: {
            ...analysed,
            document: { ...analysed.document, source: keepFigures(analysed.document.source, keep) },
          },
          accounts: options.fleet === true ? (file.fleetAccounts ?? []) : [],
        });
      };
    });
    partials.push({ path, head, files: held });
  }
  const summaries = partials.map(({ path, head, files: held }) => ({ ...head, path, files: held }));
  const found = options.inputsAbsent === true ? undefined : await findInputs(summaries);
  verifyPartials(
    summaries,
    {
      version: toolInfo.version,
      settings,
      contentHashes: { ...(expected.contentHashes ?? contentHashesOf(rules)), ...exceptionsHashesOf(runExceptions) },
      ...(expected.runId === undefined ? {} : { runId: expected.runId }),
    },
    found,
  );
  if (options.inputsAbsent === true)
    notes.push(
      "merged without the input files (--inputs-absent): the shards' digests of the files and the files they skipped were not checked against the files",
    );
  if (options.macKey === undefined && partials.some(({ head }) => head.mac !== undefined))
    notes.push(`the partial results carry a MAC, which was not checked: ${shardKeyVariable} is not set`);
  files.sort((a, b) => a.index - b.index);
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
  const withFleet = fleet === undefined ? {} : { fleet, fleetFile: fleetFiguresFileText(fleet) };
  const noted = (verdict: Verdict): Verdict => ({ ...verdict, reasons: [...verdict.reasons, ...notes] });
  const risks = runExceptions === undefined ? undefined : acceptedRisksOf(analysis, runExceptions, options);
  const withRisks = risks === undefined ? {} : { exceptions: risks };
  if (settings.command === 'check')
    return {
      command: 'check',
      analysis,
      failOn: settings.failOn,
      verdict: noted(checkVerdict(analysis, settings.failOn)),
      notes,
      ...withFleet,
      ...withRisks,
    };
  const gate = evaluateGate(
    analysis,
    settings.rules as GateRules,
    risks === undefined ? {} : { exceptions: risks.outcomes },
  );
  const verdict = noted(gateVerdict(analysis, gate, settings.failOn));
  const record = {
    ...gateResultRecord(gate, analysis, verdict.exitCode),
    ...(options.runSettings === undefined ? {} : { runSettings: options.runSettings }),
    ...(notes.length === 0 ? {} : { notes }),
    ...(risks === undefined ? {} : { exceptions: exceptionsRecord(risks) }),
  };
  return {
    command: 'gate',
    analysis,
    failOn: settings.failOn,
    rules: settings.rules as GateRules,
    gate,
    verdict,
    notes,
    ...withFleet,
    ...withRisks,
    record,
  };
}

/**
 * The fleet figures of the whole run from its shards': the rows of every file in the
 * run's order, and each policy's counts summed, named as the first file of the run
 * that held it names it and listed in that order: what one run would have built.
 *
 * @throws CspmError `usage` for partial results written without fleet figures
 */
function joinFleet(
  partials: readonly ReadPartial[],
  files: readonly { accounts: FleetAccount[] }[],
  formula: PercentFormula | undefined,
): FleetFigures {
  const fleet = createFleetFigures(formula);
  const policies: { key: string; first: number; policy: FleetPolicy }[] = [];
  for (const { path, head } of partials) {
    if (head.fleetPolicies === undefined)
      throw new CspmError(
        'usage',
        `${path} holds no fleet figures: write the shards again with this version of cspm-report`,
        { data: { option: 'fleet', path } },
      );
    for (const { first, policy } of head.fleetPolicies)
      policies.push({ key: fleetPolicyKey(policy.benchmarkId, policy.policyId), first, policy: { ...policy } });
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
  files: { index: number; source: string; sha256: string }[];
}

/**
 * What the merge keeps of each file: as the unsharded run would (see keepFigures), with the
 * policies the exceptions name and every category, for the exceptions to be judged on.
 */
function keptByMerge(
  settings: PartialSettings,
  allCategories: boolean,
  exceptionPolicies: readonly string[],
): KeptPolicySelection {
  const rules = settings.rules;
  const all = allCategories || exceptionPolicies.length > 0;
  const policyIds = new Set([...(rules === undefined ? [] : namedPolicies(rules)), ...exceptionPolicies]);
  if (rules === undefined)
    return { ...(policyIds.size === 0 ? {} : { policyIds }), ...(all ? { categories: 'all' } : {}) };
  return { policyIds, categories: all ? 'all' : namedCategories(rules) };
}
