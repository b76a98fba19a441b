import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BenchmarkReport } from '../../../src/index.js';
import { runInProcess } from '../../support/cli-run.js';
import { reportOfPolicies } from '../../support/failing-policies.js';
import { useTempDir } from '../../support/temp-dir.js';
import { readPolicyLog, type PolicyLog } from './sarif-log.js';

/**
 * GitHub code scanning reads a result's `security-severity`, and shows its severity,
 * tags and description, from the rule it cites, not from the result: a rule of the
 * posture or diff SARIF must state what every one of its results is (Severity, colour,
 * level, category, benchmark), however many reports share its PolicyId.
 */
const tempDir = useTempDir();

const redScores: Record<string, number> = { Critical: 9.5, High: 8.0, Moderate: 5.5, Low: 3.0, VeryLow: 1.0 };
const levels: Record<string, string> = {
  Critical: 'error',
  High: 'error',
  Moderate: 'warning',
  Low: 'note',
  VeryLow: 'note',
};

/** The score GitHub should read for a result: its Severity's (an unknown one as High), a notch lower when Amber. */
function expectedScore(severity: string, colour: string): string {
  const red = redScores[severity] ?? 8.0;
  return (colour === 'Amber' ? red - 0.1 : red).toFixed(1);
}

type Result = PolicyLog['runs'][number]['results'][number];

/** The report a result's pointer is in, read from the input file it names. */
function reportOf(uri: string, pointer: string): BenchmarkReport {
  const reportPointer = pointer.replace(/\/ResourceCategories\/.*$/, '');
  let value: unknown = JSON.parse(readFileSync(uri, 'utf8'));
  for (const token of reportPointer.split('/').slice(1))
    value = (value as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  return value as BenchmarkReport;
}

/** What a result is, read from the result and its input: what its rule must state. */
interface Stated {
  severity: string;
  score: string;
  level: string;
  category: string;
  benchmark: string;
}

/** Every result whose rule states something else than the result is, described; none when all agree. */
function disagreements(log: PolicyLog, statedOf: (result: Result) => Stated): string[] {
  const run = log.runs[0]!;
  const problems: string[] = [];
  const ids = run.tool.driver.rules.map((rule) => rule.id);
  if (new Set(ids).size !== ids.length) problems.push('rule ids repeat');
  for (const result of run.results) {
    const rule = run.tool.driver.rules[result.ruleIndex]!;
    const stated = statedOf(result);
    const ruleStates: Stated = {
      severity: rule.properties['severity'] as string,
      score: rule.properties['security-severity'] as string,
      level: rule.defaultConfiguration.level,
      category: rule.properties['category'] as string,
      benchmark: (rule.properties['tags'] as string[]).includes(stated.benchmark)
        ? stated.benchmark
        : `not ${stated.benchmark}: ${(rule.properties['tags'] as string[]).join(',')}`,
    };
    if (rule.id !== result.ruleId) problems.push(`${result.ruleId} cites rule ${rule.id}`);
    if (JSON.stringify(ruleStates) !== JSON.stringify(stated))
      problems.push(`${result.ruleId} is ${JSON.stringify(stated)} under a rule stating ${JSON.stringify(ruleStates)}`);
    if (result.level !== stated.level)
      problems.push(`${result.ruleId} is of level ${result.level}, not ${stated.level}`);
  }
  return problems;
}

/** What a posture result is: its Severity and colour, its report's benchmark, its category. */
function postureStated(result: Result): Stated {
  const uri = result.locations[0]!.physicalLocation.artifactLocation.uri;
  const pointer = result.properties['pointer'] as string;
  const report = reportOf(uri, pointer);
  const [, categoryIndex] = /\/ResourceCategories\/(\d+)\//.exec(pointer)!;
  const colour = result.properties['compliance'] as string;
  return {
    severity: result.properties.severity,
    score: expectedScore(result.properties.severity, colour),
    level: levels[result.properties.severity] ?? 'error',
    category: report.ResourceCategories[Number(categoryIndex)]!.CategoryName,
    benchmark: report.BenchmarkId || report.BenchmarkName,
  };
}

async function renderLog(inputs: string[]): Promise<PolicyLog> {
  const out = join(tempDir(), 'posture.sarif');
  const run = await runInProcess(['render', ...inputs, '-f', 'sarif', '-o', out, '--no-config']);
  expect(run.code).toBe(0);
  return readPolicyLog(readFileSync(out, 'utf8'));
}

describe('the rule a posture result cites', () => {
  it('states the Severity, level and score of SubnetHasNSG of an unknown Severity, not the Moderate of another report', async () => {
    const log = await renderLog(['samples/broken/category-total.json', 'samples/broken/unknown-value.json']);
    expect(disagreements(log, postureStated)).toEqual([]);
    const subnet = log.runs[0]!.results.filter((result) => result.properties.policyId === 'SubnetHasNSG');
    expect(new Set(subnet.map((result) => result.ruleId)).size).toBe(
      new Set(subnet.map((result) => result.properties.severity)).size,
    );
  });

  it('states the benchmark of each of the three benchmarks of azure-multi-benchmark.json', async () => {
    const log = await renderLog(['samples/azure-multi-benchmark.json']);
    expect(disagreements(log, postureStated)).toEqual([]);
  });

  it('rates an Amber a notch below a Red of the same PolicyId and Severity, each under a rule of its own with a stable id', async () => {
    const dir = tempDir();
    const shape = (colour: 'Red' | 'Amber') => (index: number) => ({
      severity: index % 2 === 0 ? 'Critical' : 'Low',
      compliance: colour,
    });
    const red = reportOfPolicies(4, shape('Red'));
    const amber = reportOfPolicies(4, shape('Amber'));
    amber.AccountId = '00000000-0000-4000-8000-00000000cafe';
    const path = join(dir, 'two-accounts.json');
    writeFileSync(path, JSON.stringify([red, amber]));
    const log = await renderLog([path]);
    expect(disagreements(log, postureStated)).toEqual([]);
    const run = log.runs[0]!;
    expect(run.results).toHaveLength(8);
    expect(run.tool.driver.rules).toHaveLength(8);
    // The first of a PolicyId keeps the plain id, as before; another variant gets a suffix made from what it states.
    expect(run.results[0]!.ruleId).toBe('policy/Policy0');
    expect(
      run.results.find(
        (result) => result.properties.policyId === 'Policy0' && result.properties['compliance'] === 'Amber',
      )!.ruleId,
    ).toMatch(/^policy\/Policy0~[0-9a-f]{8}$/);
    const again = await renderLog([path]);
    expect(again.runs[0]!.results.map((result) => result.ruleId)).toEqual(run.results.map((result) => result.ruleId));
  });
});

describe('the rule a diff regression cites', () => {
  it('states the Severity, score, level, category and benchmark of the regression', async () => {
    const dir = tempDir();
    const old = reportOfPolicies(6, () => ({ severity: 'High', compliance: 'Green' }));
    const next = reportOfPolicies(
      6,
      (index) => ({ severity: index < 3 ? 'High' : 'Moderate', compliance: index % 2 === 0 ? 'Red' : 'Amber' }),
      'a1b2c3d4-0000-4000-8000-0000000000ff',
    );
    // The same PolicyIds in a second benchmark, of another Severity.
    const otherOld = { ...structuredClone(old), BenchmarkId: 'CIS' };
    const otherNext = { ...structuredClone(next), BenchmarkId: 'CIS' };
    for (const policy of otherNext.ResourceCategories[0]!.Policies) policy.Severity = 'Critical';
    for (const policy of otherOld.ResourceCategories[0]!.Policies) policy.Severity = 'Critical';
    writeFileSync(join(dir, 'old.json'), JSON.stringify([old, otherOld]));
    writeFileSync(join(dir, 'new.json'), JSON.stringify([next, otherNext]));
    const out = join(dir, 'diff.sarif');
    const run = await runInProcess([
      'diff',
      join(dir, 'old.json'),
      join(dir, 'new.json'),
      '-f',
      'sarif',
      '-o',
      out,
      '--no-config',
    ]);
    expect(run.stderr).toBe('');
    const log = readPolicyLog(readFileSync(out, 'utf8'));
    expect(log.runs[0]!.results).toHaveLength(12);
    const stated = (result: Result): Stated => {
      const report = reportOf(
        result.locations[0]!.physicalLocation.artifactLocation.uri,
        result.properties['pointer'] as string,
      );
      const colour = (result.properties['new'] as { compliance: string }).compliance;
      return {
        severity: result.properties.severity,
        score: expectedScore(result.properties.severity, colour),
        level: levels[result.properties.severity] ?? 'error',
        category: (result.properties['category'] as { name: string }).name,
        benchmark: report.BenchmarkId || report.BenchmarkName,
      };
    };
    expect(disagreements(log, stated)).toEqual([]);
  });
});
