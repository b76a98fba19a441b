import { describe, expect, it } from 'vitest';
import { judgeFindingsResult } from '../../../src/model/fail-closed.js';
import { ruleCatalogue } from '../../../src/analyse/rule-catalogue.js';
import { diffScans, type AnalysedSource, type Analysis, type BenchmarkReport } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import type { Finding } from '../../../src/model/finding.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { renderPostureSarif, type PostureSarifOptions } from '../../../src/render/sarif/render-posture-sarif.js';
import { sarifFormat } from '../../../src/render/findings/sarif-format.js';
import { reportOfPolicies, type PolicyShape } from '../../support/failing-policies.js';
import { noiseText } from '../../support/noise-text.js';
import { variedGate } from '../findings/sarif-samples.js';
import { readPolicyLog, uploadBytes, type PolicyLog } from './sarif-log.js';

/**
 * GitHub takes at most 25,000 results per run and 10 MB gzip-compressed per upload: the
 * SARIF logs of render, diff, check and gate keep the worst first under both limits,
 * never half a result, and say what they left out. The posture log is written here at
 * its largest limit, 25,000 (by default it holds 1,000: posture-cap.test.ts).
 */
const severities = ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'];
const uploadLimit = 10_000_000;

/**
 * 40,000 policies, the least severe first in input order: 5,000 Low Red, 5,000 Moderate
 * Amber, 10,000 Moderate Red, 5,000 High Red, 5,000 Critical Amber, 5,000 Critical Red,
 * then 2,500 Green and 2,500 Gray. The worst 25,000 are every Critical, every High and
 * the Moderate Reds: the cut falls between Red and Amber of a severity. More Low Reds
 * would change no figure of the cut, only the time spent checking the reports.
 */
function worstLast(index: number): PolicyShape {
  const bands: [number, PolicyShape][] = [
    [5_000, { severity: 'Low', compliance: 'Red' }],
    [10_000, { severity: 'Moderate', compliance: 'Amber' }],
    [20_000, { severity: 'Moderate', compliance: 'Red' }],
    [25_000, { severity: 'High', compliance: 'Red' }],
    [30_000, { severity: 'Critical', compliance: 'Amber' }],
    [35_000, { severity: 'Critical', compliance: 'Red' }],
    [37_500, { severity: 'High', compliance: 'Green' }],
  ];
  return bands.find(([end]) => index < end)?.[1] ?? { severity: 'Critical', compliance: 'Gray' };
}
const policyCount = 40_000;

function rankOf(result: PolicyLog['runs'][number]['results'][number], colour: string): number {
  return severities.indexOf(result.properties.severity) * 2 + (colour === 'Amber' ? 1 : 0);
}

function tally(
  log: PolicyLog,
  colourOf: (result: PolicyLog['runs'][number]['results'][number]) => string,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of log.runs[0]!.results) {
    const key = `${result.properties.severity} ${colourOf(result)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

function expectWorstFirst(
  log: PolicyLog,
  colourOf: (result: PolicyLog['runs'][number]['results'][number]) => string,
): void {
  const ranks = log.runs[0]!.results.map((result) => rankOf(result, colourOf(result)));
  expect(ranks.every((rank, index) => index === 0 || ranks[index - 1]! <= rank)).toBe(true);
}

const keptAtLimit = { 'Critical Red': 5_000, 'Critical Amber': 5_000, 'High Red': 5_000, 'Moderate Red': 10_000 };
const omittedAtLimit = { Moderate: { red: 0, amber: 5_000 }, Low: { red: 5_000, amber: 0 } };

async function postureSarif(
  report: BenchmarkReport,
  name: string,
  options: PostureSarifOptions = { maxResults: 25_000 },
): Promise<string> {
  const analysis = await analyseInputs({ value: [report], name });
  expect(analysis.summary.errors).toBe(0);
  return Buffer.from(renderPostureSarif(buildViewModel(analysis), options)).toString('utf8');
}

describe('posture SARIF under the caps', () => {
  it('keeps every Critical and High and the Moderate Reds of 40,000 policies, 25,000 results and rules in under 10 MB compressed', async () => {
    const text = await postureSarif(reportOfPolicies(policyCount, worstLast), 'reports/big.json');
    const log = readPolicyLog(text);
    const run = log.runs[0]!;
    expect(run.results).toHaveLength(25_000);
    expect(run.tool.driver.rules).toHaveLength(25_000);
    expect(tally(log, (result) => result.properties['compliance'] as string)).toEqual(keptAtLimit);
    expectWorstFirst(log, (result) => result.properties['compliance'] as string);
    expect(run.properties.resultLimit).toMatchObject({
      written: 25_000,
      omitted: 10_000,
      cutBy: 'count',
      omittedBySeverity: omittedAtLimit,
    });
    const notification = run.invocations[0]!.toolExecutionNotifications[0]!;
    expect(notification.message.text).toContain('25,000 of 35,000 failing policies written, the most severe first');
    expect(notification.message.text).toContain('Moderate 5,000 (Red 0, Amber 5,000), Low 5,000 (Red 5,000, Amber 0)');
    expect(uploadBytes(text)).toBeLessThanOrEqual(uploadLimit);
  }, 180_000);

  /*
   * The cut by size, under an upload limit lowered to 1 MB: 3,000 policies whose titles
   * do not compress make a log of some 3 MB compressed, where the real limit needs tens
   * of megabytes written and compressed. The check's log below is cut at the real limit.
   */
  it('keeps whole results, the worst first, under the upload limit (lowered) when the text does not compress', async () => {
    const lowered = 1_000_000;
    const shape = (index: number): PolicyShape => ({
      severity: severities[index % 5]!,
      compliance: index % 3 === 0 ? 'Amber' : 'Red',
      title: noiseText(index + 1, 400),
    });
    const text = await postureSarif(reportOfPolicies(3_000, shape), 'reports/noisy.json', {
      maxResults: 25_000,
      maxUploadBytes: lowered,
    });
    const log = readPolicyLog(text);
    const run = log.runs[0]!;
    const written = run.results.length;
    expect(written).toBeLessThan(3_000);
    const bytes = uploadBytes(text);
    expect(bytes).toBeLessThanOrEqual(lowered);
    // Cut in proportion, not by half: at least four fifths of the limit is used.
    expect(bytes).toBeGreaterThan(lowered * 0.8);
    expect(run.properties.resultLimit).toMatchObject({
      written,
      omitted: 3_000 - written,
      cutBy: 'size',
      maxUploadBytes: lowered,
    });
    expect(run.tool.driver.rules).toHaveLength(written);
    expectWorstFirst(log, (result) => result.properties['compliance'] as string);
    // Every Critical (600) is kept before any High Amber, Low or VeryLow.
    expect(run.results.filter((result) => result.properties.severity === 'Critical')).toHaveLength(600);
    expect(run.results.some((result) => result.properties.severity === 'Low')).toBe(false);
    expect(run.invocations[0]!.toolExecutionNotifications[0]!.message.text).toContain('1 MB compressed per upload');
  }, 180_000);

  it('refuses an upload limit above 10 MB or below one byte', async () => {
    const analysis = await analyseInputs({
      value: [reportOfPolicies(3, () => ({ severity: 'High', compliance: 'Red' }))],
      name: 'r.json',
    });
    for (const maxUploadBytes of [0, uploadLimit + 1, 1.5])
      expect(() => renderPostureSarif(buildViewModel(analysis), { maxUploadBytes })).toThrow(/1 to 10,000,000/);
  });
});

describe('diff SARIF under the caps', () => {
  it('keeps the worst 1,000 regressions of two 40,000-policy scans, not the first 1,000, by default', async () => {
    const old = reportOfPolicies(policyCount, () => ({ severity: 'High', compliance: 'Green' }));
    const next = reportOfPolicies(policyCount, worstLast, 'a1b2c3d4-0000-4000-8000-0000000000ff');
    const result = await diffScans({ value: [old], name: 'scans/old.json' }, { value: [next], name: 'scans/new.json' });
    expect(result.diff).toBeDefined();
    const text = sarifFormat.format(judgeFindingsResult({ analysis: result.analysis, diff: result.diff! }), {
      rules: ruleCatalogue,
      color: false,
    });
    const log = readPolicyLog(text);
    const run = log.runs[0]!;
    expect(run.results).toHaveLength(1_000);
    expect(run.tool.driver.rules).toHaveLength(1_000);
    const colourOf = (entry: PolicyLog['runs'][number]['results'][number]): string =>
      (entry.properties['new'] as { compliance: string }).compliance;
    expect(tally(log, colourOf)).toEqual({ 'Critical Red': 1_000 });
    expectWorstFirst(log, colourOf);
    const omitted = {
      Critical: { red: 4_000, amber: 5_000 },
      High: { red: 5_000, amber: 0 },
      Moderate: { red: 10_000, amber: 5_000 },
      Low: { red: 5_000, amber: 0 },
    };
    expect(run.properties.resultLimit).toMatchObject({
      maxResults: 1_000,
      written: 1_000,
      omitted: 34_000,
      cutBy: 'count',
      omittedBySeverity: omitted,
    });
    expect(run.invocations[0]!.toolExecutionNotifications[0]!.message.text).toContain(
      '1,000 of 35,000 regressions written, the most severe first',
    );
    expect(uploadBytes(text)).toBeLessThanOrEqual(uploadLimit);
  }, 300_000);
});

describe('check and gate SARIF under the caps', () => {
  it('keeps the failed assertions, then errors before warnings, under 10 MB compressed', () => {
    // 15,000 errors of 1,000 characters that do not compress pass the limit alone; the
    // 1,000 warnings among them, the first finding one, must all give way to them.
    const findings: Finding[] = [];
    for (let index = 0; index < 16_000; index += 1) {
      findings.push({
        rule: 'json-syntax',
        severity: index % 16 === 0 ? 'warning' : 'error',
        pointer: '',
        message: noiseText(index + 7, 1_000),
      });
    }
    const source: AnalysedSource = {
      source: 'reports/noisy.json',
      form: 'envelope',
      reportCount: 0,
      reports: [],
      policies: 0,
      findings,
    };
    const analysis: Analysis = {
      summary: { files: 1, reports: 0, policies: 0, errors: 15_000, warnings: 1_000 },
      percentFormula: 'green-of-assessed',
      sources: [source],
    };
    const gate = variedGate();
    const text = sarifFormat.format(judgeFindingsResult({ analysis, gate }), { rules: ruleCatalogue, color: false });
    const log = JSON.parse(text) as PolicyLog & { runs: { properties: { resultLimit: Record<string, unknown> } }[] };
    const run = log.runs[0]!;
    const bytes = uploadBytes(text);
    expect(bytes).toBeLessThanOrEqual(uploadLimit);
    expect(bytes).toBeGreaterThan(uploadLimit * 0.8);
    const failedAssertions = gate.assertions.filter((assertion) => !assertion.passed).length;
    const gateResults = run.results.filter((result) => result.ruleId.startsWith('gate/'));
    expect(gateResults).toHaveLength(failedAssertions);
    const levels = run.results.filter((result) => !result.ruleId.startsWith('gate/')).map((result) => result.level);
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.length).toBeLessThan(15_000);
    expect(new Set(levels)).toEqual(new Set(['error']));
    expect(run.properties.resultLimit).toMatchObject({
      omittedGate: 0,
      omittedErrors: 15_000 - levels.length,
      omittedWarnings: 1_000,
      maxUploadBytes: uploadLimit,
      cutBy: 'size',
    });
    expect(run.invocations[0]!.toolExecutionNotifications[0]!.message.text).toContain('10 MB compressed per upload');
  }, 120_000);
});
