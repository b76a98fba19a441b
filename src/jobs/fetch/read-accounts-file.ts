import { pathIdProblem } from '../../client/path-segment.js';
import { accountsFields, accountsInvalid, parseAccountsFile, type AccountsField } from '../../load/accounts-file.js';
import { readSmallText } from '../../load/read-small-text.js';
import { escapePointerToken } from '../../text/pointer-token.js';
import { allBenchmarks, type FetchTarget } from '../fetch-reports.js';

/** The largest accounts file read: far above any fleet, far below what would hurt. */
const maxRecords = 100_000;

/** The bytes of that many records, with room to spare: a larger file is refused before it is parsed. */
const maxAccountsBytes = 64 * 2 ** 20;

/** Options of {@link readAccountsFile}. */
export interface ReadAccountsOptions {
  /** How messages about reading the file name it (`--accounts fleet.csv`); the path by default. */
  label?: string;
}

/**
 * The targets of an accounts file (`fetch --accounts FILE`): CSV with a header row
 * naming the columns license, account, job and benchmark (other columns are ignored),
 * or JSON lines of objects with those keys (`licenseId`… are accepted too). A benchmark
 * of `all` asks for every benchmark of the account. The whole file is checked before
 * anything is fetched: a bad record, a repeated one, a key or column given twice, an id
 * a URL path would misread, or an empty file fails the run, naming the line and the field.
 *
 * @throws CspmError `accounts-invalid` naming the line and the field; from reading,
 *         naming the file by `label`: not found, not regular, too large
 */
export async function readAccountsFile(file: string, options: ReadAccountsOptions = {}): Promise<FetchTarget[]> {
  const text = readSmallText(file, maxAccountsBytes, options.label ?? file, 'an accounts file')
    .replace(/\r?\n$/, '')
    .replace(/^\uFEFF/, '');
  const records = await parseAccountsFile(text, file);
  if (records.length === 0)
    throw accountsInvalid(
      { file },
      'no account in it; give a header row and one line per account (license,account,job,benchmark)',
    );
  if (records.length > maxRecords)
    throw accountsInvalid({ file }, `${records.length} records; the most one run takes is ${maxRecords}`);
  const seen = new Map<string, number>();
  return records.map(({ line, values, names }) => {
    const target: Partial<Record<AccountsField, string>> = {};
    for (const field of accountsFields) {
      const value = values[field];
      const pointer = `/${escapePointerToken(names[field] ?? field.replace(/Id$/, ''))}`;
      if (typeof value !== 'string' || value.trim() === '')
        throw accountsInvalid({ file, line, pointer }, value === undefined ? 'missing' : 'empty or not a string');
      const problem =
        field === 'benchmarkId' && value.trim() === allBenchmarks ? undefined : pathIdProblem(value.trim());
      if (problem !== undefined)
        throw accountsInvalid({ file, line, pointer }, `${problem}; it goes into a request's URL path`);
      target[field] = value.trim();
    }
    const complete = target as Record<AccountsField, string>;
    const key = JSON.stringify(accountsFields.map((field) => complete[field]));
    const earlier = seen.get(key);
    if (earlier !== undefined) throw accountsInvalid({ file, line }, `repeats line ${earlier}`);
    seen.set(key, line);
    return { ...complete, origin: `${file}:${line}` };
  });
}
