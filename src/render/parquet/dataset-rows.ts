import { datasetTables, type DatasetColumn, type DatasetTable } from '../../model/dataset-columns.js';
import type { Policy } from '../../model/report.js';
import type { PolicyAcceptance } from '../../model/exceptions.js';
import type { CategoryView, ReportView, ViewModel } from '../../model/view-model.js';
import { acceptancesByPolicy } from '../policy-acceptance.js';
import type { DatasetCell } from './column-encoders.js';
import { CspmError } from '../../error/cspm-error.js';

/**
 * What the rows of a run of the `policies` table share: a report and one of its categories; each row is one of the
 * category's policies.
 */
export interface PolicyRun {
  report: ReportView;
  category: CategoryView;
}

/**
 * What one row of the `figures` table is made of: a report, and one of its categories or none for the report's own
 * row.
 */
export interface FigureRowSource {
  report: ReportView;
  category: CategoryView | null;
}

/** For each table, what a run of its rows shares and what each row adds. */
export interface TableRows {
  policies: { shared: PolicyRun; row: Policy };
  figures: { shared: FigureRowSource; row: FigureRowSource };
}

/** Rows that share what `shared` holds: the policies of one category, or one row of figures. */
export interface RowRun<Table extends DatasetTable> {
  shared: TableRows[Table]['shared'];
  rows: readonly TableRows[Table]['row'][];
}

/**
 * How one column's cells are read: `perRun` when every row of a run has the same cell
 * (a report's names, a category's), read once for the run, `perRow`, or `perRowOf` when
 * a row's cell needs what its run shares (the report's accepted policies): the function
 * it makes for a run reads each of its rows.
 */
export type ColumnReader<Shared, Row> =
  | { perRun: (shared: Shared) => DatasetCell }
  | { perRow: (row: Row) => DatasetCell }
  | { perRowOf: (shared: Shared) => (row: Row) => DatasetCell };

type Readers<Shared, Row> = Readonly<Record<string, ColumnReader<Shared, Row>>>;

/** How the columns both tables open with are read from a report: the same on every row of a run. */
const scanReaders: Readers<{ report: ReportView }, never> = {
  scan_time: { perRun: ({ report }) => report.lastScanned?.date?.getTime() ?? null },
  job_id: { perRun: ({ report }) => report.jobId },
  account_id: { perRun: ({ report }) => report.accountId },
  account_name: { perRun: ({ report }) => report.accountName },
  connector: { perRun: ({ report }) => report.connectorType },
  cloud_account_id: { perRun: ({ report }) => report.awsAccountId ?? report.subscriptionId ?? null },
  benchmark_id: { perRun: ({ report }) => report.benchmarkId },
  benchmark_name: { perRun: ({ report }) => report.benchmarkName },
  source: { perRun: ({ report }) => report.source },
};

/**
 * How each column of each table (src/model/dataset-columns.ts) is read from a row's
 * source. Keyed by the registry's names: a column added there without a reader here is
 * refused when the table is first written, and a test reads every column back.
 */
const readers: { [Table in DatasetTable]: Readers<TableRows[Table]['shared'], TableRows[Table]['row']> } = {
  policies: {
    ...scanReaders,
    category_id: { perRun: ({ category }) => category.categoryId },
    category_name: { perRun: ({ category }) => category.name },
    category_order: { perRun: ({ category }) => category.order },
    policy_id: { perRow: (policy) => policy.PolicyId },
    compliance_number: { perRow: (policy) => policy.ComplianceNumber },
    title: { perRow: (policy) => policy.ShortTitle },
    service: { perRow: (policy) => policy.ServiceName },
    compliance: { perRow: (policy) => policy.Compliance },
    severity: { perRow: (policy) => policy.Severity },
    risk_probability: { perRow: (policy) => policy.RiskProbability.trim() },
    risk_level: { perRow: (policy) => policy.RiskLevel },
    passed_resources: { perRow: (policy) => policy.PassedResourceCount },
    total_resources: { perRow: (policy) => policy.TotalResourceCount },
    exception_id: acceptanceReader((acceptance) => acceptance.id),
    // A day as text, as the Athena and Trino definitions read it (docs/athena-tables.sql).
    exception_expires: acceptanceReader((acceptance) => acceptance.expires),
  },
  // One row per run: every reader reads the run's own row.
  figures: {
    ...scanReaders,
    level: { perRun: ({ category }) => (category === null ? 'report' : 'category') },
    category_id: { perRun: ({ category }) => category?.categoryId ?? null },
    category_name: { perRun: ({ category }) => category?.name ?? null },
    category_order: { perRun: ({ category }) => category?.order ?? null },
    policies: { perRun: (row) => figuresOf(row).total },
    green: { perRun: (row) => figuresOf(row).green },
    red: { perRun: (row) => figuresOf(row).red },
    amber: { perRun: (row) => figuresOf(row).amber },
    gray: { perRun: (row) => figuresOf(row).gray },
    compliance_percent: { perRun: (row) => figuresOf(row).percent },
    stated_compliance_percent: {
      perRun: ({ report, category }) => (category === null ? report.statedPercent : category.statedPercent),
    },
  },
};

const none = (): null => null;

/**
 * A reader of the exception that accepts each policy of a run: null for every row of a
 * report with none accepted, which is nearly every report, without a lookup per row.
 */
function acceptanceReader(cell: (acceptance: PolicyAcceptance) => DatasetCell): ColumnReader<PolicyRun, Policy> {
  return {
    perRowOf: ({ report }) => {
      if (report.accepted === undefined || report.accepted.size === 0) return none;
      const accepted = acceptancesByPolicy(report);
      return (policy) => {
        const acceptance = accepted.get(policy);
        return acceptance === undefined ? null : cell(acceptance);
      };
    },
  };
}

function figuresOf({ report, category }: FigureRowSource): ReportView['figures'] {
  return category === null ? report.figures : category.figures;
}

/**
 * How each cell of a row of `table` is read, in the order of its columns.
 *
 * @throws Error when a column of the registry has no reader here
 */
export function columnReaders<Table extends DatasetTable>(
  table: Table,
): ColumnReader<TableRows[Table]['shared'], TableRows[Table]['row']>[] {
  const columns: readonly DatasetColumn[] = datasetTables[table].columns;
  const tableReaders = readers[table] as Readers<TableRows[Table]['shared'], TableRows[Table]['row']>;
  return columns.map((column) => {
    const reader = tableReaders[column.name];
    if (reader === undefined)
      throw new CspmError('internal', `no reader for the ${table} column ${column.name}`, {
        data: { what: `${table}.${column.name}` },
      });
    return reader;
  });
}

/**
 * The rows of the `policies` table of one report, a run per category: its listed policies (every one by default), in
 * document order.
 */
export function* policyRunsOf(report: ReportView): Generator<RowRun<'policies'>> {
  for (const category of report.categories)
    if (category.listed.length > 0) yield { shared: { report, category }, rows: category.listed };
}

/**
 * The rows of the `figures` table of one report, each its own run: the report's own row, then one per category in its
 * order.
 */
export function* figureRunsOf(report: ReportView): Generator<RowRun<'figures'>> {
  const own: FigureRowSource = { report, category: null };
  yield { shared: own, rows: [own] };
  for (const category of report.categories) {
    const row: FigureRowSource = { report, category };
    yield { shared: row, rows: [row] };
  }
}

/** The runs of rows of each table, by report. */
export const runsOfReport: { [Table in DatasetTable]: (report: ReportView) => Iterable<RowRun<Table>> } = {
  policies: policyRunsOf,
  figures: figureRunsOf,
};

/** Every run of rows of `table` in a view, report by report. */
export function* runsOfView<Table extends DatasetTable>(view: ViewModel, table: Table): Generator<RowRun<Table>> {
  for (const report of view.reports) yield* runsOfReport[table](report);
}
