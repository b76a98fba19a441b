import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkReports } from '../../src/index.js';
import { sarifSchemaErrors } from '../render/findings/sarif-schema.js';
import { runInProcess } from '../support/cli-run.js';
import { minimalReport } from '../support/minimal-report.js';
import { multitoolProblems } from '../support/sarif-multitool.js';
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
    invocations: { executionSuccessful: boolean; toolExecutionNotifications: { level: string; message: { text: string }; descriptor: { id: string } }[] }[];
    results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: Region } }[]; properties: { pointer?: string } }[];
  }[];
}

/** A report whose second category states a Total one more than its policies, as JSON text. */
function brokenText(indent?: number): string {
  const report = minimalReport();
  report.ResourceCategories[1]!.Total += 1;
  return JSON.stringify({ result: [report], statusCode: 200, message: 'Request Successful' }, null, indent);
}

/** Reads a SARIF log, schema-valid, and what sarif-multitool with GitHub's rules says of it. */
function readLog(path: string, dir: string): { log: Log; problems: unknown[] } {
  const text = readFileSync(path, 'utf8');
  const log = JSON.parse(text) as Log;
  expect(sarifSchemaErrors(log)).toEqual([]);
  return { log, problems: multitoolProblems(text, dir) };
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

describe('SARIF that GitHub code scanning takes (sarif-multitool with GitHub rules GH1001-GH1007)', () => {
  for (const indent of [2, undefined]) {
    it(`puts a finding on the line and column of its value in a ${indent === undefined ? 'one-line' : 'pretty-printed'} file, relative path`, async () => {
      const dir = tempDir();
      const text = brokenText(indent);
      const input = join(dir, 'r.json');
      writeFileSync(input, text);
      const out = join(dir, 'r.sarif');
      expect((await runInProcess(['check', relative(process.cwd(), input), '-o', out])).code).toBe(1);
      const { log, problems } = readLog(out, dir);
      expect(problems).toEqual([]);
      const where = secondTotal(text);
      const results = log.runs[0]!.results;
      expect(results.length).toBeGreaterThan(0);
      for (const result of results) {
        expect(result.properties.pointer).toBe('/result/0/ResourceCategories/1/Total');
        expect(result.locations[0]!.physicalLocation.region).toEqual({ startLine: where.line, startColumn: where.column, endLine: where.line, endColumn: where.column + where.length });
        expect(result.locations[0]!.physicalLocation.artifactLocation).toEqual({ uri: relative(process.cwd(), input), uriBaseId: '%SRCROOT%' });
      }
    });
  }

  it('writes absolute inputs, under the working folder and outside it, as relative URIs that pass', async () => {
    const dir = tempDir();
    const outside = join(dir, 'outside.json');
    writeFileSync(outside, brokenText(2));
    const under = resolve('samples/broken/category-total.json');
    const out = join(dir, 'abs.sarif');
    expect((await runInProcess(['check', under, outside, '-o', out])).code).toBe(1);
    const { log, problems } = readLog(out, dir);
    expect(problems).toEqual([]);
    const uris = new Set(log.runs[0]!.results.map((result) => result.locations[0]!.physicalLocation.artifactLocation.uri));
    expect(uris).toEqual(new Set(['samples/broken/category-total.json', relative(process.cwd(), outside)]));
  });

  it('names standard input <stdin> by default, or the file --stdin-name gives, in every output', async () => {
    const dir = tempDir();
    const stdin = brokenText(2);
    const plain = join(dir, 'plain.sarif');
    expect((await runInProcess(['check', '-', '-o', plain], { stdin })).code).toBe(1);
    const unnamed = readLog(plain, dir);
    expect(unnamed.problems).toEqual([]);
    expect(unnamed.log.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation).toEqual({ uri: '%3Cstdin%3E', uriBaseId: '%SRCROOT%' });

    const outs = { sarif: join(dir, 'named.sarif'), json: join(dir, 'named.json'), gitlab: join(dir, 'named.codequality.json') };
    const named = await runInProcess(['check', '-', '--stdin-name', 'reports/aws.json', '-f', 'sarif', '-o', outs.sarif, '-f', 'json', '-o', outs.json, '-f', 'gitlab', '-o', outs.gitlab, '-f', 'github', '-o', '-'], { stdin });
    expect(named.code).toBe(1);
    const { log, problems } = readLog(outs.sarif, dir);
    expect(problems).toEqual([]);
    const where = secondTotal(stdin);
    expect(log.runs[0]!.results[0]!.locations[0]!.physicalLocation).toEqual({
      artifactLocation: { uri: 'reports/aws.json', uriBaseId: '%SRCROOT%' },
      region: { startLine: where.line, startColumn: where.column, endLine: where.line, endColumn: where.column + where.length },
    });
    expect((JSON.parse(readFileSync(outs.json, 'utf8')) as { files: { file: string }[] }).files[0]!.file).toBe('reports/aws.json');
    const issues = JSON.parse(readFileSync(outs.gitlab, 'utf8')) as { location: { path: string; lines: { begin: number } } }[];
    expect(issues[0]!.location).toEqual({ path: 'reports/aws.json', lines: { begin: where.line } });
    expect(named.stdout).toContain(`::error file=reports/aws.json,line=${where.line},col=${where.column},title=category-total::`);
  });

  it('writes gate results and valid reports that pass, failed assertions on a line', async () => {
    const dir = tempDir();
    const out = join(dir, 'gate.sarif');
    const gate = await runInProcess(['gate', 'samples/aws-cis.json', 'samples/broken/category-total.json', '--rules', 'cspm:strict', '-o', out]);
    expect(gate.code).not.toBe(2);
    const { log, problems } = readLog(out, dir);
    expect(problems).toEqual([]);
    expect(log.runs[0]!.results.some((result) => result.ruleId.startsWith('gate/'))).toBe(true);
    const clean = join(dir, 'clean.sarif');
    expect((await runInProcess(['check', 'samples/aws-cis.json', '-o', clean])).code).toBe(0);
    expect(readLog(clean, dir).problems).toEqual([]);
  });

  it('writes the regressions of a diff so that they pass', async () => {
    const dir = tempDir();
    const out = join(dir, 'diff.sarif');
    const [older, newer] = ['samples/diff/azure-csbp-2024-03-11.json', 'samples/diff/azure-csbp-2024-03-18.json'];
    expect((await runInProcess(['diff', older, newer, '-o', out])).code).toBe(0);
    const { log, problems } = readLog(out, dir);
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
    expect(broken!.regions?.get('/result/0/ResourceCategories/1/Total')?.startLine).toBe(secondTotal(brokenText(2)).line);
    // A parsed value has no text to place its findings in.
    expect(parsed!.findings.length).toBeGreaterThan(0);
    expect(parsed!.regions).toBeUndefined();
  });
});

describe('a run that stops with exit code 2 still writes its SARIF output', () => {
  const cases: { name: string; args: (dir: string) => string[]; stderr: RegExp }[] = [
    { name: 'check of a missing input', args: (dir) => ['check', join(dir, 'missing.json'), '-f', 'sarif', '-o', join(dir, 'out')], stderr: /no such file or directory: .*missing\.json/ },
    { name: 'gate with an unreadable rules file', args: (dir) => ['gate', 'samples/aws-cis.json', '--rules', join(dir, 'nope.yaml'), '-o', join(dir, 'out.sarif')], stderr: /nope\.yaml/ },
    { name: 'diff with a bad option value', args: (dir) => ['diff', 'samples/aws-cis.json', 'samples/aws-cis.json', '--fail-on', 'bogus', '-o', join(dir, 'out.sarif')], stderr: /--fail-on "bogus"/ },
  ];
  for (const { name, args, stderr } of cases) {
    it(`${name}: a log of one run with no results, its invocation failed with the error`, async () => {
      const dir = tempDir();
      const run = await runInProcess(args(dir));
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(stderr);
      const path = args(dir).at(-1)!;
      const { log, problems } = readLog(path, dir);
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
    const dir = tempDir();
    const input = join(dir, 'r.sarif');
    writeFileSync(input, brokenText());
    const run = await runInProcess(['check', input, join(dir, 'missing.json'), '-f', 'sarif', '-o', input]);
    expect(run.code).toBe(2);
    expect(readFileSync(input, 'utf8')).toBe(brokenText());
  });
});
