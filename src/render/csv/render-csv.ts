import { stringify } from 'csv-stringify/sync';
import type { RenderedBody, RenderOptions } from '../../model/renderer.js';
import type { ViewModel } from '../../model/view-model.js';
import { csvText } from './csv-cell.js';
import { defaultCsvFields } from '../../model/csv-fields.js';
import { csvColumns, type CsvColumn, type CsvRowSource } from './csv-columns.js';

/** Rows turned into text at a time: small enough to stream, large enough to be cheap. */
const rowsPerChunk = 4096;

/** The UTF-8 byte order mark, which makes Excel read a CSV file as UTF-8 rather than the system code page. */
const byteOrderMark = Uint8Array.of(0xef, 0xbb, 0xbf);

function cell(column: CsvColumn, row: CsvRowSource): string | number {
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

async function* chunks(view: ViewModel, options: RenderOptions): AsyncGenerator<Uint8Array> {
  const columns = (options.csv?.fields ?? defaultCsvFields).map((name) => csvColumns[name]);
  if (options.csv?.bom === true) yield byteOrderMark;
  yield text([columns.map((column) => column.header)]);
  let batch: (string | number)[][] = [];
  for (const row of rowsOf(view)) {
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
  return chunks(view, options);
}
