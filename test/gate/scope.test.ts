import { describe, expect, it } from 'vitest';
import type { BenchmarkReport } from '../../src/index.js';
import { minimalReport } from '../support/minimal-report.js';
import { gate } from './support.js';

/** An Azure report (50 %, 1 Red) and an AWS one whose Storage policies are all Green (75 %, 0 Red). */
function twoReports(): BenchmarkReport[] {
  const azure = minimalReport();
  const aws = minimalReport();
  Object.assign(aws, {
    ConnectorType: 'AWS',
    BenchmarkId: 'CISAWS140',
    AccountName: 'Northwind prod',
    JobId: 'a1b2c3d4-0000-4000-8000-000000000099',
  });
  aws.ResourceCategories[0]!.Policies[1] = {
    ...aws.ResourceCategories[0]!.Policies[1]!,
    Compliance: 'Green',
    PassedResourceCount: 2,
    RiskProbability: 'NotLikely',
    RiskLevel: 'Green',
  };
  Object.assign(aws.ResourceCategories[0]!, { Green: 2, Red: 0, CompliancePercent: 100 });
  return [azure, aws];
}

describe('gate scope', () => {
  it('evaluates each report by default, naming file › benchmark › account', async () => {
    const result = await gate(twoReports(), [{ name: 'posture', metric: 'compliancePercent', min: 60 }]);
    expect(result.assertions.map(({ scope, passed, actual }) => ({ scope, passed, actual }))).toEqual([
      { scope: 'r1.json › CSBP › account Contoso Azure', passed: false, actual: 50 },
      { scope: 'r2.json › CISAWS140 › account Northwind prod', passed: true, actual: 75 },
    ]);
    expect(result.status).toBe('fail');
  });

  it('rolls up the matching reports with aggregate all', async () => {
    const result = await gate(twoReports(), [
      { metric: 'compliancePercent', min: 60, aggregate: 'all' },
      { metric: 'redPolicies', max: 0, aggregate: 'all' },
    ]);
    expect(result.assertions.map(({ scope, actual }) => ({ scope, actual }))).toEqual([
      { scope: 'all inputs', actual: 62.5 },
      { scope: 'all inputs', actual: 1 },
    ]);
    expect(result.assertions[0]!.source).toBeUndefined();
  });

  it('matches ConnectorType, BenchmarkId and AccountName by glob', async () => {
    const reports = twoReports();
    const byType = await gate(reports, [{ metric: 'redPolicies', max: 0, match: { ConnectorType: 'AW?' } }]);
    expect(byType.assertions.map((entry) => entry.scope)).toEqual(['r2.json › CISAWS140 › account Northwind prod']);
    expect(byType.status).toBe('pass');
    const byName = await gate(reports, [
      { metric: 'redPolicies', max: 0, match: { BenchmarkId: 'CS*', AccountName: 'Contoso *' }, aggregate: 'all' },
    ]);
    expect(byName.assertions[0]).toMatchObject({
      scope: '1 report matching BenchmarkId=CS*, AccountName=Contoso *',
      passed: false,
      actual: 1,
    });
  });

  it('fails an assertion whose match selects nothing, unless allowNoMatch', async () => {
    const none = await gate(twoReports(), [{ metric: 'redPolicies', max: 0, match: { ConnectorType: 'GCP' } }]);
    expect(none.assertions[0]).toMatchObject({
      passed: false,
      actual: null,
      scope: 'reports matching ConnectorType=GCP',
    });
    expect(none.assertions[0]!.message).toContain('selects no report');
    const allowed = await gate(twoReports(), [
      { metric: 'redPolicies', max: 0, match: { ConnectorType: 'GCP' }, allowNoMatch: true },
    ]);
    expect(allowed).toMatchObject({ status: 'pass', assertions: [{ passed: true, actual: null }] });
  });

  it('fails a typo in a category or a policy id, per report and rolled up', async () => {
    const category = await gate(twoReports(), [
      { level: 'warn', metric: 'compliancePercent', category: 'Azure - Storag', min: 0 },
    ]);
    expect(category.status).toBe('warn');
    expect(category.assertions.map((entry) => [entry.passed, entry.actual])).toEqual([
      [false, null],
      [false, null],
    ]);
    expect(category.assertions[0]!.message).toContain('no category "Azure - Storag"');
    const rolled = await gate(twoReports(), [
      { metric: 'compliancePercent', category: 'Azure - Storag', min: 0, aggregate: 'all' },
    ]);
    expect(rolled.assertions[0]).toMatchObject({ passed: false, actual: null });
    const policy = await gate(twoReports(), [{ metric: 'policy', policy: 'StorageHtps', mustBe: 'Green' }]);
    expect(policy.assertions.every((entry) => !entry.passed && entry.actual === null)).toBe(true);
  });

  it('takes a policy found in several reports at its worst under aggregate all', async () => {
    const result = await gate(twoReports(), [
      { metric: 'policy', policy: 'StorageKeys', mustBe: 'Green', aggregate: 'all' },
    ]);
    expect(result.assertions[0]).toMatchObject({ passed: false, actual: 'Red' });
  });

  it('fails closed when the inputs hold no valid report', async () => {
    const [{ analyseInputs }, { evaluateGate }, { parseGateRules }] = await Promise.all([
      import('../../src/jobs/analyse-inputs.js'),
      import('../../src/gate/evaluate-gate.js'),
      import('../../src/gate/parse-gate-rules.js'),
    ]);
    const analysis = await analyseInputs({ value: [], name: 'empty.json' });
    const result = evaluateGate(
      analysis,
      parseGateRules('{"assertions":[{"metric":"redPolicies","max":0,"allowNoMatch":true}]}', 'rules.json'),
    );
    expect(result.status).toBe('fail');
    expect(result.assertions[0]).toMatchObject({ metric: 'validReports', passed: false, actual: 0, pointer: '' });
  });

  it('fails closed when one input did not validate, though the others pass', async () => {
    const [{ analyseInputs }, { evaluateGate }, { parseGateRules }] = await Promise.all([
      import('../../src/jobs/analyse-inputs.js'),
      import('../../src/gate/evaluate-gate.js'),
      import('../../src/gate/parse-gate-rules.js'),
    ]);
    const analysis = await analyseInputs([
      { value: minimalReport(), name: 'good.json' },
      { value: { ...minimalReport(), ResourceCategories: 'none' }, name: 'bad.json' },
    ]);
    const result = evaluateGate(
      analysis,
      parseGateRules('{"assertions":[{"metric":"redPolicies","max":1}]}', 'rules.json'),
    );
    expect(result.status).toBe('fail');
    expect(result.assertions[0]!.message).toContain('bad.json is unreadable, invalid or empty');
    expect(result.assertions[1]).toMatchObject({ passed: true, source: 'good.json' });
  });
});
