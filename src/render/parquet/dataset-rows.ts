import { datasetTables, type DatasetColumn, type DatasetTable } from '../../model/dataset-columns.js';
import type { Policy } from '../../model/report.js';
import type { CategoryView, ReportView, ViewModel } from '../../model/view-model.js';
import type { CellReader, DatasetCell } from './parquet-table.js';

/** What one row of the `policies` table is made of. */
export interface PolicyRowSource {
  report: ReportView;
  category: CategoryView;
  policy: Policy;
}

/** What one row of the `figures` table is made of: a report, and one of its categories or none for the report's own row. */
export interface FigureRowSource {
  report: ReportView;
  category: CategoryView | null;
}

/** What a row of each table is made of. */
export interface RowSources {
  policies: PolicyRowSource;
  figures: FigureRowSource;
}

type Readers<Source> = Readonly<Record<string, (source: Source) => DatasetCell>>;

/** How the columns both tables open with are read from a report. */
const scanReaders: Readers<{ report: ReportView }> = {
  scan_time: ({ report }) => report.lastScanned?.date?.getTime() ?? null,
  job_id: ({ report }) => report.jobId,
  account_id: ({ report }) => report.accountId,
  account_name: ({ report }) => report.accountName,
  connector: ({ report }) => report.connectorType,
  cloud_account_id: ({ report }) => report.awsAccountId ?? report.subscriptionId ?? null,
  benchmark_id: ({ report }) => report.benchmarkId,
  benchmark_name: ({ report }) => report.benchmarkName,
  source: ({ report }) => report.source,
};

/**
 * How each column of each table (src/model/dataset-columns.ts) is read from a row's
 * source. Keyed by the registry's names: a column added there without a reader here is
 * refused when the table is first written, and a test reads every column back.
 */
const readers: { [Table in DatasetTable]: Readers<RowSources[Table]> } = {
  policies: {
    ...scanReaders,
    category_id: ({ category }) => category.categoryId,
    category_name: ({ category }) => category.name,
    category_order: ({ category }) => category.order,
    policy_id: ({ policy }) => policy.PolicyId,
    compliance_number: ({ policy }) => policy.ComplianceNumber,
    title: ({ policy }) => policy.ShortTitle,
    service: ({ policy }) => policy.ServiceName,
    compliance: ({ policy }) => policy.Compliance,
    severity: ({ policy }) => policy.Severity,
    risk_probability: ({ policy }) => policy.RiskProbability.trim(),
    risk_level: ({ policy }) => policy.RiskLevel,
    passed_resources: ({ policy }) => policy.PassedResourceCount,
    total_resources: ({ policy }) => policy.TotalResourceCount,
  },
  figures: {
    ...scanReaders,
    level: ({ category }) => (category === null ? 'report' : 'category'),
    category_id: ({ category }) => category?.categoryId ?? null,
    category_name: ({ category }) => category?.name ?? null,
    category_order: ({ category }) => category?.order ?? null,
    policies: (row) => figuresOf(row).total,
    green: (row) => figuresOf(row).green,
    red: (row) => figuresOf(row).red,
    amber: (row) => figuresOf(row).amber,
    gray: (row) => figuresOf(row).gray,
    compliance_percent: (row) => figuresOf(row).percent,
    stated_compliance_percent: ({ report, category }) => (category === null ? report.statedPercent : category.statedPercent),
  },
};

function figuresOf({ report, category }: FigureRowSource): ReportView['figures'] {
  return category === null ? report.figures : category.figures;
}

/**
 * How each cell of a row of `table` is read, in the order of its columns.
 *
 * @throws Error when a column of the registry has no reader here
 */
export function cellReaders<Table extends DatasetTable>(table: Table): CellReader<RowSources[Table]>[] {
  const columns: readonly DatasetColumn[] = datasetTables[table].columns;
  const tableReaders = readers[table] as Readers<RowSources[Table]>;
  return columns.map((column) => {
    const reader = tableReaders[column.name];
    if (reader === undefined) throw new Error(`no reader for the ${table} column ${column.name}`);
    return reader;
  });
}

/** The rows of the `policies` table of one report: its listed policies (every one by default), in document order. */
export function* policyRowsOf(report: ReportView): Generator<PolicyRowSource> {
  for (const category of report.categories) for (const policy of category.listed) yield { report, category, policy };
}

/** The rows of the `figures` table of one report: the report's own row, then one per category in its order. */
export function* figureRowsOf(report: ReportView): Generator<FigureRowSource> {
  yield { report, category: null };
  for (const category of report.categories) yield { report, category };
}

/** The row sources of each table, by report. */
export const rowsOfReport: { [Table in DatasetTable]: (report: ReportView) => Iterable<RowSources[Table]> } = {
  policies: policyRowsOf,
  figures: figureRowsOf,
};

/** Every row source of `table` in a view, report by report. */
export function* rowsOfView<Table extends DatasetTable>(view: ViewModel, table: Table): Generator<RowSources[Table]> {
  for (const report of view.reports) yield* rowsOfReport[table](report);
}
