import type { CsvFieldName } from '../../model/csv-fields.js';
import type { Policy } from '../../model/report.js';
import type { CategoryView, ReportView } from '../../model/view-model.js';
import { acceptancesByPolicy } from '../policy-acceptance.js';

/** What one CSV row is made of: a policy with its category and report. */
export interface CsvRowSource {
  report: ReportView;
  category: CategoryView;
  policy: Policy;
}

/** A column of the CSV export: its header and how a row's cell is read. */
export interface CsvColumn {
  header: string;
  /** Text cells are guarded against formulas; numbers are written as numbers. */
  value(row: CsvRowSource): string | number;
}

/** How each column of the CSV export (src/model/csv-fields.ts) is read from a row. */
export const csvColumns: Readonly<Record<CsvFieldName, CsvColumn>> = {
  benchmark: { header: 'Benchmark', value: ({ report }) => report.benchmarkName },
  'benchmark-id': { header: 'BenchmarkId', value: ({ report }) => report.benchmarkId },
  account: { header: 'Account', value: ({ report }) => report.accountName },
  'account-id': { header: 'AccountId', value: ({ report }) => report.accountId },
  'connector-type': { header: 'ConnectorType', value: ({ report }) => report.connectorType },
  'job-id': { header: 'JobId', value: ({ report }) => report.jobId },
  category: { header: 'Category', value: ({ category }) => category.name },
  'category-id': { header: 'CategoryId', value: ({ category }) => category.categoryId },
  'policy-id': { header: 'PolicyId', value: ({ policy }) => policy.PolicyId },
  number: { header: 'ComplianceNumber', value: ({ policy }) => policy.ComplianceNumber },
  title: { header: 'ShortTitle', value: ({ policy }) => policy.ShortTitle },
  service: { header: 'ServiceName', value: ({ policy }) => policy.ServiceName },
  compliance: { header: 'Compliance', value: ({ policy }) => policy.Compliance },
  severity: { header: 'Severity', value: ({ policy }) => policy.Severity },
  'risk-probability': { header: 'RiskProbability', value: ({ policy }) => policy.RiskProbability.trim() },
  'risk-level': { header: 'RiskLevel', value: ({ policy }) => policy.RiskLevel },
  passed: { header: 'PassedResourceCount', value: ({ policy }) => policy.PassedResourceCount },
  total: { header: 'TotalResourceCount', value: ({ policy }) => policy.TotalResourceCount },
  'scan-date': { header: 'LastScannedDate', value: ({ report }) => report.lastScanned?.stated ?? '' },
  'exception-id': {
    header: 'ExceptionId',
    value: ({ report, policy }) => acceptancesByPolicy(report).get(policy)?.id ?? '',
  },
  'exception-expires': {
    header: 'ExceptionExpires',
    value: ({ report, policy }) => acceptancesByPolicy(report).get(policy)?.expires ?? '',
  },
};
