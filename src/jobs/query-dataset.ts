import { CspmError } from '../error/cspm-error.js';
import type { DatasetTable } from '../model/dataset-columns.js';
import type { QueryColumn, QueryValue } from '../model/query-result.js';
import { openDataset, queryLabel } from '../query/open-dataset.js';
import { defaultQueryLimits, type QueryLimits } from '../query/query-limits.js';
import { getQueryPreset } from '../query/query-presets.js';

/** What {@link queryDataset} runs: SQL of one's own, or a saved query by name (`worst-accounts`). */
export type QuerySource = { sql: string } | { preset: string };

/** The answer of {@link queryDataset}. */
export interface QueryDatasetResult {
  /** The query as messages name it: the preset's name, or the SQL in one line. */
  query: string;
  /** Every file of the dataset, which an output must never replace. */
  files: string[];
  columns: QueryColumn[];
  /** The rows in batches, computed as they are read; the engine closes after the last. */
  rows: AsyncIterable<QueryValue[][]>;
  /** Closes the engine when the rows are not read to the end. */
  close(): void;
}

/**
 * Runs one read-only SQL query over a posture dataset (a folder of Hive-partitioned
 * Parquet files, or one file): the tables `policies` and `figures` are views typed by
 * the registry of dataset columns. The engine (the optional package @duckdb/node-api)
 * reads the dataset's files and nothing else, writes nothing but what it spills into a
 * private temporary folder (removed when it closes) and reaches no network. A query
 * runs under `limits`: by default 300 seconds, and 2 GiB of memory or a quarter of the
 * machine's where that is less (see query-limits.ts).
 *
 * @throws CspmError `query-engine-missing` (the package is not installed), `input-not-found`,
 *   `dataset-invalid` (no dataset there, or not of these tables), `query-failed` (a refused
 *   or wrong query, the engine's message in one line; a query stopped at a limit, saying
 *   which), `usage` (an unknown preset, a limit out of range)
 */
export async function queryDataset(
  path: string,
  source: QuerySource,
  limits: Partial<QueryLimits> = {},
): Promise<QueryDatasetResult> {
  const { name, sql } =
    'preset' in source
      ? { name: source.preset, sql: getQueryPreset(source.preset).sql }
      : { name: queryLabel(source.sql), sql: source.sql };
  const dataset = await openDataset(path, { ...defaultQueryLimits(), ...definedLimits(limits) });
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    dataset.close();
  };
  try {
    const result = await dataset.query(name, sql);
    async function* rows(): AsyncGenerator<QueryValue[][]> {
      try {
        yield* result.rows;
      } finally {
        close();
      }
    }
    const files = (Object.keys(dataset.files.tables) as DatasetTable[]).flatMap((table) => dataset.files.tables[table]);
    return { query: name, files, columns: result.columns, rows: rows(), close };
  } catch (error) {
    close();
    throw error;
  }
}

/** A query given both ways, or neither: refused before the dataset is opened. */
export function querySourceOf(sql: string | undefined, preset: string | undefined): QuerySource {
  if (sql !== undefined && preset !== undefined)
    throw new CspmError('usage', 'give SQL or --preset, not both', { data: { option: 'preset' } });
  if (preset !== undefined) return { preset };
  if (sql === undefined)
    throw new CspmError('usage', 'give the SQL to run, or --preset with a saved query', { data: { option: 'preset' } });
  return { sql };
}

/** The limits given, without the keys given as undefined (which would hide the defaults). */
function definedLimits(limits: Partial<QueryLimits>): Partial<QueryLimits> {
  return Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined));
}
