import type { RenderedBody, RenderOptions } from '../../model/renderer.js';
import type { ViewModel } from '../../model/view-model.js';
import { csvText } from './csv-cell.js';
import { defaultCsvFields, exceptionCsvFields, type CsvFieldName } from '../../model/csv-fields.js';
import { csvColumns, type CsvColumn, type CsvRowSource } from './csv-columns.js';
import { poamColumnsOf, type PoamRowSource } from './poam-columns.js';

/** Text gathered before it is handed on as one chunk. */
const chunkLength = 1 << 20;

/** The UTF-8 byte order mark, which makes Excel read a CSV file as UTF-8 rather than the system code page. */
const byteOrderMark = Uint8Array.of(0xef, 0xbb, 0xbf);

/** What makes a field need quotes: a quote, a comma, a line break, or space at either end. */
const needsQuotes = /["\r\n,]|^ | $/;

/**
 * Anything that is not plain: a character other than printable ASCII, a quote or a
 * comma, space at either end, or a formula start. One test per field; most match none.
 */
const special = /[^\x20-\x7e]|[",]|^[ =+\-@]| $/;

/**
 * One field as RFC 4180 writes it: in quotes, its quotes doubled, when it needs them.
 * Most fields need none and are written as they are. No library is called for the
 * others: quoting is one replace, and csv-parse (which reads the accounts file of
 * `fetch`) stays the project's one CSV library.
 */
function field(value: string | number): string {
  if (typeof value === 'number') return String(value);
  if (!special.test(value)) return value;
  const text = csvText(value);
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * `field` of one column, remembering its last value: the report's and category's
 * columns repeat one value over thousands of rows.
 */
function columnField<Row>(column: { value(row: Row): string | number }): (row: Row) => string {
  let last: string | number | undefined;
  let written = '';
  return (row) => {
    const value = column.value(row);
    if (value !== last) {
      last = value;
      written = field(value);
    }
    return written;
  };
}

/** Every row of the view: the listed policies of each category of each report, in document order. */
function* rowsOf(view: ViewModel): Generator<CsvRowSource> {
  for (const report of view.reports)
    for (const category of report.categories) for (const policy of category.listed) yield { report, category, policy };
}

/** Every failing policy (Red, Amber) of each report, in the action list's order; never Gray. */
function* poamRowsOf(view: ViewModel): Generator<PoamRowSource> {
  for (const report of view.reports) for (const action of report.actions) yield { report, action };
}

async function* chunks<Row>(
  columns: readonly { header: string; value(row: Row): string | number }[],
  rows: Iterable<Row>,
  bom: boolean,
): AsyncGenerator<Uint8Array> {
  if (bom) yield byteOrderMark;
  // RFC 4180: CRLF after every record, the header included.
  let text = `${columns.map((column) => field(column.header)).join(',')}\r\n`;
  const fields = columns.map(columnField);
  for (const row of rows) {
    let line = (fields[0] as (row: Row) => string)(row);
    for (let index = 1; index < fields.length; index += 1) line += `,${(fields[index] as (row: Row) => string)(row)}`;
    text += `${line}\r\n`;
    if (text.length >= chunkLength) {
      yield Buffer.from(text, 'utf8');
      text = '';
    }
  }
  if (text !== '') yield Buffer.from(text, 'utf8');
}

/**
 * The columns without `--fields`: a run with exceptions adds which one accepts each policy
 * and until when; a run without keeps the columns it always had, so that its file does not change.
 */
function defaultFields(view: ViewModel): readonly CsvFieldName[] {
  return view.acceptedRisks === undefined ? defaultCsvFields : [...defaultCsvFields, ...exceptionCsvFields];
}

/**
 * The CSV export of a view: a header row, then one row per policy listed (every policy by
 * default), the columns of `options.csv.fields` in their order. Streamed in chunks, so
 * 300,000 policies never make one large string. A CSV file has no place for the
 * exceptions files a run read: the other machine-readable formats record them.
 */
export function renderCsvView(view: ViewModel, options: RenderOptions): RenderedBody {
  const columns: readonly CsvColumn[] = (options.csv?.fields ?? defaultFields(view)).map((name) => csvColumns[name]);
  return chunks<CsvRowSource>(columns, rowsOf(view), options.csv?.bom === true);
}

/**
 * A plan of action and milestones as CSV: one row per failing policy (Red, Amber) with a
 * stable finding id (benchmark/account/number), the scan date as the date identified,
 * the weakness, severity and likelihood, the resources affected, status Open, and empty
 * milestone, completion date and owner columns for the team (an accepted risk's come
 * from its exception, with a comments column). A Gray policy was not
 * assessed and is never a finding. `options.csv.bom` applies as for the CSV export.
 */
export function renderPoamView(view: ViewModel, options: RenderOptions): RenderedBody {
  return chunks<PoamRowSource>(poamColumnsOf(view), poamRowsOf(view), options.csv?.bom === true);
}
