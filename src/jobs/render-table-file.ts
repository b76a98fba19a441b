import type { ReportInput } from '../load/load-reports.js';
import { datasetTables, type DatasetTable } from '../model/dataset-columns.js';
import { newTally, reportsToWrite, type WriteReportsOptions, type WriteTally } from './reports-to-write.js';

/** Thrown by the body of {@link renderTableFile} when no input had a report to write: the file is then not made at all. */
export class NothingToWrite extends Error {
  constructor() {
    super('no input had a benchmark report to write');
    this.name = 'NothingToWrite';
  }
}

/** A table's file being made: its bytes, made as they are read, and the tally of what they hold so far. */
export interface TableFileRun {
  body: AsyncGenerator<Uint8Array>;
  tally: WriteTally;
}

/**
 * One Parquet file of one dataset table over every input (`render DIR -f parquet -o
 * all.parquet`), made while it is written: the inputs are read one at a time (see
 * {@link reportsToWrite}) and each row group leaves as soon as it is full, so a fleet of
 * any number of files is written in the memory of one file and one row group. The tally
 * is complete once the body has been read to its end; the body throws
 * {@link NothingToWrite} at its end when no report was written.
 */
export function renderTableFile(inputs: readonly ReportInput[], table: DatasetTable, options: WriteReportsOptions): TableFileRun {
  const tally = newTally();
  async function* body(): AsyncGenerator<Uint8Array> {
    // Imported when a table is written: the Parquet writer stays out of every other run's start-up.
    const [{ ParquetTable }, { columnReaders, runsOfReport }] = await Promise.all([import('../render/parquet/parquet-table.js'), import('../render/parquet/dataset-rows.js')]);
    const file = new ParquetTable(datasetTables[table].columns, columnReaders(table));
    for await (const report of reportsToWrite(inputs, options, tally)) {
      for (const { shared, rows } of runsOfReport[table](report)) {
        file.addRun(shared, rows);
        yield* file.take();
      }
    }
    if (tally.summary.reports === 0) throw new NothingToWrite();
    yield* file.finish();
  }
  return { body: body(), tally };
}
