import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { hasXmllint, junitSchemaErrors } from '../support/junit-schema.js';
import { parseXml } from '../support/parse-xml.js';
import { multitoolProblems } from '../support/sarif-multitool.js';
import { useTempDir } from '../support/temp-dir.js';
import { sarifSchemaErrors } from '../render/findings/sarif-schema.js';

const tempDir = useTempDir();
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A folder kept for every test of the file (the merge below is made once and read by each). */
function sharedDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cspm-test-'));
  made.push(dir);
  return dir;
}

const absentNote =
  "merged without the input files (--inputs-absent): the shards' digests of the files and the files they skipped were not checked against the files";
const macNote = 'the partial results carry a MAC, which was not checked: CSPM_SHARD_KEY is not set';

/** Every findings format of a run to a file under `dir`, by format name. */
const files = {
  text: 't.txt',
  json: 'j.json',
  sarif: 's.sarif',
  junit: 'j.xml',
  github: 'g.log',
  gitlab: 'gl.json',
  markdown: 'm.md',
} as const;

/**
 * A check of the samples (all three pass) in two shards made with CSPM_SHARD_KEY, the
 * samples then removed, merged with --inputs-absent and without the key: a passing
 * merge with two notes, written in every findings format.
 */
async function passingMergeWithNotes(
  folder: () => string = sharedDir,
): Promise<{ code: number; stderr: string; out: Record<keyof typeof files, string>; dir: string }> {
  const inputs = folder();
  for (const name of ['aws-cis.json', 'azure-csbp.json', 'office365.json'])
    cpSync(join('samples', name), join(inputs, name));
  const dir = folder();
  const env = { CSPM_SHARD_KEY: 'a shared secret of the CI run' };
  const parts: string[] = [];
  for (const index of [1, 2]) {
    const part = join(dir, `p${index}.json`);
    expect(
      await runInProcess(['check', inputs, '--shard', `${index}/2`, '-f', 'json', '-o', part], { env }),
    ).toMatchObject({ code: 0, stdout: '' });
    parts.push(part);
  }
  rmSync(inputs, { recursive: true });
  const outputs = Object.entries(files).flatMap(([format, name]) => ['-f', format, '-o', join(dir, name)]);
  const merged = await runInProcess(['merge', ...parts, '--inputs-absent', ...outputs]);
  const out = Object.fromEntries(
    Object.entries(files).map(([format, name]) => [format, readFileSync(join(dir, name), 'utf8')]),
  ) as Record<keyof typeof files, string>;
  return { code: merged.code, stderr: merged.stderr, out, dir };
}

describe('merge --inputs-absent of a passing run: every output states the notes', () => {
  let run: Awaited<ReturnType<typeof passingMergeWithNotes>>;
  beforeAll(async () => {
    run = await passingMergeWithNotes();
  });

  it('passes, and says both notes on standard error', () => {
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(`cspm-report: note: ${absentNote}\ncspm-report: note: ${macNote}\n`);
  });

  it('text: a note line each, under the verdict line', () => {
    expect(run.out.text).toMatch(/✔ no findings in 3 files, 3 valid reports, [\d,]+ policies\nnote: /);
    expect(run.out.text.endsWith(`\nnote: ${absentNote}\nnote: ${macNote}\n`)).toBe(true);
  });

  it('json: a top-level notes array beside the passing verdict', () => {
    const json = JSON.parse(run.out.json) as { verdict: { status: string }; notes: string[] };
    expect(json.verdict.status).toBe('pass');
    expect(json.notes).toEqual([absentNote, macNote]);
  });

  it("sarif: a tool notification of level note each, valid and clean under GitHub's rules", () => {
    const sarif = JSON.parse(run.out.sarif) as {
      runs: { invocations: { toolExecutionNotifications: { level: string; message: { text: string } }[] }[] }[];
    };
    const notifications = sarif.runs[0]?.invocations[0]?.toolExecutionNotifications ?? [];
    expect(
      notifications
        .filter((notification) => notification.level === 'note')
        .map((notification) => notification.message.text),
    ).toEqual([absentNote, macNote]);
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    expect(multitoolProblems(run.out.sarif, tempDir())).toEqual([]);
  });

  it("junit: a cspm-report.note property each in every suite, and the passed verdict case's system-out", () => {
    const suites = [...parseXml(run.out.junit).getElementsByTagName('testsuite')];
    expect(suites.length).toBeGreaterThan(1);
    for (const suite of suites) {
      const notes = [...suite.getElementsByTagName('property')]
        .filter((property) => property.getAttribute('name') === 'cspm-report.note')
        .map((property) => property.getAttribute('value'));
      expect(notes).toEqual([absentNote, macNote]);
    }
    const verdictCase = [...parseXml(run.out.junit).getElementsByTagName('testcase')].find(
      (testCase) => testCase.getAttribute('name') === 'verdict',
    );
    expect(verdictCase?.getElementsByTagName('failure').length).toBe(0);
    expect(verdictCase?.getElementsByTagName('system-out')[0]?.textContent).toBe(
      `note: ${absentNote}\nnote: ${macNote}\n`,
    );
    if (hasXmllint || process.env['CI'] === 'true') expect(junitSchemaErrors(run.out.junit, tempDir())).toEqual([]);
  });

  it('github: a notice each, before the passing verdict', () => {
    const github = run.out.github.split('\n').filter((line) => line !== '');
    expect(github.slice(-3)).toEqual([
      `::notice title=cspm-report note::${absentNote}`,
      `::notice title=cspm-report note::${macNote}`,
      expect.stringMatching(/^::notice title=cspm-report passed::/),
    ]);
  });

  it('gitlab: an info issue each, cspm-report/note, fingerprints of their own', () => {
    const gitlab = JSON.parse(run.out.gitlab) as {
      check_name: string;
      severity: string;
      description: string;
      fingerprint: string;
    }[];
    const noteIssues = gitlab.filter((issue) => issue.check_name === 'cspm-report/note');
    expect(noteIssues.map((issue) => [issue.severity, issue.description])).toEqual([
      ['info', `cspm-report note: ${absentNote}`],
      ['info', `cspm-report note: ${macNote}`],
    ]);
    expect(new Set(noteIssues.map((issue) => issue.fingerprint)).size).toBe(2);
  });

  it('markdown: a Note line each under the passing heading, none as a reason', () => {
    expect(run.out.markdown).toMatch(
      /^## ✅ cspm-report check: passed\n\n\*\*Note:\*\* merged without the input files \(--inputs-absent\): the shards' digests/,
    );
    expect(run.out.markdown).toContain(
      '**Note:** the partial results carry a MAC, which was not checked: CSPM\\_SHARD\\_KEY is not set',
    );
    expect(run.out.markdown).not.toContain('**Passed:**');
  });

  it('gitlab: the same notes keep their fingerprints in a run over other files', async () => {
    const again = await passingMergeWithNotes(tempDir);
    const fingerprints = (text: string) =>
      (JSON.parse(text) as { check_name: string; fingerprint: string }[])
        .filter((issue) => issue.check_name === 'cspm-report/note')
        .map((issue) => issue.fingerprint);
    expect(fingerprints(run.out.gitlab)).toHaveLength(2);
    expect(fingerprints(again.out.gitlab)).toEqual(fingerprints(run.out.gitlab));
  });
});

/**
 * The files merge writes beside the findings formats: a sharded gate's --result states
 * the notes too, and a config file the merge read is recorded as check and gate record it.
 */
describe("merge's --result and its config file", () => {
  it('a sharded gate merged with --inputs-absent states the notes in --result, and records the config file', async () => {
    const inputs = tempDir();
    for (const name of ['aws-cis.json', 'azure-csbp.json']) cpSync(join('samples', name), join(inputs, name));
    const dir = tempDir();
    const part = join(dir, 'p1.json');
    expect(
      await runInProcess(['gate', inputs, '--rules', 'cspm:recommended', '--shard', '1/1', '-o', part]),
    ).toMatchObject({ code: 0 });
    rmSync(inputs, { recursive: true });
    const config = join(dir, 'c.yaml');
    writeFileSync(config, 'merge:\n  rules: cspm:recommended\n');
    const result = join(dir, 'gate.json');
    const json = join(dir, 'm.json');
    const merged = await runInProcess([
      'merge',
      part,
      '--inputs-absent',
      '--config',
      config,
      '--result',
      result,
      '-f',
      'json',
      '-o',
      json,
    ]);
    expect(merged.stderr).toContain(absentNote);
    const written = JSON.parse(readFileSync(result, 'utf8')) as {
      notes?: string[];
      runSettings?: { config: { path: string } };
    };
    expect(written.notes).toEqual([absentNote]);
    expect(written.runSettings?.config.path).toBe(config);
    expect(
      (JSON.parse(readFileSync(json, 'utf8')) as { runSettings?: { config: { path: string } } }).runSettings?.config
        .path,
    ).toBe(config);
  });
});
