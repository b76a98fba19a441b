import { createHash } from 'node:crypto';
import { partitionColumns } from '../../model/dataset-columns.js';
import type { ReportView } from '../../model/view-model.js';

/** The folder name Hive, Spark, Trino, Athena and DuckDB read as a null partition value. */
export const hiveDefaultPartition = '__HIVE_DEFAULT_PARTITION__';

/**
 * Characters Hive escapes in a partition value (FileUtils.escapePathName, its Windows
 * set included, so that a dataset copied there keeps its names), and `%` itself:
 * anything that would end the folder name, read as `=`, or be taken for an escape.
 */
const unsafe = /[\u0000-\u001f\u007f"#%'*/:=?\\{}[\]^<>| ]/gu;

/**
 * A partition value as a Hive-style folder name's value: unsafe characters as `%XX`
 * (uppercase hex of the UTF-8 byte, as Hive writes them), an empty or missing value
 * as {@link hiveDefaultPartition}.
 */
export function escapePartitionValue(value: string | null): string {
  if (value === null || value === '') return hiveDefaultPartition;
  return value.replace(unsafe, (character) => `%${(character.codePointAt(0) as number).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** The UTC date of an instant as YYYY-MM-DD. */
function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The value of each partition column for a report, by the columns' names. */
const partitionValues: Readonly<Record<string, (report: ReportView) => string | null>> = {
  scan_date: (report) => (report.lastScanned?.date ? utcDate(report.lastScanned.date) : null),
  benchmark: (report) => report.benchmarkId,
};

/**
 * The partition folder of a report's rows, below a table's folder:
 * `scan_date=2024-03-18/benchmark=CSBP`, a part for each of {@link partitionColumns} in
 * their order, always with `/` (a dataset's names, not this machine's).
 */
export function partitionOf(report: ReportView): string {
  return partitionColumns
    .map((column) => {
      const value = partitionValues[column.name];
      if (value === undefined) throw new Error(`no value for the partition column ${column.name}`);
      return `${column.name}=${escapePartitionValue(value(report))}`;
    })
    .join('/');
}

/** The identity of a scan in a part's name: which job, account and benchmark. */
export function scanKey(report: ReportView): string {
  return JSON.stringify([report.jobId, report.accountId, report.benchmarkId]);
}

/**
 * The file name of a partition's part: a digest of the scans it holds, in any order.
 * The same scans make the same name, so a run over the same inputs again finds its
 * part already there rather than adding its rows twice.
 */
export function partName(scanKeys: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const key of [...scanKeys].sort()) hash.update(`${key}\n`);
  return `part-${hash.digest('hex').slice(0, 20)}.parquet`;
}
