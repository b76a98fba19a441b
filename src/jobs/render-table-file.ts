import type { RunExceptions } from './exceptions/read-exceptions.js';
import { exitCodes } from '../error/exit-codes.js';
import { expandInputs, type ReportInput } from '../load/load-reports.js';
import { datasetTables, type DatasetTable } from '../model/dataset-columns.js';
import type { AcceptedRisks } from '../model/exceptions.js';
import type { DocumentFormat } from '../model/renderer.js';
import type { Verdict } from '../model/verdict.js';
import { datasetTableOf } from '../render/formats/format-views.js';
import { assertSafeOutputs } from './output-guard.js';
import {
  newTally,
  reportsToWrite,
  tallyVerdict,
  type WriteReportsOptions,
  type WriteTally,
  writtenProvenance,
} from './reports-to-write.js';
import { failed } from './verdicts.js';

/** What a table file holds once its body was read to its end, and the verdict. */
export interface TableFileResult {
  /** False when no input had a report to write: the body yielded no byte, and no file is to be made. */
  written: boolean;
  /** Inputs, reports and policies written. */
  summary: WriteTally['summary'];
  /** Each report not written because its scan was written already, said in a line. */
  repeated: string[];
  /** What the run's exceptions did over every input written; only when it was given exceptions. */
  exceptions?: AcceptedRisks;
  /** Fails (exit code 1) on a refused input, a repeated scan, or nothing written. */
  verdict: Verdict;
}

/** A table's file being made: its bytes, made as they are read, and what they held once read. */
export interface TableFileRun {
  /** The file's bytes; none at all when no input had a report to write. */
  body: AsyncGenerator<Uint8Array>;
  /** The tally of what the body holds so far: complete once the body has been read to its end. */
  tally: WriteTally;
  /** The outcome, once the body has been read to its end. */
  result(): TableFileResult;
}

/**
 * One Parquet file of one dataset table over every input (`render DIR -f parquet -o
 * all.parquet`), made while it is written: the inputs are read one at a time (see
 * {@link reportsToWrite}) and each row group leaves as soon as it is full, so a fleet of
 * any number of files is written in the memory of one file and one row group. When no
 * input had a report to write, the body ends without a byte and `result().written` is
 * false: the caller then makes no file at all (an empty Parquet file would read as a
 * table of no rows).
 */
export function renderTableFile(
  inputs: readonly ReportInput[],
  table: DatasetTable,
  options: WriteReportsOptions,
): TableFileRun {
  const tally = newTally();
  async function* body(): AsyncGenerator<Uint8Array> {
    // Imported when a table is written: the Parquet writer stays out of every other run's start-up.
    const [{ ParquetTable }, { columnReaders, runsOfReport }, { exceptionsKeyValues }] = await Promise.all([
      import('../render/parquet/parquet-table.js'),
      import('../render/parquet/dataset-rows.js'),
      import('../render/parquet/exceptions-metadata.js'),
    ]);
    const file = new ParquetTable(datasetTables[table].columns, columnReaders(table));
    for await (const report of reportsToWrite(inputs, options, tally)) {
      for (const { shared, rows } of runsOfReport[table](report)) {
        file.addRun(shared, rows);
        yield* file.take();
      }
    }
    // The footer, written last, records the exceptions applied in any input.
    if (tally.summary.reports > 0) yield* file.finish(exceptionsKeyValues(writtenProvenance(tally, options)));
  }
  const result = (): TableFileResult => {
    const written = tally.summary.reports > 0;
    const verdict = written
      ? tallyVerdict(tally)
      : failed(exitCodes.findings, 'no input had a benchmark report to write');
    const exceptions = tally.exceptions === undefined ? {} : { exceptions: tally.exceptions };
    return { written, summary: tally.summary, repeated: tally.repeated, ...exceptions, verdict };
  };
  return { body: body(), tally, result };
}

/**
 * The table file of `format` (`parquet`, `parquet-figures`) over `inputs`, folders
 * expanded (an entry left out told to `onSkip`), to be written to `output`: refused
 * before a byte is read when `output` is one of the input files. `paths` are the input
 * files, standard input left out.
 *
 * @throws CspmError `output-is-input`; the loader's errors for an input folder
 */
export async function tableFileRunOf(
  inputs: readonly ReportInput[],
  format: DocumentFormat,
  output: string,
  options: WriteReportsOptions,
): Promise<TableFileRun & { paths: string[] }> {
  const table = datasetTableOf(format) as DatasetTable;
  const expanded = await expandInputs(inputs, options.onSkip);
  const paths = expanded.flatMap((input) =>
    typeof input === 'string' ? [input] : 'path' in input ? [input.path] : [],
  );
  // Never over an exceptions file the run reads either.
  const exceptionFiles = Array.isArray(options.exceptions)
    ? (options.exceptions as readonly string[])
    : ((options.exceptions as RunExceptions | undefined)?.files.map((file) => file.path) ?? []);
  assertSafeOutputs([{ path: output, from: paths[0] ?? '<stdin>' }], [...paths, ...exceptionFiles]);
  return { ...renderTableFile(expanded, table, options), paths };
}
