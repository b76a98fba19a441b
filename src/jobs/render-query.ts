import { CspmError } from '../error/cspm-error.js';
import { defaultOutput, resolveOutputFormat } from '../render/formats/output-routing.js';
import { getQueryRenderer } from '../render/query-output/query-renderers.js';
import { parseMemoryLimit, parseTimeout } from '../query/query-limits.js';
import { assertSafeOutputs } from './output-guard.js';
import type { OutputToWrite } from './outputs/output-to-write.js';
import { isStandardOutput } from './outputs/standard-output.js';
import { queryDataset, querySourceOf } from './query-dataset.js';

/** A query as the command line gives it: SQL or a saved query's name, its limits as text, and its output. */
export interface RenderQueryOptions {
  sql?: string;
  /** A saved query's name (`--preset`), instead of SQL. */
  preset?: string;
  /** Seconds (`--timeout`), as text. */
  timeout?: string;
  /** The engine's memory (`--memory-limit`, `512MB`), as text. */
  memoryLimit?: string;
  /** The file to write, or standard output (`-`). */
  output: string;
  /** `-f`; by default the output's extension says, else the kind's default (table). */
  format?: string;
  /**
   * Makes the folder the engine spills into, once every option has checked and just before
   * the query runs; the caller removes it (see QueryLimits.temporaryFolder).
   */
  makeTemporaryFolder?: () => string;
}

/** What {@link renderQuery} returns: its one output, and the engine to close once the output is written. */
export interface RenderQueryResult {
  output: OutputToWrite;
  /** Closes the engine; the output's rows are read from it while they are written. */
  close(): void;
}

/**
 * Runs SQL or a saved query over a posture dataset (see {@link queryDataset}) and plans its
 * output, whose rows are computed as they are written. Every option is checked before the
 * dataset is opened; an output that would replace a file of the dataset is refused.
 *
 * @throws CspmError `usage` for an option that does not check, and as {@link queryDataset}
 */
export async function renderQuery(
  dataset: string | undefined,
  options: RenderQueryOptions,
): Promise<RenderQueryResult> {
  const source = querySourceOf(options.sql, options.preset);
  const limits = {
    timeoutSeconds: options.timeout === undefined ? undefined : parseTimeout(options.timeout),
    memoryLimit: options.memoryLimit === undefined ? undefined : parseMemoryLimit(options.memoryLimit),
  };
  if (dataset === undefined) throw new CspmError('usage', 'name the dataset: a folder or a Parquet file', { data: {} });
  const toFile = !isStandardOutput(options.output);
  const { format } = resolveOutputFormat(
    toFile ? options.output : undefined,
    options.format,
    ['query'],
    defaultOutput('query'),
  );
  const temporaryFolder = options.makeTemporaryFolder?.();
  const result = await queryDataset(dataset, source, {
    ...limits,
    ...(temporaryFolder === undefined ? {} : { temporaryFolder }),
  });
  try {
    if (toFile) assertSafeOutputs([{ path: options.output, from: `the ${format} result` }], result.files);
  } catch (error) {
    result.close();
    throw error;
  }
  return {
    output: { format, path: options.output, render: () => getQueryRenderer(format).render(result) },
    close: () => result.close(),
  };
}
