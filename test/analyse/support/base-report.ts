import type { BenchmarkReport, Policy, ResourceCategory } from '../../../src/index.js';

/**
 * A small benchmark report with no finding, written out value by value (not computed)
 * so that the tests do not share their arithmetic with the code under test:
 *
 * - category 0 "Azure - Storage Accounts": 1 Green, 1 Red, 1 Amber, 1 Gray, 33.3333359 %
 * - category 1 "Azure - Networking": 1 Green, 1 Amber, 1 Gray, 50.0 %
 * - Posture: 7 policies, 2 Green, 1 Red, 2 Amber, 2 Gray, 40.0 %
 */
export function baseReport(): BenchmarkReport {
  return {
    BenchmarkName: 'Cloud Security Best Practices',
    BenchmarkId: 'CSBP',
    AccountId: 'e17a4d2c-58b3-4c9e-a6f1-0b92d7e3c845',
    LicenseId: '9c3e7b52-4a1d-4f86-b2e0-6d15a8c4f379',
    LicenseName: 'Contoso Ltd',
    AccountName: 'Contoso Production',
    ConnectorType: 'Azure',
    SubscriptionId: '4b8f0e62-3d7a-4c15-9e28-a71c5f06d9b3',
    AWSAccountId: null,
    JobId: 'c5d29a7e-1f84-4b3a-8e6d-2a07f9b41c58',
    ResourceCategories: [
      {
        CategoryName: 'Azure - Storage Accounts',
        ControlCategoryOrder: 1,
        CategoryId: 'AZ_CSBP_Azure_Storage_Accounts',
        Total: 4,
        Green: 1,
        Red: 1,
        Amber: 1,
        Gray: 1,
        CompliancePercent: 33.3333359,
        Policies: [
          {
            PolicyId: 'StorageSecureTransfer',
            ShortTitle: "Ensure that 'Secure transfer required' is enabled for storage accounts",
            ServiceName: 'StorageAccountService',
            ComplianceNumber: '1300.1',
            PassedResourceCount: 4,
            TotalResourceCount: 4,
            Compliance: 'Green',
            Severity: 'High',
            RiskProbability: 'NotLikely',
            RiskLevel: 'Amber',
          },
          {
            PolicyId: 'StorageBlobPublicAccess',
            ShortTitle: 'Ensure that anonymous public read access is disabled for blob containers',
            ServiceName: 'StorageAccountService',
            ComplianceNumber: '1300.2',
            PassedResourceCount: 0,
            TotalResourceCount: 4,
            Compliance: 'Red',
            Severity: 'Critical',
            RiskProbability: 'Certain',
            RiskLevel: 'Red',
          },
          {
            PolicyId: 'StorageDefaultNetworkDeny',
            ShortTitle: 'Ensure that the default network access rule for storage accounts is set to deny',
            ServiceName: 'StorageAccountService',
            ComplianceNumber: '1300.3',
            PassedResourceCount: 1,
            TotalResourceCount: 4,
            Compliance: 'Amber',
            Severity: 'Moderate',
            RiskProbability: 'High',
            RiskLevel: 'Amber',
          },
          {
            PolicyId: 'DataLakeStoreEncryption',
            ShortTitle: 'Ensure that encryption is enabled on Data Lake Store accounts',
            ServiceName: 'DataLakeStoreService',
            ComplianceNumber: '1300.5',
            PassedResourceCount: 0,
            TotalResourceCount: 0,
            Compliance: 'Gray',
            Severity: 'Low',
            RiskProbability: ' ',
            RiskLevel: '',
          },
        ],
      },
      {
        CategoryName: 'Azure - Networking',
        ControlCategoryOrder: 2,
        CategoryId: 'AZ_CSBP_Azure_Networking',
        Total: 3,
        Green: 1,
        Red: 0,
        Amber: 1,
        Gray: 1,
        CompliancePercent: 50.0,
        Policies: [
          {
            PolicyId: 'NSGRdpFromInternet',
            ShortTitle: 'Ensure that RDP access (TCP 3389) from the Internet is restricted',
            ServiceName: 'NetworkSecurityGroupService',
            ComplianceNumber: '1900.1',
            PassedResourceCount: 3,
            TotalResourceCount: 3,
            Compliance: 'Green',
            Severity: 'Critical',
            RiskProbability: 'NotLikely',
            RiskLevel: 'Amber',
          },
          {
            PolicyId: 'NSGSshFromInternet',
            ShortTitle: 'Ensure that SSH access (TCP 22) from the Internet is restricted',
            ServiceName: 'NetworkSecurityGroupService',
            ComplianceNumber: '1900.2',
            PassedResourceCount: 2,
            TotalResourceCount: 3,
            Compliance: 'Amber',
            Severity: 'High',
            RiskProbability: 'Moderate',
            RiskLevel: 'Red',
          },
          {
            PolicyId: 'NetworkWatcherAllRegions',
            ShortTitle: 'Ensure that Network Watcher is enabled in every region in use',
            ServiceName: 'NetworkWatcherService',
            ComplianceNumber: '1900.5',
            PassedResourceCount: 0,
            TotalResourceCount: 0,
            Compliance: 'Gray',
            Severity: 'Moderate',
            RiskProbability: ' ',
            RiskLevel: '',
          },
        ],
      },
    ],
    Posture: { Total: 7, Green: 2, Red: 1, Amber: 2, Gray: 2, CompliancePercent: 40.0 },
  };
}

/** A fresh copy of the base report, changed by `change`. */
export function changed(change: (report: BenchmarkReport) => void): BenchmarkReport {
  const report = baseReport();
  change(report);
  return report;
}

/** Category `index` of a report; throws when there is none, so a wrong index fails the test loudly. */
export function categoryOf(report: BenchmarkReport, index: number): ResourceCategory {
  const category = report.ResourceCategories[index];
  if (!category) throw new Error(`the report has no category ${index}`);
  return category;
}

/** Policy `index` of category `category`. */
export function policyOf(report: BenchmarkReport, category: number, index: number): Policy {
  const policy = categoryOf(report, category).Policies[index];
  if (!policy) throw new Error(`category ${category} has no policy ${index}`);
  return policy;
}

/** The report with its Posture removed, for cases about categories only. */
export function withoutPosture(report: BenchmarkReport): BenchmarkReport {
  delete report.Posture;
  return report;
}

/** Wraps reports into the service's response envelope. */
export function envelope(result: unknown, statusCode = 200, message = 'Request Successful'): Record<string, unknown> {
  return { result, statusCode, message };
}
