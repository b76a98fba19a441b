import { stringify } from 'csv-stringify/sync';
import type { RenderedBody, RenderOptions } from '../../model/renderer.js';
import type { ViewModel } from '../../model/view-model.js';
import { csvText } from './csv-cell.js';
import { defaultCsvFields } from '../../model/csv-fields.js';
import { csvColumns, type CsvColumn, type CsvRowSource } from './csv-columns.js';
import { poamColumns, type PoamRowSource } from './poam-columns.js';

/** Rows turned into text at a time: small enough to stream, large enough to be cheap. */
const rowsPerChunk = 4096;

/** The UTF-8 byte order mark, which makes Excel read a CSV file as UTF-8 rather than the system code page. */
const byteOrderMark = Uint8Array.of(0xef, 0xbb, 0xbf);

function cell<Row>(column: { value(row: Row): string | number }, row: Row): string | number {
  const value = column.value(row);
  return typeof value === 'number' ? value : csvText(value);
}

/** Every row of the view: the listed policies of each category of each report, in document order. */
function* rowsOf(view: ViewModel): Generator<CsvRowSource> {
  for (const report of view.reports) for (const category of report.categories) for (const policy of category.listed) yield { report, category, policy };
}

function text(records: (string | number)[][]): Uint8Array {
  // RFC 4180: CRLF between records, fields with a comma, quote or line break quoted, quotes doubled.
  return Buffer.from(stringify(records, { record_delimiter: 'windows', cast: { number: (value) => String(value) } }), 'utf8');
}

/** Every failing policy (Red, Amber) of each report, in the action list's order; never Gray. */
function* poamRowsOf(view: ViewModel): Generator<PoamRowSource> {
  for (const report of view.reports) for (const action of report.actions) yield { report, action };
}

async function* chunks<Row>(columns: readonly { header: string; value(row: Row): string | number }[], rows: Iterable<Row>, bom: boolean): AsyncGenerator<Uint8Array> {
  if (bom) yield byteOrderMark;
  yield text([columns.map((column) => column.header)]);
  let batch: (string | number)[][] = [];
  for (const row of rows) {
    batch.push(columns.map((column) => cell(column, row)));
    if (batch.length === rowsPerChunk) {
      yield text(batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield text(batch);
}

/**
 * The CSV export of a view: a header row, then one row per policy listed (every policy by
 * default), the columns of `options.csv.fields` in their order. Streamed in chunks, so
 * 300,000 policies never make one large string.
 */
export function renderCsvView(view: ViewModel, options: RenderOptions): RenderedBody {
  const columns: readonly CsvColumn[] = (options.csv?.fields ?? defaultCsvFields).map((name) => csvColumns[name]);
  return chunks<CsvRowSource>(columns, rowsOf(view), options.csv?.bom === true);
}

/**
 * A plan of action and milestones as CSV: one row per failing policy (Red, Amber) with a
 * stable finding id (benchmark/account/number), the scan date as the date identified,
 * the weakness, severity and likelihood, the resources affected, status Open, and empty
 * milestone, completion date and owner columns for the team. A Gray policy was not
 * assessed and is never a finding. `options.csv.bom` applies as for the CSV export.
 */
export function renderPoamView(view: ViewModel, options: RenderOptions): RenderedBody {
  return chunks<PoamRowSource>(poamColumns, poamRowsOf(view), options.csv?.bom === true);
}
