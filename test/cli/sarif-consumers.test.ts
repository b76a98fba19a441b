import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReports } from '../../src/index.js';
import { sarifSchemaErrors } from '../render/findings/sarif-schema.js';
import { runInProcess, type CliResult } from '../support/cli-run.js';
import { minimalReport } from '../support/minimal-report.js';
import { multitoolProblemsOf, type MultitoolProblem } from '../support/sarif-multitool.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

interface Region {
  startLine: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
}
interface Log {
  runs: {
    invocations: {
      executionSuccessful: boolean;
      toolExecutionNotifications: { level: string; message: { text: string }; descriptor: { id: string } }[];
    }[];
    results: {
      ruleId: string;
      locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: Region } }[];
      properties: { pointer?: string };
    }[];
  }[];
}

/** A report whose second category states a Total one more than its policies, as JSON text. */
function brokenText(indent?: number): string {
  const report = minimalReport();
  report.ResourceCategories[1]!.Total += 1;
  return JSON.stringify({ result: [report], statusCode: 200, message: 'Request Successful' }, null, indent);
}

/** Where the second `"Total"` value starts, searched for in the text: line and column from 1. */
function secondTotal(text: string): { line: number; column: number; length: number } {
  const key = text.indexOf('"Total"', text.indexOf('"Total"') + 1);
  let at = text.indexOf(':', key) + 1;
  while (text[at] === ' ') at += 1;
  const lineStart = text.lastIndexOf('\n', at) + 1;
  const value = /^\d+/.exec(text.slice(at))![0];
  return { line: text.slice(0, at).split('\n').length, column: at - lineStart + 1, length: value.length };
}

/*
 * sarif-multitool starts the .NET runtime, seconds a run: the logs the tests of this file
 * read are written by the command lines below, once, before the tests, and validated by
 * one run of the tool. Each test then reads its logs and what the tool said of each.
 */
let dir: string;
/** The name each log was given to sarif-multitool, by its path. */
const logNames = new Map<string, string>();
let multitoolSays: Record<string, MultitoolProblem[]> = {};

/** A path in the file's folder for a SARIF log the tool is to read, under `name`. */
function sarifOut(name: string): string {
  const path = join(dir, `${name}.sarif`);
  logNames.set(path, name);
  return path;
}

/**
 * Reads a SARIF log a run of this file wrote, schema-valid, and what sarif-multitool with GitHub's rules said of it.
 */
function readLog(path: string): { log: Log; problems: unknown[] } {
  const text = readFileSync(path, 'utf8');
  const log = JSON.parse(text) as Log;
  expect(sarifSchemaErrors(log)).toEqual([]);
  const name = logNames.get(path);
  if (name === undefined) throw new Error(`no run of this file wrote ${path}`);
  return { log, problems: multitoolSays[name]! };
}

/** A check of a broken file given by a relative path, pretty-printed or on one line. */
interface PlacedRun {
  indent: number | undefined;
  input: string;
  text: string;
  out: string;
  run?: CliResult;
}
const placed: Record<string, PlacedRun> = {
  pretty: { indent: 2, input: '', text: '', out: '' },
  oneLine: { indent: undefined, input: '', text: '', out: '' },
};
const absolute: { outside: string; out: string; run?: CliResult } = { outside: '', out: '' };
const stdinRuns: {
  stdin: string;
  plain: string;
  plainRun?: CliResult;
  outs: { sarif: string; json: string; gitlab: string };
  named?: CliResult;
} = { stdin: brokenText(2), plain: '', outs: { sarif: '', json: '', gitlab: '' } };
const gateRuns: { out: string; gate?: CliResult; clean: string; check?: CliResult } = { out: '', clean: '' };
const diffRun: { out: string; run?: CliResult } = { out: '' };
const under = resolve('samples/broken/category-total.json');

const stoppedCases: { name: string; args: (dir: string) => string[]; stderr: RegExp }[] = [
  {
    name: 'check of a missing input',
    args: (at) => ['check', join(at, 'missing.json'), '-f', 'sarif', '-o', join(at, 'out')],
    stderr: /no such file or directory: .*missing\.json/,
  },
  {
    name: 'gate with an unreadable rules file',
    args: (at) => ['gate', 'samples/aws-cis.json', '--rules', join(at, 'nope.yaml'), '-o', join(at, 'out.sarif')],
    stderr: /nope\.yaml/,
  },
  {
    name: 'diff with a bad option value',
    args: (at) => [
      'diff',
      'samples/aws-cis.json',
      'samples/aws-cis.json',
      '--fail-on',
      'bogus',
      '-o',
      join(at, 'out.sarif'),
    ],
    stderr: /--fail-on "bogus"/,
  },
];
const stoppedRuns: { at: string; run: CliResult }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cspm-test-'));
  for (const [name, one] of Object.entries(placed)) {
    one.text = brokenText(one.indent);
    one.input = join(dir, `${name}.json`);
    writeFileSync(one.input, one.text);
    one.out = sarifOut(name);
    one.run = await runInProcess(['check', relative(process.cwd(), one.input), '-o', one.out]);
  }

  absolute.outside = join(dir, 'outside.json');
  writeFileSync(absolute.outside, brokenText(2));
  absolute.out = sarifOut('abs');
  absolute.run = await runInProcess(['check', under, absolute.outside, '-o', absolute.out]);

  stdinRuns.plain = sarifOut('plain');
  stdinRuns.plainRun = await runInProcess(['check', '-', '-o', stdinRuns.plain], { stdin: stdinRuns.stdin });
  stdinRuns.outs = {
    sarif: sarifOut('named'),
    json: join(dir, 'named.json'),
    gitlab: join(dir, 'named.codequality.json'),
  };
  const { outs } = stdinRuns;
  stdinRuns.named = await runInProcess(
    [
      'check',
      '-',
      '--stdin-name',
      'reports/aws.json',
      '-f',
      'sarif',
      '-o',
      outs.sarif,
      '-f',
      'json',
      '-o',
      outs.json,
      '-f',
      'gitlab',
      '-o',
      outs.gitlab,
      '-f',
      'github',
      '-o',
      '-',
    ],
    { stdin: stdinRuns.stdin },
  );

  gateRuns.out = sarifOut('gate');
  gateRuns.gate = await runInProcess([
    'gate',
    'samples/aws-cis.json',
    'samples/broken/category-total.json',
    '--rules',
    'cspm:strict',
    '-o',
    gateRuns.out,
  ]);
  gateRuns.clean = sarifOut('clean');
  gateRuns.check = await runInProcess(['check', 'samples/aws-cis.json', '-o', gateRuns.clean]);

  diffRun.out = sarifOut('diff');
  diffRun.run = await runInProcess([
    'diff',
    'samples/diff/azure-csbp-2024-03-11.json',
    'samples/diff/azure-csbp-2024-03-18.json',
    '-o',
    diffRun.out,
  ]);

  for (const [index, { args }] of stoppedCases.entries()) {
    const at = join(dir, `stopped-${index}`);
    mkdirSync(at);
    const run = await runInProcess(args(at));
    logNames.set(args(at).at(-1)!, `stopped-${index}`);
    stoppedRuns.push({ at, run });
  }

  // Only the logs that were written: a test whose run wrote none fails on reading it.
  const written: Record<string, string> = {};
  for (const [path, name] of logNames) {
    try {
      written[name] = readFileSync(path, 'utf8');
    } catch {
      // The test of this log reports it missing.
    }
  }
  multitoolSays = multitoolProblemsOf(written, dir);
}, 240_000);

afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe('SARIF that GitHub code scanning takes (sarif-multitool with GitHub rules GH1001-GH1007)', () => {
  for (const one of Object.values(placed)) {
    it(`puts a finding on the line and column of its value in a ${one.indent === undefined ? 'one-line' : 'pretty-printed'} file, relative path`, () => {
      expect(one.run!.code).toBe(1);
      const { log, problems } = readLog(one.out);
      expect(problems).toEqual([]);
      const where = secondTotal(one.text);
      const results = log.runs[0]!.results;
      expect(results.length).toBeGreaterThan(0);
      for (const result of results) {
        expect(result.properties.pointer).toBe('/result/0/ResourceCategories/1/Total');
        expect(result.locations[0]!.physicalLocation.region).toEqual({
          startLine: where.line,
          startColumn: where.column,
          endLine: where.line,
          endColumn: where.column + where.length,
        });
        expect(result.locations[0]!.physicalLocation.artifactLocation).toEqual({
          uri: relative(process.cwd(), one.input),
          uriBaseId: '%SRCROOT%',
        });
      }
    });
  }

  it('writes absolute inputs, under the working folder and outside it, as relative URIs that pass', () => {
    expect(absolute.run!.code).toBe(1);
    const { log, problems } = readLog(absolute.out);
    expect(problems).toEqual([]);
    const uris = new Set(
      log.runs[0]!.results.map((result) => result.locations[0]!.physicalLocation.artifactLocation.uri),
    );
    expect(uris).toEqual(new Set(['samples/broken/category-total.json', relative(process.cwd(), absolute.outside)]));
  });

  it('names standard input <stdin> by default, or the file --stdin-name gives, in every output', () => {
    const { stdin, outs } = stdinRuns;
    expect(stdinRuns.plainRun!.code).toBe(1);
    const unnamed = readLog(stdinRuns.plain);
    expect(unnamed.problems).toEqual([]);
    expect(unnamed.log.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation).toEqual({
      uri: '%3Cstdin%3E',
      uriBaseId: '%SRCROOT%',
    });

    const named = stdinRuns.named!;
    expect(named.code).toBe(1);
    const { log, problems } = readLog(outs.sarif);
    expect(problems).toEqual([]);
    const where = secondTotal(stdin);
    expect(log.runs[0]!.results[0]!.locations[0]!.physicalLocation).toEqual({
      artifactLocation: { uri: 'reports/aws.json', uriBaseId: '%SRCROOT%' },
      region: {
        startLine: where.line,
        startColumn: where.column,
        endLine: where.line,
        endColumn: where.column + where.length,
      },
    });
    expect((JSON.parse(readFileSync(outs.json, 'utf8')) as { files: { file: string }[] }).files[0]!.file).toBe(
      'reports/aws.json',
    );
    const issues = JSON.parse(readFileSync(outs.gitlab, 'utf8')) as {
      location: { path: string; lines: { begin: number } };
    }[];
    expect(issues[0]!.location).toEqual({ path: 'reports/aws.json', lines: { begin: where.line } });
    expect(named.stdout).toContain(
      `::error file=reports/aws.json,line=${where.line},col=${where.column},title=category-total::`,
    );
  });

  it('writes gate results and valid reports that pass, failed assertions on a line', () => {
    expect(gateRuns.gate!.code).not.toBe(2);
    const { log, problems } = readLog(gateRuns.out);
    expect(problems).toEqual([]);
    expect(log.runs[0]!.results.some((result) => result.ruleId.startsWith('gate/'))).toBe(true);
    expect(gateRuns.check!.code).toBe(0);
    expect(readLog(gateRuns.clean).problems).toEqual([]);
  });

  it('writes the regressions of a diff so that they pass', () => {
    expect(diffRun.run!.code).toBe(0);
    const { log, problems } = readLog(diffRun.out);
    expect(log.runs[0]!.results.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});

describe('findings placed in their text', () => {
  it('places the findings of a file that has some, and leaves a file without findings unplaced', async () => {
    const { analysis } = await checkReports([
      { text: JSON.stringify(minimalReport()), name: 'clean.json' },
      { text: brokenText(2), name: 'broken.json' },
      { value: JSON.parse(brokenText()) as unknown, name: 'parsed.json' },
    ]);
    const [clean, broken, parsed] = analysis.sources;
    expect(clean!.findings).toEqual([]);
    expect(clean!.regions).toBeUndefined();
    expect(broken!.regions?.get('/result/0/ResourceCategories/1/Total')?.startLine).toBe(
      secondTotal(brokenText(2)).line,
    );
    // A parsed value has no text to place its findings in.
    expect(parsed!.findings.length).toBeGreaterThan(0);
    expect(parsed!.regions).toBeUndefined();
  });
});

describe('a run that stops with exit code 2 still writes its SARIF output', () => {
  for (const [index, { name, args, stderr }] of stoppedCases.entries()) {
    it(`${name}: a log of one run with no results, its invocation failed with the error`, () => {
      const { at, run } = stoppedRuns[index]!;
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(stderr);
      const path = args(at).at(-1)!;
      const { log, problems } = readLog(path);
      expect(problems).toEqual([]);
      expect(log.runs).toHaveLength(1);
      expect(log.runs[0]!.results).toEqual([]);
      const [invocation] = log.runs[0]!.invocations;
      expect(invocation!.executionSuccessful).toBe(false);
      expect(invocation!.toolExecutionNotifications).toHaveLength(1);
      expect(invocation!.toolExecutionNotifications[0]!.level).toBe('error');
      expect(invocation!.toolExecutionNotifications[0]!.message.text).toMatch(stderr);
    });
  }

  it('never writes it over an input', async () => {
    const at = tempDir();
    const input = join(at, 'r.sarif');
    writeFileSync(input, brokenText());
    const run = await runInProcess(['check', input, join(at, 'missing.json'), '-f', 'sarif', '-o', input]);
    expect(run.code).toBe(2);
    expect(readFileSync(input, 'utf8')).toBe(brokenText());
  });
});
