import { describe, expect, it } from 'vitest';
import type { BenchmarkReport } from '../../src/index.js';
import { foldCodedValues } from '../../src/validate/fold-coded-values.js';
import { minimalReport } from '../support/minimal-report.js';

/** The minimal report with edits to its policies: [category, policy, field, value]. */
function withValues(
  ...edits: [number, number, 'Compliance' | 'Severity' | 'RiskProbability' | 'RiskLevel', string][]
): BenchmarkReport {
  const report = minimalReport();
  for (const [category, index, field, value] of edits)
    report.ResourceCategories[category]!.Policies[index]![field] = value;
  return report;
}

describe('foldCodedValues', () => {
  it('returns a report with nothing to fold as it is', () => {
    const report = minimalReport();
    const folded = foldCodedValues('/0', report);
    expect(folded).toEqual({ pointer: '/0', report });
    expect(folded.report).toBe(report);
  });

  it('leaves a value it cannot fold as it is, and folds the others around it', () => {
    const report = withValues([0, 0, 'Severity', 'Urgent'], [1, 1, 'Severity', 'critical']);
    const { report: folded, folded: values } = foldCodedValues('', report);
    expect(folded.ResourceCategories[0]!.Policies.map((policy) => policy.Severity)).toEqual(['Urgent', 'High', 'High']);
    expect(folded.ResourceCategories[1]!.Policies.map((policy) => policy.Severity)).toEqual(['High', 'Critical']);
    expect(values).toEqual([
      {
        pointer: '/ResourceCategories/1/Policies/1/Severity',
        field: 'Severity',
        original: 'critical',
        canonical: 'Critical',
        category: 1,
        policy: 1,
      },
    ]);
  });

  it('returns a report whose only unknown values cannot be folded as it is', () => {
    const report = withValues([0, 0, 'Severity', 'Urgent'], [1, 0, 'Compliance', 'Yellow']);
    expect(foldCodedValues('', report).report).toBe(report);
  });

  it('folds every coded field of a policy, names each and copies what it changes', () => {
    const report = withValues(
      [0, 1, 'Compliance', 'red'],
      [0, 1, 'Severity', ' HIGH'],
      [0, 1, 'RiskProbability', 'certain'],
      [0, 1, 'RiskLevel', 'RED '],
    );
    report.ConnectorType = 'azure';
    const before = structuredClone(report);
    const { pointer, report: folded, folded: values } = foldCodedValues('/result/2', report);
    expect(pointer).toBe('/result/2');
    expect(report).toEqual(before);
    expect(folded.ConnectorType).toBe('Azure');
    expect(folded.ResourceCategories[0]!.Policies[1]).toEqual({
      ...before.ResourceCategories[0]!.Policies[1]!,
      Compliance: 'Red',
      Severity: 'High',
      RiskProbability: 'Certain',
      RiskLevel: 'Red',
    });
    expect(values).toEqual([
      { pointer: '/result/2/ConnectorType', field: 'ConnectorType', original: 'azure', canonical: 'Azure' },
      {
        pointer: '/result/2/ResourceCategories/0/Policies/1/Compliance',
        field: 'Compliance',
        original: 'red',
        canonical: 'Red',
        category: 0,
        policy: 1,
      },
      {
        pointer: '/result/2/ResourceCategories/0/Policies/1/Severity',
        field: 'Severity',
        original: ' HIGH',
        canonical: 'High',
        category: 0,
        policy: 1,
      },
      {
        pointer: '/result/2/ResourceCategories/0/Policies/1/RiskProbability',
        field: 'RiskProbability',
        original: 'certain',
        canonical: 'Certain',
        category: 0,
        policy: 1,
      },
      {
        pointer: '/result/2/ResourceCategories/0/Policies/1/RiskLevel',
        field: 'RiskLevel',
        original: 'RED ',
        canonical: 'Red',
        category: 0,
        policy: 1,
      },
    ]);
    // Only what lies on the way to a folded value is copied: a report holds 300,000 policies.
    expect(folded.ResourceCategories[1]).toBe(report.ResourceCategories[1]);
    expect(folded.ResourceCategories[0]!.Policies[0]).toBe(report.ResourceCategories[0]!.Policies[0]);
  });

  it('folds a ConnectorType alone, keeping the categories', () => {
    const report = minimalReport();
    report.ConnectorType = 'AZURE';
    const { report: folded, folded: values } = foldCodedValues('', report);
    expect(folded).toEqual({ ...report, ConnectorType: 'Azure' });
    expect(report.ConnectorType).toBe('AZURE');
    expect(values).toHaveLength(1);
  });

  it('folds policies in several categories, each in its place', () => {
    const report = withValues([0, 0, 'Compliance', 'GREEN'], [1, 1, 'Compliance', 'amber']);
    const { report: folded, folded: values } = foldCodedValues('', report);
    expect(folded.ResourceCategories.map((category) => category.Policies.map((policy) => policy.Compliance))).toEqual([
      ['Green', 'Red', 'Gray'],
      ['Green', 'Amber'],
    ]);
    expect(values?.map((value) => value.pointer)).toEqual([
      '/ResourceCategories/0/Policies/0/Compliance',
      '/ResourceCategories/1/Policies/1/Compliance',
    ]);
    expect(folded.ConnectorType).toBe('Azure');
  });
});
