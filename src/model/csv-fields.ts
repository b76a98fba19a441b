/**
 * The columns of the CSV export (`--fields`), in the order the registry lists them:
 * kebab-case of the specification's fields, with the report and category each policy
 * sits in, and the exception that accepts it (empty where none does).
 */
export const csvFieldNames = [
  'benchmark',
  'benchmark-id',
  'account',
  'account-id',
  'connector-type',
  'job-id',
  'category',
  'category-id',
  'policy-id',
  'number',
  'title',
  'service',
  'compliance',
  'severity',
  'risk-probability',
  'risk-level',
  'passed',
  'total',
  'scan-date',
  'exception-id',
  'exception-expires',
] as const;

/**
 * A column name of `--fields`.
 *
 * @useDeclaredType
 */
export type CsvFieldName = (typeof csvFieldNames)[number];

/**
 * The columns written without `--fields`: one row per policy as auditors' spreadsheets take it.
 * A run with exceptions adds {@link exceptionCsvFields}; one without writes these alone.
 */
export const defaultCsvFields: readonly CsvFieldName[] = [
  'benchmark',
  'account',
  'category',
  'number',
  'title',
  'service',
  'compliance',
  'severity',
  'risk-probability',
  'risk-level',
  'passed',
  'total',
  'scan-date',
];

/** The columns a run with exceptions adds to the default ones: which exception accepts a policy, and until when. */
export const exceptionCsvFields: readonly CsvFieldName[] = ['exception-id', 'exception-expires'];
