/**
 * The tables of a posture dataset (`-f parquet`, `cspm-report query`, the Athena, Trino
 * and Spark definitions): the one list of their columns, from which the Parquet writer,
 * the query engine's views, the README's column tables and the DDL are all derived.
 *
 * Names are snake_case, as SQL engines take them unquoted; types are the logical types a
 * Parquet reader sees (DuckDB: VARCHAR, INTEGER, BIGINT, DOUBLE, TIMESTAMP, DATE).
 */

/** The logical type of a dataset column. */
export type DatasetColumnType = 'string' | 'int32' | 'int64' | 'double' | 'timestamp' | 'date';

/**
 * The SQL type a reader of the dataset sees for each logical type (DuckDB's names): the
 * views of `query` cast to them and the README's column tables print them.
 */
export const datasetSqlTypes = {
  string: 'VARCHAR',
  int32: 'INTEGER',
  int64: 'BIGINT',
  double: 'DOUBLE',
  timestamp: 'TIMESTAMP',
  date: 'DATE',
} as const satisfies Record<DatasetColumnType, string>;

/** One column of a dataset table. */
export interface DatasetColumn {
  name: string;
  type: DatasetColumnType;
  /** True when the column may hold null. */
  nullable: boolean;
  /** What the column holds, in words (the README's column tables print it). */
  description: string;
  /**
   * True for a column added after datasets were first written: files written before it
   * lack it, and a query reads it as null there rather than refuse the dataset.
   */
  addedLater?: true;
}

const column = (name: string, type: DatasetColumnType, description: string, nullable = false): DatasetColumn => ({
  name,
  type,
  nullable,
  description,
});

/**
 * The columns of an accepted risk on the `policies` table. Every file has them, null on
 * the rows of a policy no exception accepts and in every row of a run without
 * exceptions: a data lake reads one schema across runs, whether they had exceptions or not.
 */
const exceptionColumns: readonly DatasetColumn[] = [
  {
    ...column(
      'exception_id',
      'string',
      'the id of the exception (--exceptions) that accepts the policy; else null',
      true,
    ),
    addedLater: true,
  },
  {
    ...column('exception_expires', 'string', 'the last day that exception applies, YYYY-MM-DD (UTC); else null', true),
    addedLater: true,
  },
];

/** The columns that say which scan, account and benchmark a row comes from, first in both tables. */
const scanColumns: readonly DatasetColumn[] = [
  column(
    'scan_time',
    'timestamp',
    "the scan's LastScannedDate (else LastScannedDateEpochTime), UTC, milliseconds; null when the report states neither",
    true,
  ),
  column('job_id', 'string', 'the JobId of the scan'),
  column('account_id', 'string', 'the AccountId'),
  column('account_name', 'string', 'the AccountName'),
  column(
    'connector',
    'string',
    "the ConnectorType: AWS, Azure, Office365, or another scanner's provider (GCP, Kubernetes, Host, …)",
  ),
  column(
    'cloud_account_id',
    'string',
    'the AWSAccountId or SubscriptionId of the cloud account; null when the report states neither',
    true,
  ),
  column('benchmark_id', 'string', 'the BenchmarkId'),
  column('benchmark_name', 'string', 'the BenchmarkName'),
];

/** The column that names the input a row was read from, last in both tables. */
const sourceColumn = column(
  'source',
  'string',
  'the input file the row was read from (its name, or its path with --show-paths)',
);

/** The columns of the `policies` table: one row per policy per scan. */
export const policyColumns: readonly DatasetColumn[] = [
  ...scanColumns,
  column('category_id', 'string', 'the CategoryId of the resource category the policy sits in'),
  column('category_name', 'string', 'the CategoryName'),
  column('category_order', 'int64', 'the ControlCategoryOrder'),
  column('policy_id', 'string', 'the PolicyId'),
  column(
    'compliance_number',
    'string',
    'the ComplianceNumber: the control in the benchmark (1.4, 4.2.1.1, CCE-37741-6)',
  ),
  column('title', 'string', 'the ShortTitle'),
  column('service', 'string', 'the ServiceName'),
  column('compliance', 'string', 'Green, Red, Amber or Gray (not assessed), or another value as stated'),
  column('severity', 'string', 'Critical, High, Moderate, Low or VeryLow'),
  column('risk_probability', 'string', 'Certain, High, Moderate or NotLikely; empty when nothing was checked'),
  column('risk_level', 'string', 'Red, Amber or Green; empty when nothing was checked'),
  column('passed_resources', 'int64', 'the PassedResourceCount'),
  column('total_resources', 'int64', 'the TotalResourceCount'),
  ...exceptionColumns,
  sourceColumn,
];

/**
 * The columns of the `figures` table: one row per benchmark report and one per resource category, recounted from the
 * policies.
 */
export const figureColumns: readonly DatasetColumn[] = [
  ...scanColumns,
  column(
    'level',
    'string',
    '`report` for a row of the whole benchmark report, `category` for a row of one resource category',
  ),
  column('category_id', 'string', 'the CategoryId; null on a report row', true),
  column('category_name', 'string', 'the CategoryName; null on a report row', true),
  column('category_order', 'int64', 'the ControlCategoryOrder; null on a report row', true),
  column('policies', 'int32', 'the policies counted'),
  column('green', 'int32', 'the Green policies, recounted'),
  column('red', 'int32', 'the Red policies, recounted'),
  column('amber', 'int32', 'the Amber policies, recounted'),
  column('gray', 'int32', 'the Gray (not assessed) policies, recounted'),
  column(
    'compliance_percent',
    'double',
    "the compliance percent recomputed with the run's --percent-formula; null when nothing was assessed",
    true,
  ),
  column(
    'stated_compliance_percent',
    'double',
    'the CompliancePercent the report states (Posture for a report row); null when it states none',
    true,
  ),
  sourceColumn,
];

/**
 * The Hive-style partition columns of a dataset folder, in the order of its sub-folders (`scan_date=…/benchmark=…/`).
 */
export const partitionColumns: readonly DatasetColumn[] = [
  column(
    'scan_date',
    'date',
    'the UTC date of scan_time, its folder named YYYY-MM-DD; __HIVE_DEFAULT_PARTITION__ (null) when the scan states no date',
    true,
  ),
  column(
    'benchmark',
    'string',
    'the benchmark_id, its folder value %XX-escaped; past 120 bytes so written, a prefix, ~ and a digest of the whole id, which benchmark_id holds',
  ),
];

/** The tables of a dataset by name: the registry that the writer, the query views and the DDL read. */
export const datasetTables = {
  policies: { columns: policyColumns, description: 'one row per policy per scan' },
  figures: {
    columns: figureColumns,
    description: 'one row per benchmark report and one per resource category per scan, recounted from the policies',
  },
} as const satisfies Record<string, { columns: readonly DatasetColumn[]; description: string }>;

/** The name of a dataset table. */
export type DatasetTable = keyof typeof datasetTables;
