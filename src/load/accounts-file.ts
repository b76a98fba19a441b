import { CspmError, type AccountsLocation } from '../error/cspm-error.js';
import { escapePointerToken } from '../text/pointer-token.js';
import { findDuplicateKeys } from './find-duplicate-keys.js';
import { syntaxErrorPlace } from './syntax-error-text.js';

/** The fields of a record and the names a header or key may give each (compared without case, `_`, `-` or spaces). */
const fieldNames = {
  licenseId: ['license', 'licenseid'],
  accountId: ['account', 'accountid'],
  jobId: ['job', 'jobid'],
  benchmarkId: ['benchmark', 'benchmarkid'],
} as const;

/** A field of an accounts file's record: one id of an audit summary. */
export type AccountsField = keyof typeof fieldNames;

/** The fields every record gives, in the order they are checked and named. */
export const accountsFields = Object.keys(fieldNames) as AccountsField[];

function fieldOf(name: string): AccountsField | undefined {
  const key = name.toLowerCase().replace(/[\s_-]/g, '');
  return accountsFields.find((field) => (fieldNames[field] as readonly string[]).includes(key));
}

/**
 * What a header row names, for a message: only the cells that name a column are
 * quoted. The first row of a file that is no accounts file (a credentials file read
 * as CSV) could be a secret.
 */
function namedColumns(record: readonly string[]): string {
  const known = record.filter((name) => fieldOf(name) !== undefined);
  const others = record.length - known.length;
  const extra =
    others === 0 ? '' : `${known.length === 0 ? '' : ' and '}${others} other ${others === 1 ? 'cell' : 'cells'}`;
  return `it names ${known.length === 0 ? '' : known.join(', ')}${extra}`;
}

/** The error of an accounts file that cannot be used: its place (`fleet.csv:4 /account`) and what is wrong there. */
export function accountsInvalid(location: AccountsLocation, what: string): CspmError<'accounts-invalid'> {
  const where = `${location.file}${location.line === undefined ? '' : `:${location.line}`}${location.pointer === undefined ? '' : ` ${location.pointer}`}`;
  return new CspmError('accounts-invalid', `${where}: ${what}`, { data: location });
}

/**
 * The records of an accounts file's text: CSV with a header row naming the columns
 * license, account, job and benchmark (other columns are ignored), or JSON lines of
 * objects with those keys (`licenseId`… are accepted too). A key or column given twice
 * (JSON.parse and a column lookup would silently take the last) fails, naming the line
 * and the field; the values are checked by the caller, who knows what they are for.
 *
 * @param text the file's text, its byte order mark removed
 * @param file how messages name the file
 * @throws CspmError `accounts-invalid` naming the line and the field
 */
export async function parseAccountsFile(text: string, file: string): Promise<AccountsRecord[]> {
  // csv-parse is loaded here, not at start-up: only this file format needs it.
  return text.trimStart().startsWith('{')
    ? jsonLines(text, file)
    : csvRecords(text, file, (await import('csv-parse/sync')).parse);
}

/** One record of an accounts file, its values as the file gave them. */
export interface AccountsRecord {
  /** The record's line in the file, from 1. */
  line: number;
  /** Each field's value as the file gave it: any JSON value in a JSON line, a string in CSV. */
  values: Partial<Record<AccountsField, unknown>>;
  /** The name each field had in the file: its pointer in messages. */
  names: Partial<Record<AccountsField, string>>;
}

function csvRecords(text: string, file: string, parse: typeof import('csv-parse/sync').parse): AccountsRecord[] {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, {
      info: true,
      skip_empty_lines: true,
      relax_column_count: false,
      trim: true,
      bom: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    throw accountsInvalid(
      { file, ...(typeof line === 'number' ? { line } : {}) },
      `not CSV: ${(error as Error).message.replace(/^Invalid [^:]*: /, '')}`,
    );
  }
  const [header, ...body] = rows;
  if (header === undefined) return [];
  const columns = header.record.map(fieldOf);
  for (const [index, field] of columns.entries()) {
    const earlier = field === undefined ? -1 : columns.indexOf(field);
    if (earlier < index && earlier >= 0) {
      throw accountsInvalid(
        { file, line: header.info.lines, pointer: `/${escapePointerToken(header.record[index]!)}` },
        `columns ${earlier + 1} and ${index + 1} (${header.record[earlier]}, ${header.record[index]}) both name the ${field!.replace(/Id$/, '')}`,
      );
    }
  }
  for (const field of accountsFields) {
    if (!columns.includes(field))
      throw accountsInvalid(
        { file, line: header.info.lines, pointer: `/${field.replace(/Id$/, '')}` },
        `no ${field.replace(/Id$/, '')} column in the header row (${namedColumns(header.record)})`,
      );
  }
  const names: Partial<Record<AccountsField, string>> = {};
  header.record.forEach((name, index) => {
    const field = columns[index];
    if (field !== undefined) names[field] = name;
  });
  return body.map(({ record, info }) => {
    const values: Partial<Record<AccountsField, unknown>> = {};
    record.forEach((value, index) => {
      const field = columns[index];
      if (field !== undefined) values[field] = value;
    });
    return { line: info.lines, values, names };
  });
}

function jsonLines(text: string, file: string): AccountsRecord[] {
  const records: AccountsRecord[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      // The line may be any text (a link to a credentials file): its place and the kind of character there, never its
      // characters.
      const { column, reason } = syntaxErrorPlace(raw, error);
      throw accountsInvalid({ file, line }, `not JSON at column ${column}: ${reason}`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw accountsInvalid({ file, line, pointer: '' }, 'not a JSON object');
    const [repeated] = findDuplicateKeys(raw, 1).duplicates;
    if (repeated) {
      throw accountsInvalid(
        { file, line, pointer: repeated.pointer },
        `key ${JSON.stringify(repeated.key)} appears twice (columns ${repeated.first.column} and ${repeated.repeat.column}); which value counts would be a guess`,
      );
    }
    const values: Partial<Record<AccountsField, unknown>> = {};
    const names: Partial<Record<AccountsField, string>> = {};
    for (const [key, item] of Object.entries(value)) {
      const field = fieldOf(key);
      if (field === undefined) continue;
      const other = names[field];
      if (other !== undefined)
        throw accountsInvalid(
          { file, line, pointer: `/${escapePointerToken(key)}` },
          `keys "${other}" and "${key}" both name the ${field.replace(/Id$/, '')}`,
        );
      values[field] = item;
      names[field] = key;
    }
    records.push({ line, values, names });
  });
  return records;
}
