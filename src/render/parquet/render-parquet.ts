import type { DatasetTable } from '../../model/dataset-columns.js';
import { datasetTables } from '../../model/dataset-columns.js';
import type { RenderedBody } from '../../model/renderer.js';
import type { ViewModel } from '../../model/view-model.js';
import { columnReaders, runsOfView } from './dataset-rows.js';
import { exceptionsMetadata } from './exceptions-metadata.js';
import { ParquetTable } from './parquet-table.js';

async function* tableChunks<Table extends DatasetTable>(view: ViewModel, table: Table): AsyncGenerator<Uint8Array> {
  const file = new ParquetTable(datasetTables[table].columns, columnReaders(table));
  for (const { shared, rows } of runsOfView(view, table)) {
    file.addRun(shared, rows);
    yield* file.take();
  }
  yield* file.finish(exceptionsMetadata(view));
}

/**
 * The `policies` table of a view as one Parquet file: one row per listed policy (every
 * policy by default) of each report, typed as the column registry says, with the
 * exception that accepts it; a run with exceptions records their files in the file's
 * key-value metadata. Streamed a row
 * group at a time, so 300,000 policies are never one buffer of rows.
 */
export function renderParquetView(view: ViewModel): RenderedBody {
  return tableChunks(view, 'policies');
}

/** The `figures` table of a view as one Parquet file: one row per report and one per resource category. */
export function renderFiguresParquetView(view: ViewModel): RenderedBody {
  return tableChunks(view, 'figures');
}
