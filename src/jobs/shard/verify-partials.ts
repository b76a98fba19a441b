import { CspmError } from '../../error/cspm-error.js';
import type { PartialContentHashes, PartialRun, PartialSettings, PartialSkipped } from '../../model/partial.js';
import { canonicalJson, derivedRunId } from './shard-mac.js';
import { shardOfPath } from './shard-spec.js';

/** What the merge holds of one partial result for its checks: its head, and what each file was. */
export interface PartialSummary {
  path: string;
  tool: { version: string };
  shard: { index: number; count: number };
  inputs: { files: number; digest: string };
  settings: PartialSettings;
  contentHashes: PartialContentHashes;
  run: PartialRun;
  files: readonly { index: number; source: string; sha256: string }[];
  skipped: readonly PartialSkipped[];
}

/** What the merge expects, from its own command line: not from the shards. */
export interface MergeExpectation {
  version: string;
  settings: PartialSettings;
  contentHashes: PartialContentHashes;
  /** `--run-id` given to the merge: every shard must carry it. */
  runId?: string;
}

/**
 * What the merge found of the inputs where it runs: each path's SHA-256 as read now (or
 * the reason it could not be read), and the skipped paths that are indeed to be skipped.
 * Undefined with `--inputs-absent`.
 */
export interface InputsFound {
  digests: ReadonlyMap<string, string | { unreadable: string }>;
  skippable: ReadonlySet<string>;
}

/**
 * Refuses partial results that are not every shard, exactly once, of one run made with
 * the merge's own settings over the files as they are: settings first (named by option),
 * then the run, then that every input is accounted for once, then each file's digest.
 *
 * @throws CspmError `partial-refused` naming the shard and the setting or file; `shards-mismatch`
 */
export function verifyPartials(
  partials: readonly PartialSummary[],
  expected: MergeExpectation,
  found: InputsFound | undefined,
): void {
  for (const partial of partials) verifySettings(partial, expected);
  verifyOneRun(partials);
  verifyCoverage(partials);
  // The files before the run ids: a stale shard is named with the file that changed.
  if (found !== undefined) {
    for (const partial of partials) verifyInputs(partial, found);
    for (const partial of partials) verifyDerivedRunId(partial, found, expected);
  }
  verifyRunIds(partials, expected);
}

/** One run id on every shard, the merge's own `--run-id` when it is given one. */
function verifyRunIds(partials: readonly PartialSummary[], expected: MergeExpectation): void {
  const first = partials[0] as PartialSummary;
  for (const partial of partials) {
    const { path } = partial;
    if (expected.runId !== undefined && partial.run.id !== expected.runId)
      refuse(path, `is of run ${partial.run.id}; this merge expects --run-id ${expected.runId}`);
    if (partial.run.id !== first.run.id)
      mismatch(
        partials,
        `${path} is of run ${partial.run.id}, ${first.path} of run ${first.run.id}: every shard must come from one run`,
      );
  }
}

function refuse(file: string, what: string): never {
  throw new CspmError('partial-refused', `${file} ${what}`, { data: { file, what } });
}

function mismatch(partials: readonly PartialSummary[], what: string): never {
  throw new CspmError('shards-mismatch', what, { data: { files: partials.map(({ path }) => path), what } });
}

/** The options that set each verdict setting, as the merge takes them. */
function settingsText(settings: PartialSettings): Record<string, string> {
  return {
    command: settings.command === 'gate' ? 'a gate (merge --rules)' : 'a check (merge without --rules)',
    '--fail-on': settings.failOn,
    '--percent-formula': settings.percentFormula ?? 'green-of-assessed',
    '--from': settings.from ?? '(none: told from the content)',
    '--framework': settings.framework ?? '(none)',
    '--rule':
      Object.entries(settings.severities)
        .map(([rule, severity]) => `${rule}=${String(severity)}`)
        .sort()
        .join(' ') || '(none)',
    '--rules': settings.rules === undefined ? '(none)' : canonicalJson({ ...settings.rules, file: undefined }),
  };
}

function verifySettings(partial: PartialSummary, expected: MergeExpectation): void {
  const { path } = partial;
  if (partial.tool.version !== expected.version)
    refuse(
      path,
      `was made by cspm-report ${partial.tool.version}; this merge is ${expected.version}: run every shard and the merge with one version`,
    );
  const made = settingsText(partial.settings);
  const wanted = settingsText(expected.settings);
  for (const [option, value] of Object.entries(wanted)) {
    if (made[option] === value) continue;
    if (option === 'command') refuse(path, `is a shard of ${made[option] as string}; this merge is ${value}`);
    if (option === '--rules') refuse(path, 'was made with other --rules than this merge is given');
    refuse(path, `was made with ${option} ${made[option] as string}; this merge expects ${option} ${value}`);
  }
  const hashes = partial.contentHashes;
  if (hashes.rules !== expected.contentHashes.rules)
    refuse(path, 'was made with a rules file of other content than this merge is given (--rules)');
  const exceptions = exceptionsProblem(hashes.exceptions, expected.contentHashes.exceptions);
  if (exceptions !== undefined) refuse(path, exceptions);
}

/**
 * What differs between the exceptions files a shard was made with and those the merge is
 * given, in either direction: a merge judging other exceptions than its shards read would
 * state a verdict no run made. Undefined when both are the same files, byte for byte and in
 * order, or both have none.
 */
export function exceptionsProblem(
  made: readonly string[] | undefined,
  given: readonly string[] | undefined,
): string | undefined {
  const files = (count: number): string => (count === 1 ? '1 exceptions file' : `${count} exceptions files`);
  if (made === undefined)
    return given === undefined
      ? undefined
      : `was made without --exceptions; this merge is given ${files(given.length)}: run every shard and the merge with the same --exceptions`;
  if (given === undefined)
    return `was made with --exceptions (${files(made.length)}); this merge is given none: give it the same --exceptions`;
  if (made.length === given.length && made.every((sha256, at) => sha256 === given[at])) return undefined;
  return `was made with ${files(made.length)} of other content than the ${files(given.length)} this merge is given (--exceptions, in the same order): run every shard and the merge with the same files`;
}

function verifyOneRun(partials: readonly PartialSummary[]): void {
  const first = partials[0];
  if (first === undefined) return mismatch(partials, 'no partial result given');
  for (const partial of partials) {
    const { path } = partial;
    if (partial.shard.count !== first.shard.count)
      mismatch(
        partials,
        `${path} is shard ${partial.shard.index} of ${partial.shard.count}, ${first.path} of ${first.shard.count}`,
      );
    if (partial.inputs.digest !== first.inputs.digest || partial.inputs.files !== first.inputs.files) {
      mismatch(
        partials,
        `${path} listed other inputs (${partial.inputs.files} files) than ${first.path} (${first.inputs.files} files): every shard must be given the same files and folders`,
      );
    }
  }
  const count = first.shard.count;
  const byShard = new Map<number, string>();
  for (const { path, shard } of partials) {
    const other = byShard.get(shard.index);
    if (other !== undefined)
      mismatch(partials, `shard ${shard.index} of ${count} is given twice: ${other} and ${path}`);
    byShard.set(shard.index, path);
  }
  const missing: number[] = [];
  for (let index = 1; index <= count; index += 1) if (!byShard.has(index)) missing.push(index);
  if (missing.length > 0) {
    const listed = `${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}`;
    mismatch(
      partials,
      `${missing.length === 1 ? 'shard' : 'shards'} ${listed} of ${count} ${missing.length === 1 ? 'is' : 'are'} missing: a verdict on part of the run could pass what the whole fails`,
    );
  }
}

/** Every file of the run in exactly one shard's result, analysed or skipped, in the shard its path belongs to. */
function verifyCoverage(partials: readonly PartialSummary[]): void {
  const first = partials[0] as PartialSummary;
  const total = first.inputs.files;
  const count = first.shard.count;
  const seen = new Set<number>();
  for (const { path, shard, files, skipped } of partials) {
    for (const { index, source } of [
      ...files,
      ...skipped.map(({ index, path: skippedPath }) => ({ index, source: skippedPath })),
    ]) {
      if (index >= total)
        mismatch(partials, `${path} holds file ${index + 1} of ${total}, which the run does not have`);
      if (seen.has(index))
        mismatch(partials, `${path} holds file ${index + 1} of ${total}, which another shard holds too`);
      seen.add(index);
      const belongs = shardOfPath(source, count);
      if (belongs !== shard.index)
        mismatch(
          partials,
          `${path} holds ${source}, which belongs to shard ${belongs} of ${count}, not ${shard.index}`,
        );
    }
  }
  if (seen.size < total) {
    let lost = 0;
    while (seen.has(lost)) lost += 1;
    mismatch(partials, `file ${lost + 1} of ${total} is in no shard's result`);
  }
}

/** Each file as the shard read it is the file as it is: a stale or edited shard is refused. */
function verifyInputs(partial: PartialSummary, found: InputsFound): void {
  const { path } = partial;
  const check = (file: string, recorded: string): void => {
    const now = found.digests.get(file);
    if (typeof now !== 'string')
      refuse(
        path,
        `lists ${file}, which this merge cannot read (${now === undefined ? 'not found' : now.unreadable}): give every input where the merge runs, or --inputs-absent`,
      );
    if (now !== recorded)
      refuse(
        path,
        `holds ${file} as it was before it changed (its SHA-256 differs): a stale or edited shard; run every shard again`,
      );
  };
  for (const file of partial.files) check(file.source, file.sha256);
  for (const skipped of partial.skipped) {
    check(skipped.path, skipped.sha256);
    if (!found.skippable.has(skipped.path))
      refuse(path, `lists ${skipped.path} as skipped, but it is a file to check: every input must be accounted for`);
  }
}

/** A run id derived from the inputs is the one these files and settings give. */
function verifyDerivedRunId(partial: PartialSummary, found: InputsFound, expected: MergeExpectation): void {
  const { path } = partial;
  if (partial.run.from === 'inputs') {
    const digests = [...found.digests.values()].filter((digest): digest is string => typeof digest === 'string');
    if (
      digests.length === partial.inputs.files &&
      derivedRunId(expected.version, partial.settings, partial.contentHashes, digests) !== partial.run.id
    ) {
      refuse(
        path,
        `is of run ${partial.run.id}, which is not the run of these files and settings: a shard of another run`,
      );
    }
  }
}
