import { describe, expect, it } from 'vitest';
import { buildReports } from '../../../src/load/scanners/build-reports.js';
import { sectionOf } from '../../../src/load/scanners/policy-keys.js';
import type { ResultStatus, ScanResult } from '../../../src/model/scan-result.js';

const info = { format: 'test-format', tool: 'Test scanner', version: '1.0' };

/** A result of check `check` on `resource`, of account 111 on aws unless told. */
function result(check: string, status: ResultStatus, resource: string, extra: Partial<ScanResult> = {}): ScanResult {
  return {
    pointer: `/${check}/${resource}`,
    provider: 'aws',
    account: { uid: '111', name: 'prod' },
    check: {
      id: check,
      title: `Title ${check}`,
      severity: 'High',
      service: check.split('_')[0]!,
      requirements: { 'CIS-2.0': [`${check.length % 3}.${check.length}`], 'Other-1': ['SEC03-BP01'] },
    },
    resource,
    status,
    time: 1_764_583_200_000,
    ...extra,
  };
}

describe('buildReports', () => {
  it('makes one report per account and provider, a category per service and a policy per check, as counted', () => {
    const { reports, findings } = buildReports(
      [
        result('iam_a', 'pass', 'r1'),
        result('iam_a', 'fail', 'r2'),
        result('iam_b', 'pass', 'r1'),
        result('s3_c', 'manual', 'r3'),
        result('s3_d', 'error', 'r4'),
        result('iam_a', 'pass', 'r9', { account: { uid: '222' } }),
      ],
      info,
    );
    expect(findings).toEqual([]);
    expect(reports.map((report) => [report.AccountId, report.AccountName, report.ConnectorType])).toEqual([
      ['111', 'prod', 'AWS'],
      ['222', '222', 'AWS'],
    ]);
    const [first] = reports;
    expect(first!.AWSAccountId).toBe('111');
    expect(first!.SubscriptionId).toBeNull();
    expect(first!.ResourceCategories.map((category) => [category.CategoryName, category.ControlCategoryOrder])).toEqual(
      [
        ['iam', 1],
        ['s3', 2],
      ],
    );
    const policies = first!.ResourceCategories.flatMap((category) => category.Policies);
    expect(
      policies.map((policy) => [
        policy.PolicyId,
        policy.PassedResourceCount,
        policy.TotalResourceCount,
        policy.Compliance,
      ]),
    ).toEqual([
      ['iam_a', 1, 2, 'Red'],
      ['iam_b', 1, 1, 'Green'],
      ['s3_c', 0, 0, 'Gray'],
      ['s3_d', 0, 0, 'Gray'],
    ]);
    expect(policies[0]!['FailedResources']).toEqual(['r2']);
    expect(policies[2]!).toMatchObject({ RiskProbability: ' ', RiskLevel: '', UnevaluatedResults: { manual: 1 } });
    expect(first!.ResourceCategories[0]).toMatchObject({ Total: 2, Green: 1, Red: 1, Gray: 0, CompliancePercent: 50 });
    expect(first!.Posture).toMatchObject({ Total: 4, Green: 1, Red: 1, Gray: 2, CompliancePercent: 50 });
    expect(first!.LastScannedDate).toBe('2025-12-01T10:00:00.000Z');
  });

  it('never counts a muted result as passed, and names it', () => {
    const { reports, findings } = buildReports(
      [result('iam_a', 'pass', 'r1', { muted: true }), result('iam_a', 'pass', 'r2')],
      info,
    );
    const policy = reports[0]!.ResourceCategories[0]!.Policies[0]!;
    expect([policy.PassedResourceCount, policy.TotalResourceCount, policy.Compliance]).toEqual([1, 2, 'Red']);
    expect(policy['MutedResourceCount']).toBe(1);
    expect(findings).toEqual([
      expect.objectContaining({ rule: 'muted-result', severity: 'warning', pointer: '/iam_a/r1' }),
    ]);
  });

  it('gives a scan the same identity whichever file holds it, and another scan another', () => {
    const scan = [result('iam_a', 'pass', 'r1'), result('iam_b', 'fail', 'r2')];
    const again = buildReports([...scan].reverse(), info).reports[0]!.JobId;
    expect(buildReports(scan, info).reports[0]!.JobId).toBe(again);
    const later = scan.map((item) => ({ ...item, time: item.time! + 86_400_000 }));
    expect(buildReports(later, info).reports[0]!.JobId).not.toBe(again);
  });

  it('with a framework, makes its requirements the policies and their sections the categories', () => {
    const { reports } = buildReports(
      [result('iam_a', 'pass', 'r1'), result('iam_bb', 'fail', 'r1'), result('s3_c', 'manual', 'r3')],
      info,
      { framework: 'cis-2.0' },
    );
    expect(reports.map((report) => report.BenchmarkName)).toEqual(['CIS-2.0']);
    const categories = reports[0]!.ResourceCategories;
    expect(categories.map((category) => category.CategoryName)).toEqual(['Section 2', 'Section 0', 'Section 1']);
    const numbers = categories.flatMap((category) =>
      category.Policies.map((policy) => [policy.ComplianceNumber, policy.Compliance]),
    );
    // The manual-only requirement is Gray, never Green.
    expect(numbers).toEqual([
      ['2.5', 'Green'],
      ['0.6', 'Red'],
      ['1.4', 'Gray'],
    ]);
  });

  it('with all, makes one report per framework named', () => {
    const { reports } = buildReports([result('iam_a', 'pass', 'r1')], info, { framework: 'all' });
    expect(reports.map((report) => report.BenchmarkId)).toEqual(['CIS-2.0', 'Other-1']);
  });

  it('fails closed on a framework no result names, listing those named', () => {
    const { reports, findings } = buildReports([result('iam_a', 'pass', 'r1')], info, { framework: 'PCI-4.0' });
    expect(reports).toEqual([]);
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'scanner-value',
        severity: 'error',
        message: expect.stringContaining('CIS-2.0, Other-1'),
      }),
    ]);
  });

  it("names a provider beyond the service's three as its scanner does", () => {
    const { reports } = buildReports([result('gke_a', 'pass', 'r1', { provider: 'gcp' })], info);
    expect([reports[0]!.ConnectorType, reports[0]!.AWSAccountId]).toEqual(['GCP', null]);
  });
});

describe('sectionOf', () => {
  it.each([
    ['1.20', 'Section 1'],
    ['4', 'Section 4'],
    ['SEC03-BP03', 'SEC03'],
    ['op.ext.7.aws.am.1', 'op'],
    ['Billing, emergency, security contacts', 'Billing, emergency, security contacts'],
  ])('%s is in %s', (requirement, section) => {
    expect(sectionOf(requirement)).toBe(section);
  });
});
