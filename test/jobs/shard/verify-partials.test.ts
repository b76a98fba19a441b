import { describe, expect, it } from 'vitest';
import { isCspmError } from '../../../src/error/cspm-error.js';
import type { GateRules } from '../../../src/model/gate-rules.js';
import type { PartialSettings } from '../../../src/model/partial.js';
import { derivedRunId } from '../../../src/jobs/shard/shard-mac.js';
import { shardOfPath } from '../../../src/jobs/shard/shard-spec.js';
import {
  verifyPartials,
  type InputsFound,
  type MergeExpectation,
  type PartialSummary,
} from '../../../src/jobs/shard/verify-partials.js';

const digest = (n: number): string => n.toString(16).padStart(64, '0');
const listing = 'f'.repeat(64);
const version = '9.9.9';

/** Six paths, three in each of two shards. */
const paths = (() => {
  const byShard: [string[], string[]] = [[], []];
  for (let n = 0; byShard[0].length < 3 || byShard[1].length < 3; n += 1) {
    const path = `r/account-${n}.json`;
    const list = byShard[shardOfPath(path, 2) - 1] as string[];
    if (list.length < 3) list.push(path);
  }
  return [...byShard[0], ...byShard[1]];
})();

const rules: GateRules = { file: 'rules.yaml', assertions: [] } as unknown as GateRules;

interface Run {
  partials: PartialSummary[];
  expected: MergeExpectation;
  found: InputsFound & { digests: Map<string, string | { unreadable: string }>; skippable: Set<string> };
}

/** Two shards of a check over the six paths, the last of shard 2 skipped; what merge would find. */
function run(settings: PartialSettings = { command: 'check', failOn: 'error', severities: {} }): Run {
  const digests = new Map<string, string | { unreadable: string }>(
    paths.map((path, index) => [path, digest(index + 1)]),
  );
  const id = derivedRunId(
    version,
    settings,
    {},
    paths.map((_, index) => digest(index + 1)),
  );
  const partials = [1, 2].map((shard): PartialSummary => {
    const mine = paths.flatMap((path, index) =>
      shardOfPath(path, 2) === shard ? [{ index, source: path, sha256: digest(index + 1) }] : [],
    );
    const skipped =
      shard === 2 ? mine.splice(-1).map(({ index, source, sha256 }) => ({ index, path: source, sha256 })) : [];
    return {
      path: `part-${shard}.json`,
      tool: { version },
      shard: { index: shard, count: 2 },
      inputs: { files: paths.length, digest: listing },
      settings: structuredClone(settings),
      contentHashes: {},
      run: { id, from: 'inputs' },
      files: mine,
      skipped,
    };
  });
  const skippable = new Set(partials.flatMap((partial) => partial.skipped.map(({ path }) => path)));
  return {
    partials,
    expected: { version, settings: structuredClone(settings), contentHashes: {} },
    found: { digests, skippable },
  };
}

/**
 * How verifyPartials refuses a run, with the files at hand or without them (--inputs-absent); code `none` when it
 * takes it.
 */
function refusal(given: Run, withFiles = true): { code: string; message: string; data: unknown } {
  try {
    verifyPartials(given.partials, given.expected, withFiles ? given.found : undefined);
  } catch (error) {
    // The message without the code's summary (`partial result refused: `): the detail the code names.
    if (isCspmError(error))
      return { code: error.code, message: error.message.slice(error.message.indexOf(': ') + 2), data: error.data };
    throw error;
  }
  return { code: 'none', message: '', data: undefined };
}

const first = (given: Run): PartialSummary => given.partials[0] as PartialSummary;
const second = (given: Run): PartialSummary => given.partials[1] as PartialSummary;

describe('verifyPartials', () => {
  it("takes every shard of one run made with the merge's settings over the files as they are, with or without the files", () => {
    expect(refusal(run())).toEqual({ code: 'none', message: '', data: undefined });
    expect(refusal(run(), false).code).toBe('none');
    const gate = run({
      command: 'gate',
      failOn: 'warning',
      percentFormula: 'green-of-total',
      severities: { 'mixed-ids': 'off' },
      rules,
    });
    expect(refusal(gate).code).toBe('none');
    // The rules as loaded from another path to the same content.
    gate.expected.settings.rules = { ...rules, file: 'elsewhere/rules.yaml' };
    expect(refusal(gate).code).toBe('none');
  });

  it.each([
    [
      'another version',
      (given: Run) => (first(given).tool.version = '1.0.0'),
      'part-1.json was made by cspm-report 1.0.0; this merge is 9.9.9: run every shard and the merge with one version',
    ],
    [
      'a gate for a check',
      (given: Run) => (first(given).settings.command = 'gate'),
      'part-1.json is a shard of a gate (merge --rules); this merge is a check (merge without --rules)',
    ],
    [
      '--fail-on',
      (given: Run) => (second(given).settings.failOn = 'never'),
      'part-2.json was made with --fail-on never; this merge expects --fail-on error',
    ],
    [
      '--percent-formula',
      (given: Run) => (first(given).settings.percentFormula = 'passed-resources'),
      'part-1.json was made with --percent-formula passed-resources; this merge expects --percent-formula green-of-assessed',
    ],
    [
      'the default formula named',
      (given: Run) => (given.expected.settings.percentFormula = 'green-of-total'),
      'part-1.json was made with --percent-formula green-of-assessed; this merge expects --percent-formula green-of-total',
    ],
    [
      '--rule',
      (given: Run) => (first(given).settings.severities = { 'mixed-ids': 'off', 'category-total': 'warning' }),
      'part-1.json was made with --rule category-total=warning mixed-ids=off; this merge expects --rule (none)',
    ],
    [
      '--rules',
      (given: Run) => (first(given).settings.rules = rules),
      'part-1.json was made with other --rules than this merge is given',
    ],
    [
      "the rules file's content",
      (given: Run) => (first(given).contentHashes = { rules: digest(9) }),
      'part-1.json was made with a rules file of other content than this merge is given (--rules)',
    ],
    [
      'no exceptions file, the merge given one',
      (given: Run) => (given.expected.contentHashes = { exceptions: [digest(9)] }),
      'part-1.json was made without --exceptions; this merge is given 1 exceptions file: run every shard and the merge with the same --exceptions',
    ],
    [
      'exceptions files, the merge given none',
      (given: Run) => (first(given).contentHashes = { exceptions: [digest(8), digest(9)] }),
      'part-1.json was made with --exceptions (2 exceptions files); this merge is given none: give it the same --exceptions',
    ],
    [
      'an exceptions file of other bytes',
      (given: Run) => {
        first(given).contentHashes = { exceptions: [digest(8)] };
        given.expected.contentHashes = { exceptions: [digest(9)] };
      },
      'part-1.json was made with 1 exceptions file of other content than the 1 exceptions file this merge is given (--exceptions, in the same order): run every shard and the merge with the same files',
    ],
    [
      'one exceptions file more',
      (given: Run) => {
        first(given).contentHashes = { exceptions: [digest(8)] };
        given.expected.contentHashes = { exceptions: [digest(8), digest(9)] };
      },
      'part-1.json was made with 1 exceptions file of other content than the 2 exceptions files this merge is given (--exceptions, in the same order): run every shard and the merge with the same files',
    ],
    [
      'a second exceptions file of other bytes',
      (given: Run) => {
        first(given).contentHashes = { exceptions: [digest(8), digest(7)] };
        given.expected.contentHashes = { exceptions: [digest(8), digest(9)] };
      },
      'part-1.json was made with 2 exceptions files of other content than the 2 exceptions files this merge is given (--exceptions, in the same order): run every shard and the merge with the same files',
    ],
    [
      'the exceptions files in another order',
      (given: Run) => {
        first(given).contentHashes = { exceptions: [digest(9), digest(8)] };
        given.expected.contentHashes = { exceptions: [digest(8), digest(9)] };
      },
      'part-1.json was made with 2 exceptions files of other content than the 2 exceptions files this merge is given (--exceptions, in the same order): run every shard and the merge with the same files',
    ],
  ])('refuses a shard made with %s, naming it and the setting', (_, edit, message) => {
    const given = run();
    edit(given);
    expect(refusal(given)).toEqual({
      code: 'partial-refused',
      message,
      data: { file: message.split(' ')[0], what: message.slice(message.indexOf(' ') + 1) },
    });
  });

  it('takes shards made with the exceptions files the merge is given, byte for byte and in order', () => {
    const given = run();
    for (const partial of given.partials) partial.contentHashes = { exceptions: [digest(8), digest(9)] };
    given.expected.contentHashes = { exceptions: [digest(8), digest(9)] };
    // Without the files: the run id the test derived is of no exceptions.
    expect(refusal(given, false).code).toBe('none');
    second(given).contentHashes = { exceptions: [digest(8)] };
    expect(refusal(given, false).message).toMatch(/^part-2\.json was made with 1 exceptions file of other content/);
  });

  it('refuses a check shard given to a gate merge', () => {
    const given = run();
    given.expected.settings = { command: 'gate', failOn: 'error', severities: {}, rules };
    expect(refusal(given).message).toBe(
      'part-1.json is a shard of a check (merge without --rules); this merge is a gate (merge --rules)',
    );
  });

  it.each([
    [
      'another shard count',
      (given: Run) => (second(given).shard.count = 3),
      'part-2.json is shard 2 of 3, part-1.json of 2',
    ],
    [
      'other inputs listed',
      (given: Run) => (second(given).inputs.digest = digest(7)),
      'part-2.json listed other inputs (6 files) than part-1.json (6 files): every shard must be given the same files and folders',
    ],
    [
      'another number of inputs',
      (given: Run) => (second(given).inputs.files = 7),
      'part-2.json listed other inputs (7 files) than part-1.json (6 files): every shard must be given the same files and folders',
    ],
    [
      'a shard twice',
      (given: Run) => given.partials.push({ ...second(given), path: 'again.json' }),
      'shard 2 of 2 is given twice: part-2.json and again.json',
    ],
    [
      'a shard missing',
      (given: Run) => given.partials.pop(),
      'shard 2 of 2 is missing: a verdict on part of the run could pass what the whole fails',
    ],
    [
      'a file the run does not have',
      (given: Run) => (first(given).files[0]!.index = 6),
      'part-1.json holds file 7 of 6, which the run does not have',
    ],
    [
      'a file in two shards',
      (given: Run) => (second(given).files[0]!.index = first(given).files[0]!.index),
      `part-2.json holds file 1 of 6, which another shard holds too`,
    ],
    [
      'a file of another shard',
      (given: Run) => (first(given).files[0]!.source = paths[5] as string),
      `part-1.json holds ${paths[5] as string}, which belongs to shard 2 of 2, not 1`,
    ],
    [
      'a skipped file of another shard',
      (given: Run) => (second(given).skipped[0]!.path = paths[0] as string),
      `part-2.json holds ${paths[0] as string}, which belongs to shard 1 of 2, not 2`,
    ],
    [
      'a file in no shard',
      (given: Run) => (first(given).files = first(given).files.filter((_, at) => at !== 1)),
      "file 2 of 6 is in no shard's result",
    ],
    [
      'the first file in no shard',
      (given: Run) => (first(given).files = first(given).files.slice(1)),
      "file 1 of 6 is in no shard's result",
    ],
    ['a skipped file in no shard', (given: Run) => (second(given).skipped = []), "file 6 of 6 is in no shard's result"],
    [
      'another run',
      (given: Run) => (second(given).run = { id: 'other', from: 'given' }),
      `part-2.json is of run other, part-1.json of run ${first(run()).run.id}: every shard must come from one run`,
    ],
  ])('refuses shards that are not one run, each once: %s', (_, edit, message) => {
    const given = run();
    edit(given);
    expect(refusal(given, false)).toEqual({
      code: 'shards-mismatch',
      message,
      data: { files: given.partials.map(({ path }) => path), what: message },
    });
  });

  it('lists at most ten missing shards', () => {
    const given = run();
    for (const partial of given.partials) partial.shard.count = 14;
    const last = given.partials.pop() as PartialSummary;
    for (const file of first(given).files) file.source = 'x';
    expect(refusal(given, false).message).toBe(
      'shards 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, … of 14 are missing: a verdict on part of the run could pass what the whole fails',
    );
    given.partials.push(
      ...Array.from({ length: 12 }, (_, index) => ({
        ...last,
        path: `p${index}`,
        shard: { index: index + 3, count: 14 },
        files: [],
        skipped: [],
      })),
    );
    expect(refusal(given, false).message).toBe(
      'shard 2 of 14 is missing: a verdict on part of the run could pass what the whole fails',
    );
  });

  it('lists ten missing shards whole', () => {
    const given = run();
    for (const partial of given.partials) partial.shard.count = 11;
    given.partials.pop();
    for (const file of first(given).files) file.source = 'x';
    expect(refusal(given, false).message).toBe(
      'shards 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 of 11 are missing: a verdict on part of the run could pass what the whole fails',
    );
  });

  it('refuses a gate shard made with other assertions', () => {
    const given = run({ command: 'gate', failOn: 'error', severities: {}, rules });
    first(given).settings.rules = { ...rules, assertions: [{ name: 'x' }] } as unknown as GateRules;
    expect(refusal(given).message).toBe('part-1.json was made with other --rules than this merge is given');
  });

  it('refuses no partial result at all', () => {
    expect(refusal({ ...run(), partials: [] }, false)).toMatchObject({
      code: 'shards-mismatch',
      message: 'no partial result given',
    });
  });

  it("expects the merge's --run-id on every shard", () => {
    const given = run();
    for (const partial of given.partials) partial.run = { id: 'ci-42', from: 'given' };
    expect(refusal({ ...given, expected: { ...given.expected, runId: 'ci-42' } }).code).toBe('none');
    expect(refusal({ ...given, expected: { ...given.expected, runId: 'ci-43' } })).toMatchObject({
      code: 'partial-refused',
      message: 'part-1.json is of run ci-42; this merge expects --run-id ci-43',
    });
  });

  it.each([
    [
      'a file changed since its shard read it',
      (given: Run) => given.found.digests.set(paths[1] as string, digest(99)),
      `part-1.json holds ${paths[1] as string} as it was before it changed (its SHA-256 differs): a stale or edited shard; run every shard again`,
    ],
    [
      'a skipped file changed',
      (given: Run) => given.found.digests.set(paths[5] as string, digest(99)),
      `part-2.json holds ${paths[5] as string} as it was before it changed (its SHA-256 differs): a stale or edited shard; run every shard again`,
    ],
    [
      'a file gone',
      (given: Run) => given.found.digests.delete(paths[3] as string),
      `part-2.json lists ${paths[3] as string}, which this merge cannot read (not found): give every input where the merge runs, or --inputs-absent`,
    ],
    [
      'a file unreadable',
      (given: Run) => given.found.digests.set(paths[0] as string, { unreadable: 'permission denied' }),
      `part-1.json lists ${paths[0] as string}, which this merge cannot read (permission denied): give every input where the merge runs, or --inputs-absent`,
    ],
    [
      'a file to check listed as skipped',
      (given: Run) => given.found.skippable.clear(),
      `part-2.json lists ${paths[5] as string} as skipped, but it is a file to check: every input must be accounted for`,
    ],
    [
      "a run id that is not these files'",
      (given: Run) => given.partials.forEach((partial) => (partial.run.id = 'forged')),
      'part-1.json is of run forged, which is not the run of these files and settings: a shard of another run',
    ],
  ])('refuses, with the files at hand, %s', (_, edit, message) => {
    const given = run();
    edit(given);
    expect(refusal(given)).toMatchObject({ code: 'partial-refused', message });
    // Without the files (--inputs-absent), none of this can be seen.
    expect(refusal(given, false).code).toBe('none');
  });

  it('checks a derived run id only when every file could be read, and never a given one', () => {
    const given = run();
    given.partials.forEach((partial) => (partial.run = { id: 'forged', from: 'given' }));
    expect(refusal(given).code).toBe('none');
    const extra = run();
    extra.found.digests.set('not/of/the/run.json', digest(50));
    expect(refusal(extra).code).toBe('none');
  });
});
