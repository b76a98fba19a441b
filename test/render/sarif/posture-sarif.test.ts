import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchmarkReport } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { renderReport } from '../../../src/render/renderers.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { runInProcess } from '../../support/cli-run.js';
import { reportOfPolicies } from '../../support/failing-policies.js';
import { hostileText } from '../findings/findings-inputs.js';
import { multitoolProblemsOf, type MultitoolProblem } from '../../support/sarif-multitool.js';
import { useTempDir } from '../../support/temp-dir.js';
import { readPolicyLog, type PolicyLog } from './sarif-log.js';

/**
 * `render -f sarif`: the posture of the reports as SARIF for code scanning, read back
 * by the OASIS schema and by sarif-multitool with GitHub's ingestion rules.
 */
const tempDir = useTempDir();
const samples = [
  'samples/aws-cis.json',
  'samples/azure-csbp.json',
  'samples/azure-multi-benchmark.json',
  'samples/office365.json',
];

async function renderSarif(input: string, dir = tempDir()): Promise<{ text: string; log: PolicyLog }> {
  const out = join(dir, 'posture.sarif');
  const run = await runInProcess(['render', input, '-f', 'sarif', '-o', out]);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).not.toMatch(/^cspm-report:/m);
  const text = readFileSync(out, 'utf8');
  return { text, log: readPolicyLog(text) };
}

type Policies = BenchmarkReport['ResourceCategories'][number]['Policies'];

function reportsOf(path: string): BenchmarkReport[] {
  const value = JSON.parse(readFileSync(path, 'utf8')) as
    { result?: BenchmarkReport[] | BenchmarkReport } | BenchmarkReport[];
  const reports = Array.isArray(value) ? value : (value.result ?? (value as BenchmarkReport));
  return Array.isArray(reports) ? reports : [reports];
}

function policiesOf(path: string): Policies {
  return reportsOf(path).flatMap((report) => report.ResourceCategories.flatMap((category) => category.Policies));
}

const scores: Record<string, string> = { Critical: '9.5', High: '8.0', Moderate: '5.5', Low: '3.0', VeryLow: '1.0' };
const levels: Record<string, string> = {
  Critical: 'error',
  High: 'error',
  Moderate: 'warning',
  Low: 'note',
  VeryLow: 'note',
};

/*
 * sarif-multitool starts the .NET runtime, seconds a run: the logs of the samples, of a
 * diff and of a report capped at the default limit are written once, before the tests,
 * and validated by one run of the tool.
 */
const diffSamples = ['samples/diff/azure-csbp-2024-03-11.json', 'samples/diff/azure-csbp-2024-03-18.json'];
let sharedDir: string;
const rendered = new Map<string, { text: string; log: PolicyLog }>();
let diffRun: { code: number; stderr: string; text: string };
let multitoolSays: Record<string, MultitoolProblem[]> = {};

/**
 * A generated report of 6,000 failing policies, the worst last (Amber and Red of each
 * Severity interleaved, Critical at the end), as posture-cap.test.ts caps it, and its
 * log at the defaults: 1,000 results.
 */
const severityNames = ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'];
const cappedReport = reportOfPolicies(6_000, (index) => ({
  severity: severityNames[4 - Math.floor((index * 5) / 6_000)]!,
  compliance: index % 2 === 0 ? 'Amber' : 'Red',
}));
let cappedLog: PolicyLog;

beforeAll(async () => {
  sharedDir = mkdtempSync(join(tmpdir(), 'cspm-test-'));
  const texts: Record<string, string> = {};
  for (const [index, sample] of samples.entries()) {
    const dir = join(sharedDir, `sample-${index}`);
    mkdirSync(dir);
    const one = await renderSarif(sample, dir);
    rendered.set(sample, one);
    texts[`sample-${index}`] = one.text;
  }
  const out = join(sharedDir, 'diff.sarif');
  const run = await runInProcess(['diff', ...diffSamples, '-f', 'sarif', '-o', out]);
  diffRun = { code: run.code, stderr: run.stderr, text: run.code === 0 ? readFileSync(out, 'utf8') : '' };
  if (run.code === 0) texts['diff'] = diffRun.text;
  const capped = Buffer.from(
    await collectBytes(
      await renderReport(await analyseInputs({ value: [cappedReport], name: 'reports/many.json' }), 'sarif'),
    ),
  ).toString('utf8');
  cappedLog = readPolicyLog(capped);
  texts['capped'] = capped;
  multitoolSays = multitoolProblemsOf(texts, sharedDir);
}, 240_000);

afterAll(() => {
  if (sharedDir !== undefined) rmSync(sharedDir, { recursive: true, force: true });
});

describe('render -f sarif', () => {
  it.each(samples)(
    'writes %s as a valid log GitHub takes, one result per Red or Amber policy and none for Gray or Green',
    (sample) => {
      const { log } = rendered.get(sample)!;
      expect(multitoolSays[`sample-${samples.indexOf(sample)}`]).toEqual([]);
      const run = log.runs[0]!;
      const policies = policiesOf(sample);
      const failing = policies.filter((policy) => policy.Compliance === 'Red' || policy.Compliance === 'Amber');
      expect(policies.some((policy) => policy.Compliance === 'Green' || policy.Compliance === 'Gray')).toBe(true);
      expect(run.results).toHaveLength(failing.length);
      expect(new Set(run.results.map((result) => result.properties['compliance']))).toEqual(
        new Set(failing.map((policy) => policy.Compliance)),
      );
      // One rule per variant of a policy that a result is: the first under the plain id, the others suffixed.
      expect(new Set(run.tool.driver.rules.map((rule) => rule.id.replace(/~[0-9a-f]{8}$/, '')))).toEqual(
        new Set(failing.map((policy) => `policy/${policy.PolicyId}`)),
      );
      for (const result of run.results) {
        const rule = run.tool.driver.rules[result.ruleIndex]!;
        expect(result.level).toBe(levels[result.properties.severity]);
        const notch = result.properties['compliance'] === 'Amber' ? 0.1 : 0;
        expect(rule.properties['security-severity']).toBe(
          (Number(scores[rule.properties['severity'] as string]) - notch).toFixed(1),
        );
        expect(rule.properties['tags']).toContain('security');
        expect(result.locations[0]!.physicalLocation.artifactLocation).toEqual({ uri: sample, uriBaseId: '%SRCROOT%' });
        expect(result.locations[0]!.logicalLocations[0]!.kind).toBe('policy');
        expect(result.message.text).toContain(
          `${String(result.properties['passedResources'])} of ${String(result.properties['totalResources'])} resources passed`,
        );
      }
      expect(run.properties.resultLimit).toMatchObject({ written: failing.length, omitted: 0, cutBy: null });
    },
    60_000,
  );

  it('keeps the worst first: Critical, then High, down to VeryLow, Red before Amber within each', () => {
    const { log } = rendered.get('samples/azure-csbp.json')!;
    const order = ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'];
    const ranks = log.runs[0]!.results.map(
      (result) => order.indexOf(result.properties.severity) * 2 + (result.properties['compliance'] === 'Amber' ? 1 : 0),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('gives a policy the same fingerprint in a later scan under another name, job and date, and another one in another account', async () => {
    const dir = tempDir();
    const fingerprints = (log: PolicyLog): Map<string, string> =>
      new Map(
        log.runs[0]!.results.map((result) => [
          result.properties.policyId,
          Object.values(result.partialFingerprints)[0]!,
        ]),
      );
    const first = fingerprints(rendered.get('samples/aws-cis.json')!.log);
    const later = reportsOf('samples/aws-cis.json');
    later[0]!.JobId = '00000000-0000-4000-8000-00000000beef';
    later[0]!.LastScannedDate = '2031-01-02T03:04:05Z';
    writeFileSync(join(dir, 'aws-cis-2031-01-02.json'), JSON.stringify(later));
    const again = fingerprints((await renderSarif(join(dir, 'aws-cis-2031-01-02.json'), dir)).log);
    expect(again).toEqual(first);

    later[0]!.AccountId = '00000000-0000-4000-8000-00000000cafe';
    writeFileSync(join(dir, 'other-account.json'), JSON.stringify(later));
    const other = fingerprints((await renderSarif(join(dir, 'other-account.json'), dir)).log);
    expect(other.size).toBe(first.size);
    for (const [policyId, fingerprint] of other) expect(fingerprint).not.toBe(first.get(policyId));
  }, 60_000);

  it('counts an unknown colour as Red and rates an unknown severity as High, failing closed', async () => {
    const dir = tempDir();
    const reports = reportsOf('samples/aws-cis.json');
    const policies = reports[0]!.ResourceCategories.flatMap((category) => category.Policies);
    const red = policies.find((policy) => policy.Compliance === 'Red')!;
    red.Severity = 'Severe';
    const green = policies.find((policy) => policy.Compliance === 'Green')!;
    green.Compliance = 'Purple';
    writeFileSync(join(dir, 'odd.json'), JSON.stringify(reports));
    const out = join(dir, 'odd.sarif');
    const run = await runInProcess(['render', join(dir, 'odd.json'), '-f', 'sarif', '-o', out]);
    expect(run.code).toBe(0);
    const log = readPolicyLog(readFileSync(out, 'utf8')).runs[0]!;
    const severe = log.results.find((result) => result.properties.policyId === red.PolicyId)!;
    expect(severe.level).toBe('error');
    expect(log.tool.driver.rules[severe.ruleIndex]!.properties['security-severity']).toBe('8.0');
    const purple = log.results.find((result) => result.properties.policyId === green.PolicyId)!;
    expect(purple.properties).toMatchObject({ compliance: 'Purple', countedAsRed: true });
    expect(purple.message.text).toContain('of unknown colour "Purple", counted as Red');
  });

  it('writes the SARIF of a diff that GitHub takes, each regression of the rule of its policy with its security-severity', () => {
    expect(diffRun.code, diffRun.stderr).toBe(0);
    expect(diffRun.stderr).not.toMatch(/^cspm-report:/m);
    expect(multitoolSays['diff']).toEqual([]);
    const log = readPolicyLog(diffRun.text).runs[0]!;
    expect(log.results).toHaveLength(5);
    expect(log.tool.driver.rules).toHaveLength(5);
    for (const result of log.results) {
      const rule = log.tool.driver.rules[result.ruleIndex]!;
      expect(rule.id).toBe(`policy/${result.properties.policyId}`);
      const notch = (result.properties['new'] as { compliance: string }).compliance === 'Amber' ? 0.1 : 0;
      expect(rule.properties['security-severity']).toBe(
        (Number(scores[result.properties.severity]) - notch).toFixed(1),
      );
    }
  }, 60_000);

  it('writes hostile titles, names and file names escaped, as the findings formats do', async () => {
    const report = reportOfPolicies(3, (index) => ({
      severity: 'High',
      compliance: index === 1 ? 'Green' : 'Red',
      title: hostileText,
    }));
    report.ResourceCategories[0]!.CategoryName = hostileText;
    report.AccountName = hostileText;
    const analysis = await analyseInputs({
      value: [report],
      name: `reports/${hostileText.replace(/[\ud800-\udfff]/g, '')}.json`,
    });
    const text = Buffer.from(await collectBytes(await renderReport(analysis, 'sarif'))).toString('utf8');
    // Bidirectional and C0/C1 controls are escapes in the text, the same characters once parsed.
    expect(text.slice(0, -1)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    const log = readPolicyLog(text).runs[0]!;
    expect(log.results).toHaveLength(2);
    expect(log.results[0]!.message.text).toContain(hostileText);
    expect(log.tool.driver.rules[0]!.shortDescription.text).toBe(hostileText);
  });

  // Of posture-cap.test.ts, here for the one run of sarif-multitool: a log of 1,000 results takes it seconds to read.
  it("clears sarif-multitool's GitHub rules (GH1001–GH1007) at the defaults on a report of 6,000 failing policies", () => {
    expect(multitoolSays['capped']).toEqual([]);
    expect(cappedLog.runs[0]!.results).toHaveLength(1_000);
    expect(cappedLog.runs[0]!.properties.resultLimit).toMatchObject({
      maxResults: 1_000,
      written: 1_000,
      omitted: 5_000,
      cutBy: 'count',
    });
  });
});
