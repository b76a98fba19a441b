import { allBenchmarks, CspmError, type AccountsLocation } from '../../index.js';
import { escapePointerToken, findDuplicateKeys, pathIdProblem, syntaxErrorPlace } from '../../internal.js';
import { readSecretFile } from '../service-secrets.js';
import type { FetchTarget } from './fetch-target.js';

/** The fields of a record and the names a header or key may give each (compared without case, `_`, `-` or spaces). */
const fieldNames = {
  licenseId: ['license', 'licenseid'],
  accountId: ['account', 'accountid'],
  jobId: ['job', 'jobid'],
  benchmarkId: ['benchmark', 'benchmarkid'],
} as const;

type Field = keyof typeof fieldNames;
const fields = Object.keys(fieldNames) as Field[];

/** The largest accounts file read: far above any fleet, far below what would hurt. */
const maxRecords = 100_000;

/** The bytes of that many records, with room to spare: a larger file is refused before it is parsed. */
const maxAccountsBytes = 64 * 2 ** 20;

function fieldOf(name: string): Field | undefined {
  const key = name.toLowerCase().replace(/[\s_-]/g, '');
  return fields.find((field) => (fieldNames[field] as readonly string[]).includes(key));
}

/**
 * What a header row names, for a message: only the cells that name a column are
 * quoted. The first row of a file that is no accounts file (a credentials file read
 * as CSV) could be a secret.
 */
function namedColumns(record: readonly string[]): string {
  const known = record.filter((name) => fieldOf(name) !== undefined);
  const others = record.length - known.length;
  const extra = others === 0 ? '' : `${known.length === 0 ? '' : ' and '}${others} other ${others === 1 ? 'cell' : 'cells'}`;
  return `it names ${known.length === 0 ? '' : known.join(', ')}${extra}`;
}

function invalid(location: AccountsLocation, what: string): CspmError<'accounts-invalid'> {
  const where = `${location.file}${location.line === undefined ? '' : `:${location.line}`}${location.pointer === undefined ? '' : ` ${location.pointer}`}`;
  return new CspmError('accounts-invalid', `${where}: ${what}`, { data: location });
}

/**
 * The targets of `fetch --accounts FILE`: CSV with a header row naming the columns
 * license, account, job and benchmark (other columns are ignored), or JSON lines of
 * objects with those keys (`licenseId`… are accepted too). A benchmark of `all` asks
 * for every benchmark of the account. The whole file is checked before anything is
 * fetched: a bad record, a repeated one, a key or column given twice (JSON.parse and
 * a column lookup would silently take the last) or an empty file fails the run, naming
 * the line and the field.
 */
export async function readAccountsFile(file: string): Promise<FetchTarget[]> {
  const text = readSecretFile(file, 'accounts', maxAccountsBytes, 'an accounts file').replace(/^\uFEFF/, '');
  // csv-parse is loaded here, not at start-up: only this option reads CSV.
  const records = text.trimStart().startsWith('{') ? jsonLines(text, file) : csvRecords(text, file, (await import('csv-parse/sync')).parse);
  if (records.length === 0) throw invalid({ file }, 'no account in it; give a header row and one line per account (license,account,job,benchmark)');
  if (records.length > maxRecords) throw invalid({ file }, `${records.length} records; the most one run takes is ${maxRecords}`);
  const seen = new Map<string, number>();
  return records.map(({ line, values, names }) => {
    const target: Partial<Record<Field, string>> = {};
    for (const field of fields) {
      const value = values[field];
      if (typeof value !== 'string' || value.trim() === '') throw invalid({ file, line, pointer: `/${escapePointerToken(names[field] ?? field.replace(/Id$/, ''))}` }, value === undefined ? 'missing' : 'empty or not a string');
      const problem = field === 'benchmarkId' && value.trim() === allBenchmarks ? undefined : pathIdProblem(value.trim());
      if (problem !== undefined) throw invalid({ file, line, pointer: `/${escapePointerToken(names[field] ?? field.replace(/Id$/, ''))}` }, `${problem}; it goes into a request's URL path`);
      target[field] = value.trim();
    }
    const complete = target as Record<Field, string>;
    const key = JSON.stringify(fields.map((field) => complete[field]));
    const earlier = seen.get(key);
    if (earlier !== undefined) throw invalid({ file, line }, `repeats line ${earlier}`);
    seen.set(key, line);
    return { ...complete, origin: `${file}:${line}` };
  });
}

interface RawRecord {
  line: number;
  values: Partial<Record<Field, unknown>>;
  /** The name each field had in the file: its pointer in messages. */
  names: Partial<Record<Field, string>>;
}

function csvRecords(text: string, file: string, parse: typeof import('csv-parse/sync').parse): RawRecord[] {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, { info: true, skip_empty_lines: true, relax_column_count: false, trim: true, bom: true }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    throw invalid({ file, ...(typeof line === 'number' ? { line } : {}) }, `not CSV: ${(error as Error).message.replace(/^Invalid [^:]*: /, '')}`);
  }
  const [header, ...body] = rows;
  if (header === undefined) return [];
  const columns = header.record.map(fieldOf);
  for (const [index, field] of columns.entries()) {
    const earlier = field === undefined ? -1 : columns.indexOf(field);
    if (earlier < index && earlier >= 0) {
      throw invalid({ file, line: header.info.lines, pointer: `/${escapePointerToken(header.record[index]!)}` }, `columns ${earlier + 1} and ${index + 1} (${header.record[earlier]}, ${header.record[index]}) both name the ${field!.replace(/Id$/, '')}`);
    }
  }
  for (const field of fields) {
    if (!columns.includes(field)) throw invalid({ file, line: header.info.lines, pointer: `/${field.replace(/Id$/, '')}` }, `no ${field.replace(/Id$/, '')} column in the header row (${namedColumns(header.record)})`);
  }
  const names: Partial<Record<Field, string>> = {};
  header.record.forEach((name, index) => {
    const field = columns[index];
    if (field !== undefined) names[field] = name;
  });
  return body.map(({ record, info }) => {
    const values: Partial<Record<Field, unknown>> = {};
    record.forEach((value, index) => {
      const field = columns[index];
      if (field !== undefined) values[field] = value;
    });
    return { line: info.lines, values, names };
  });
}

function jsonLines(text: string, file: string): RawRecord[] {
  const records: RawRecord[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      // The line may be any text (a link to a credentials file): its place and the kind of character there, never its characters.
      const { column, reason } = syntaxErrorPlace(raw, error);
      throw invalid({ file, line }, `not JSON at column ${column}: ${reason}`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid({ file, line, pointer: '' }, 'not a JSON object');
    const [repeated] = findDuplicateKeys(raw, 1).duplicates;
    if (repeated) {
      throw invalid({ file, line, pointer: repeated.pointer }, `key ${JSON.stringify(repeated.key)} appears twice (columns ${repeated.first.column} and ${repeated.repeat.column}); which value counts would be a guess`);
    }
    const values: Partial<Record<Field, unknown>> = {};
    const names: Partial<Record<Field, string>> = {};
    for (const [key, item] of Object.entries(value)) {
      const field = fieldOf(key);
      if (field === undefined) continue;
      const other = names[field];
      if (other !== undefined) throw invalid({ file, line, pointer: `/${escapePointerToken(key)}` }, `keys "${other}" and "${key}" both name the ${field.replace(/Id$/, '')}`);
      values[field] = item;
      names[field] = key;
    }
    records.push({ line, values, names });
  });
  return records;
}
