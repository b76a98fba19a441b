import { createHash } from 'node:crypto';
import { partitionColumns } from '../../model/dataset-columns.js';
import type { ReportView } from '../../model/view-model.js';
import { CspmError } from '../../error/cspm-error.js';

/** The folder name Hive, Spark, Trino, Athena and DuckDB read as a null partition value. */
export const hiveDefaultPartition = '__HIVE_DEFAULT_PARTITION__';

/**
 * Characters Hive escapes in a partition value (FileUtils.escapePathName, its Windows
 * set included, so that a dataset copied there keeps its names), `%` itself, and `~`,
 * which marks a shortened value (see {@link partitionValueBytes}) and so never stands
 * unescaped in one written whole: anything that would end the folder name, read as `=`,
 * or be taken for an escape or a shortening.
 */
const unsafe = /[\u0000-\u001f\u007f"#%'*/:=?\\{}[\]^<>|~ ]/gu;

/**
 * The longest partition value, in bytes as written (escapes included), kept whole in a
 * folder name. A folder name stops at 255 bytes on every common file system; the column's
 * name, `=`, and room for a copy tool's suffix stay well inside that.
 */
export const partitionValueBytes = 120;

/** Hex digits of the SHA-256 of the whole value that end a shortened one: 64 bits. */
const digestDigits = 16;

/**
 * Values that readers take for a null partition when written as they are: Hive's marker
 * (DuckDB, Spark, Trino, Athena) and `NULL` in any case (DuckDB). The first character of
 * such a value is escaped, which readers decode after deciding it is not null.
 */
const readAsNull = new Set(['null', hiveDefaultPartition.toLowerCase()]);

function escapeCharacter(character: string): string {
  return [...Buffer.from(character, 'utf8')]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');
}

/**
 * A partition value as a Hive-style folder name's value: unsafe characters as `%XX`
 * (uppercase hex of the UTF-8 bytes, as Hive writes them); a missing value as
 * {@link hiveDefaultPartition}; the empty string as nothing (`benchmark=`, read back as
 * `''`); a value readers would take for null with its first character escaped. A value
 * longer than {@link partitionValueBytes} once escaped is shortened: a readable prefix of
 * its escaped form, `~`, and a digest of the whole value, so that the same value always
 * makes the same folder and two values of one prefix make two. The whole value stays in
 * the table's own column (`benchmark_id` beside `benchmark`).
 */
export function escapePartitionValue(value: string | null): string {
  if (value === null) return hiveDefaultPartition;
  if (value === '') return '';
  const escaped = value.replace(unsafe, escapeCharacter);
  const written = readAsNull.has(value.toLowerCase()) ? escapeCharacter(value.charAt(0)) + escaped.slice(1) : escaped;
  if (Buffer.byteLength(written) <= partitionValueBytes) return written;
  return `${escapedPrefix(value, partitionValueBytes - 1 - digestDigits)}~${createHash('sha256').update(value, 'utf8').digest('hex').slice(0, digestDigits)}`;
}

/** The longest escaped prefix of `value` within `budget` bytes, never cutting an escape or a character. */
function escapedPrefix(value: string, budget: number): string {
  let prefix = '';
  let bytes = 0;
  for (const character of value) {
    const escaped = character.replace(unsafe, escapeCharacter);
    const size = Buffer.byteLength(escaped);
    if (bytes + size > budget) break;
    prefix += escaped;
    bytes += size;
  }
  return prefix;
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
      if (value === undefined)
        throw new CspmError('internal', `no value for the partition column ${column.name}`, {
          data: { what: column.name },
        });
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
