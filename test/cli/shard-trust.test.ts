import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { shardOfPath } from '../../src/jobs/shard/shard-spec.js';
import { runInProcess } from '../support/cli-run.js';
import { writeFleet } from '../support/fleet.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

interface PartialJson {
  cspmReportPartial: number;
  settings: { failOn: string };
  inputs: { files: number };
  files: {
    index: number;
    source: string;
    findings: { rule: string; actual?: unknown }[];
    fleetAccounts?: unknown[];
    reports: {
      figures: Record<string, number>;
      redBySeverity: unknown[];
      categories: { figures: Record<string, number>; redBySeverity: unknown[] }[];
    }[];
  }[];
  skipped: unknown[];
}

/** Runs every shard of a command to `part-i.json` under `out`, each expected to succeed. */
async function runShards(
  out: string,
  args: string[],
  shards: number,
  env: Record<string, string> = {},
): Promise<string[]> {
  const parts: string[] = [];
  for (let index = 1; index <= shards; index += 1) {
    const part = join(out, `part-${index}.json`);
    expect(await runInProcess([...args, '--shard', `${index}/${shards}`, '-o', part], { env })).toMatchObject({
      code: 0,
      stdout: '',
    });
    parts.push(part);
  }
  return parts;
}

function readPart(path: string): PartialJson {
  return JSON.parse(readFileSync(path, 'utf8')) as PartialJson;
}

/** Rewrites a partial result through `edit`, one JSON text (as another tool would write it). */
function tamper(path: string, edit: (partial: PartialJson) => void): void {
  const partial = readPart(path);
  edit(partial);
  writeFileSync(path, JSON.stringify(partial));
}

/** Every figure of a partial's files made Green. */
function allGreen(partial: PartialJson): void {
  for (const file of partial.files) {
    file.findings = [];
    for (const holder of file.reports.flatMap((report) => [report, ...report.categories])) {
      const { figures } = holder;
      figures['green'] =
        (figures['green'] ?? 0) + (figures['red'] ?? 0) + (figures['amber'] ?? 0) + (figures['other'] ?? 0);
      figures['red'] = 0;
      figures['amber'] = 0;
      figures['other'] = 0;
      holder.redBySeverity = [];
    }
  }
}

/** A fleet without defects but one file whose numbers do not add up (a category-total error). */
function fleetWithOneError(dir: string, accounts: number): { dir: string; files: string[]; wrong: string } {
  const fleet = writeFleet(dir, accounts, undefined, false);
  const wrong = fleet.files[2] as string;
  const report = JSON.parse(readFileSync(wrong, 'utf8')) as { ResourceCategories: { Total: number }[] }[];
  report[0]!.ResourceCategories[0]!.Total += 1;
  writeFileSync(wrong, JSON.stringify(report, null, 2));
  return { dir: fleet.dir, files: fleet.files, wrong };
}

const key = { CSPM_SHARD_KEY: 'a shared secret of the CI run' };

describe('merge verifies the shards it is given', () => {
  it('refuses, with CSPM_SHARD_KEY set, a shard whose figures were edited to Green (check and gate)', async () => {
    const fleet = fleetWithOneError(tempDir(), 8);
    const out = tempDir();
    const parts = await runShards(out, ['check', fleet.dir], 2, key);
    const honest = await runInProcess(['merge', ...parts], { env: key });
    expect(honest.code).toBe(1);
    for (const part of parts) tamper(part, allGreen);
    const merged = await runInProcess(['merge', ...parts], { env: key });
    expect(merged.stdout).not.toContain('no findings');
    expect(merged).toMatchObject({ code: 2 });
    expect(merged.stderr).toMatch(new RegExp(`^cspm-report: .*${parts[0] as string}.*(MAC|mac)`));
    const rules = join(out, 'rules.json');
    writeFileSync(
      rules,
      JSON.stringify({ assertions: [{ name: 'no red', metric: 'failingPolicies', aggregate: 'all', max: 0 }] }),
    );
    const gateParts = await runShards(tempDir(), ['gate', fleet.dir, '--rules', rules], 2, key);
    expect((await runInProcess(['merge', ...gateParts, '--rules', rules], { env: key })).code).toBe(1);
    for (const part of gateParts) tamper(part, allGreen);
    const gate = await runInProcess(['merge', ...gateParts, '--rules', rules], { env: key });
    expect(gate.stdout).not.toContain('gate passed');
    expect(gate.code).toBe(2);
    expect(gate.stderr).not.toContain(key.CSPM_SHARD_KEY);
  });

  it('refuses a failing file listed as skipped: every input is accounted for', async () => {
    const fleet = fleetWithOneError(tempDir(), 8);
    const out = tempDir();
    const parts = await runShards(out, ['check', fleet.dir], 2);
    const holder = parts[shardOfPath(fleet.wrong, 2) - 1] as string;
    tamper(holder, (partial) => {
      const file = partial.files.find((entry) => entry.source === fleet.wrong);
      partial.files = partial.files.filter((entry) => entry !== file);
      // Version 1 listed the positions only; later versions each skipped file's path and digest.
      partial.skipped.push(
        partial.cspmReportPartial === 1
          ? file?.index
          : { index: file?.index, path: fleet.wrong, sha256: (file as unknown as { sha256?: string }).sha256 },
      );
    });
    const merged = await runInProcess(['merge', ...parts]);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain(holder);
    expect(merged.stderr).toContain(fleet.wrong);
  });

  it('refuses a stale shard from an earlier run over the same paths, naming the shard and the file', async () => {
    const fleet = fleetWithOneError(tempDir(), 8);
    const out = tempDir();
    const parts = await runShards(out, ['check', fleet.dir], 2);
    const changed = fleet.files.find((file) => shardOfPath(file, 2) === 1) as string;
    const before = readFileSync(changed, 'utf8');
    writeFileSync(changed, before.replace(/"Compliance": +"Green"/, '"Compliance": "Red"'));
    expect(readFileSync(changed, 'utf8')).not.toBe(before);
    // Shard 2 is run again over the changed folder; shard 1's result is the old one.
    await runShards(tempDir(), ['check', fleet.dir], 2).then((fresh) =>
      writeFileSync(parts[1] as string, readFileSync(fresh[1] as string)),
    );
    const merged = await runInProcess(['merge', ...parts]);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain(parts[0] as string);
    expect(merged.stderr).toContain(changed);
  });

  it('refuses shards edited to --fail-on never: the merge states the settings it expects', async () => {
    const fleet = fleetWithOneError(tempDir(), 8);
    const out = tempDir();
    const parts = await runShards(out, ['check', fleet.dir], 2);
    for (const part of parts) tamper(part, (partial) => (partial.settings.failOn = 'never'));
    const merged = await runInProcess(['merge', ...parts]);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toBe(
      `cspm-report: partial result refused: ${parts[0] as string} was made with --fail-on never; this merge expects --fail-on error\n`,
    );
    const never = await runShards(tempDir(), ['check', fleet.dir, '--fail-on', 'never'], 2);
    expect((await runInProcess(['merge', ...never])).code).toBe(2);
    expect((await runInProcess(['merge', ...never, '--fail-on', 'never'])).code).toBe(0);
  });
});

describe('merge refuses crafted partials by JSON Pointer, never with an internal error', () => {
  it.each([
    [
      'fleetAccounts of an empty object',
      (partial: PartialJson) => ((partial.files[0] as PartialJson['files'][0]).fleetAccounts = [{}]),
      '/files/0/fleetAccounts/0',
    ],
    [
      'a json-syntax finding without actual',
      (partial: PartialJson) =>
        (partial.files[0] as PartialJson['files'][0]).findings.push({
          rule: 'json-syntax',
          severity: 'error',
          pointer: '',
          message: 'x',
        } as never),
      '/files/0/findings/0',
    ],
    [
      'inputs.files of 2^53 − 1',
      (partial: PartialJson) => (partial.inputs.files = Number.MAX_SAFE_INTEGER),
      '/inputs/files',
    ],
  ])('%s', async (_, edit, pointer) => {
    const fleet = writeFleet(tempDir(), 4, undefined, false);
    const out = tempDir();
    const parts = await runShards(out, ['check', fleet.dir], 1);
    tamper(parts[0] as string, edit);
    const merged = await runInProcess(['merge', ...parts, '--fleet', join(out, 'fleet.json')]);
    expect(merged.code).toBe(2);
    expect(merged.stderr).not.toContain('internal error');
    expect(merged.stderr).toMatch(
      new RegExp(`^cspm-report: invalid partial result: ${parts[0] as string}: ${pointer}[/:]`),
    );
  });
});

describe('merge without the input files, the MAC, the run id and the published schema', () => {
  it('refuses a merge where the files are not, unless --inputs-absent, which every output then states', async () => {
    const fleet = fleetWithOneError(tempDir(), 6);
    const out = tempDir();
    const parts = await runShards(out, ['check', fleet.dir], 2);
    const present = await runInProcess(['merge', ...parts, '-f', 'json', '-o', join(out, 'present.json')]);
    expect(present.code).toBe(1);
    rmSync(fleet.dir, { recursive: true });
    const refused = await runInProcess(['merge', ...parts]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^cspm-report: partial result refused: .*part-1\.json lists .*, which this merge cannot read \(.*\): give every input where the merge runs, or --inputs-absent\n$/,
    );
    const absent = await runInProcess([
      'merge',
      ...parts,
      '--inputs-absent',
      '-f',
      'json',
      '-o',
      join(out, 'absent.json'),
      '-f',
      'markdown',
      '-o',
      join(out, 'absent.md'),
    ]);
    expect(absent.code).toBe(1);
    expect(absent.stderr).toContain('cspm-report: note: merged without the input files (--inputs-absent)');
    const json = JSON.parse(readFileSync(join(out, 'absent.json'), 'utf8')) as { verdict: { reasons: string[] } };
    expect(json.verdict.reasons.at(-1)).toMatch(/^merged without the input files \(--inputs-absent\)/);
    expect(readFileSync(join(out, 'absent.md'), 'utf8')).toContain('merged without the input files');
    expect(readFileSync(join(out, 'present.json'), 'utf8')).not.toContain('--inputs-absent');
  });

  it('with CSPM_SHARD_KEY: refuses a shard without a MAC or under another key; without it, says the MAC was not checked', async () => {
    const fleet = writeFleet(tempDir(), 6, undefined, false);
    const out = tempDir();
    const parts = await runShards(out, ['check', fleet.dir], 2, key);
    const text = readFileSync(parts[0] as string, 'utf8');
    expect(text).toMatch(/,"mac":"[0-9a-f]{64}"\}\n$/);
    expect(text).not.toContain(key.CSPM_SHARD_KEY);
    expect((await runInProcess(['merge', ...parts], { env: key })).code).toBe(0);
    const otherKey = await runInProcess(['merge', ...parts], { env: { CSPM_SHARD_KEY: 'another key' } });
    expect(otherKey.code).toBe(2);
    expect(otherKey.stderr).toBe(
      `cspm-report: partial result refused: ${parts[0] as string} carries a MAC that is not right under CSPM_SHARD_KEY: the file was changed after its shard wrote it, or made with another key\n`,
    );
    const unkeyed = await runShards(tempDir(), ['check', fleet.dir], 2);
    const mixed = await runInProcess(['merge', parts[0] as string, unkeyed[1] as string], { env: key });
    expect(mixed.stderr).toBe(
      `cspm-report: partial result refused: ${unkeyed[1] as string} carries no MAC, and CSPM_SHARD_KEY is set: every shard must be run with the key\n`,
    );
    const unchecked = await runInProcess(['merge', ...parts, '-f', 'json', '-o', join(out, 'merged.json')]);
    expect(unchecked.code).toBe(0);
    expect(unchecked.stderr).toBe(
      'cspm-report: note: the partial results carry a MAC, which was not checked: CSPM_SHARD_KEY is not set\n',
    );
    expect(readFileSync(join(out, 'merged.json'), 'utf8')).toContain(
      'which was not checked: CSPM_SHARD_KEY is not set',
    );
  });

  it('takes a --run-id shared by the shards, and refuses a shard of another run', async () => {
    const fleet = writeFleet(tempDir(), 6, undefined, false);
    const out = tempDir();
    const parts = await runShards(out, ['check', fleet.dir, '--run-id', 'ci-1234'], 2);
    expect((await runInProcess(['merge', ...parts, '--run-id', 'ci-1234'])).code).toBe(0);
    expect((await runInProcess(['merge', ...parts])).code).toBe(0);
    const wrong = await runInProcess(['merge', ...parts, '--run-id', 'ci-9']);
    expect(wrong.stderr).toBe(
      `cspm-report: partial result refused: ${parts[0] as string} is of run ci-1234; this merge expects --run-id ci-9\n`,
    );
    const other = await runShards(tempDir(), ['check', fleet.dir, '--run-id', 'ci-1235'], 2);
    const mixed = await runInProcess(['merge', parts[0] as string, other[1] as string]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain(
      `${other[1] as string} is of run ci-1235, ${parts[0] as string} of run ci-1234: every shard must come from one run`,
    );
    expect((await runInProcess(['check', fleet.dir, '--shard', '1/2', '--run-id', 'with space'])).stderr).toContain(
      '--run-id takes 1 to 200 printable characters without spaces',
    );
  });

  it("prints the partial result's schema, which the partial results of a check and a gate with fleet figures validate against", async () => {
    const printed = await runInProcess(['schema', 'partial']);
    expect(printed.code).toBe(0);
    const schema = JSON.parse(printed.stdout) as Record<string, unknown>;
    expect(schema).toEqual(JSON.parse(readFileSync('schema/partial.schema.json', 'utf8')));
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
    const validate = ajv.compile(schema);
    const fleet = fleetWithOneError(tempDir(), 6);
    writeFileSync(join(fleet.dir, 'broken.json'), '[{"BenchmarkId": ');
    const out = tempDir();
    const check = await runShards(out, ['check', fleet.dir], 2, key);
    const gate = await runShards(tempDir(), ['gate', fleet.dir, '--rules', 'cspm:recommended'], 1);
    for (const part of [...check, ...gate]) {
      const partial = readPart(part);
      expect(validate(partial), JSON.stringify(validate.errors)).toBe(true);
    }
    expect(
      check
        .map(readPart)
        .flatMap((partial) => partial.files)
        .some((file) => file.findings.some((finding) => finding.rule === 'json-syntax')),
    ).toBe(true);
    expect(readPart(gate[0] as string).files[0]?.fleetAccounts?.length).toBeGreaterThan(0);
  });
});

describe('the digests of a sharded run', () => {
  it('are the same with worker threads, and --run-id is refused without --shard', async () => {
    const fleet = fleetWithOneError(tempDir(), 6);
    const one = await runShards(tempDir(), ['check', fleet.dir], 2);
    const two = await runShards(tempDir(), ['check', fleet.dir, '--jobs', '2'], 2);
    const digests = (parts: string[]): string[] =>
      parts
        .map(readPart)
        .flatMap((partial) => partial.files.map((file) => (file as unknown as { sha256: string }).sha256));
    expect(digests(two)).toEqual(digests(one));
    expect(digests(one)).toHaveLength(6);
    expect(new Set(digests(one)).size).toBe(6);
    expect((await runInProcess(['merge', one[0] as string, two[1] as string])).code).toBe(1);
    const unsharded = await runInProcess(['check', fleet.dir, '--run-id', 'ci-1']);
    expect(unsharded.code).toBe(2);
    expect(unsharded.stderr).toBe(
      'cspm-report: invalid usage: --run-id names the run of a sharded check or gate: give it with --shard i/n, and to merge\nRun "cspm-report --help" for usage.\n',
    );
  });
});
