import type { BenchmarkReport, Policy } from '../../src/index.js';

/** A policy whose colour and risk follow from its counts. */
export function policy(id: string, number: string, passed: number, total: number, extra: Partial<Policy> = {}): Policy {
  const compliance = total === 0 ? 'Gray' : passed === total ? 'Green' : passed === 0 ? 'Red' : 'Amber';
  return {
    PolicyId: id,
    ShortTitle: `Ensure that ${id} is configured`,
    ServiceName: 'StorageAccounts',
    ComplianceNumber: number,
    PassedResourceCount: passed,
    TotalResourceCount: total,
    Compliance: compliance,
    Severity: 'High',
    RiskProbability: total === 0 ? ' ' : compliance === 'Green' ? 'NotLikely' : 'Certain',
    RiskLevel: total === 0 ? '' : compliance === 'Green' ? 'Green' : 'Red',
    ...extra,
  };
}

/** A small, valid Azure benchmark report with no finding: 2 categories, 5 policies. */
export function minimalReport(): BenchmarkReport {
  return {
    BenchmarkName: 'Cloud Security Best Practices',
    BenchmarkId: 'CSBP',
    AccountId: 'a1b2c3d4-0000-4000-8000-000000000001',
    LicenseId: 'a1b2c3d4-0000-4000-8000-000000000002',
    LicenseName: 'Contoso',
    AccountName: 'Contoso Azure',
    ConnectorType: 'Azure',
    SubscriptionId: 'a1b2c3d4-0000-4000-8000-000000000003',
    AWSAccountId: null,
    JobId: 'a1b2c3d4-0000-4000-8000-000000000004',
    ResourceCategories: [
      {
        CategoryName: 'Azure - Storage',
        ControlCategoryOrder: 1,
        CategoryId: 'AZ_STORAGE',
        Total: 3,
        Green: 1,
        Red: 1,
        Amber: 0,
        Gray: 1,
        CompliancePercent: 50.0,
        Policies: [
          policy('StorageHttps', '1000.1', 4, 4),
          policy('StorageKeys', '1000.2', 0, 2),
          policy('StorageLogs', '1000.3', 0, 0),
        ],
      },
      {
        CategoryName: 'Azure - Network',
        ControlCategoryOrder: 2,
        CategoryId: 'AZ_NETWORK',
        Total: 2,
        Green: 1,
        Red: 0,
        Amber: 1,
        Gray: 0,
        CompliancePercent: 50.0,
        Policies: [policy('NsgRdp', '1100.1', 3, 3), policy('NsgSsh', '1100.2', 1, 3)],
      },
    ],
  };
}
