import { CspmError } from '../../error/cspm-error.js';
import { readSmallText } from '../../load/read-small-text.js';
import { maxTextBytes } from '../../load/read-text-file.js';
import { partialVersion, type PartialFile, type PartialResult } from '../../model/partial.js';
import { isCspmError } from '../../error/cspm-error.js';
import { ioError } from '../../load/io-error.js';
import { assertRegularFile } from '../../load/read-regular-file.js';
import { readPartialLines } from './read-partial-lines.js';
import { syntaxErrorText } from '../../load/syntax-error-text.js';

type Check = (value: unknown, pointer: string) => void;

/**
 * Reads a partial result (`--shard i/n -f json`) and checks its shape, so that the merge
 * never judges a run on a value it misread: any other file is a `partial-invalid` error
 * naming the file and the JSON Pointer of the first value that is wrong. The head (every
 * member but the files) is checked and given to `start` first, which returns what takes
 * each file, checked, in turn: a partial result written by cspm-report is read a line
 * at a time (see readPartialLines), whatever its size.
 *
 * @throws CspmError `partial-invalid`, or the reader's errors (not found, not a regular file)
 */
export async function readPartial(path: string, start: (head: PartialHead) => (file: PartialFile) => void): Promise<PartialHead> {
  assertRegularFile(path);
  const fail = (pointer: string, why: string): never => {
    throw new CspmError('partial-invalid', `${path}: ${pointer === '' ? '(document)' : pointer}: ${why}`, { data: { file: path, pointer } });
  };
  const checked = <T>(check: Check, value: unknown, pointer: string): T => {
    try {
      check(value, pointer);
    } catch (error) {
      if (error instanceof ShapeError) fail(error.pointer, error.message);
      throw error;
    }
    return value as T;
  };
  let take: ((file: PartialFile) => void) | undefined;
  const headOf = (value: unknown): PartialHead => {
    if (!isObject(value) || value['cspmReportPartial'] === undefined) {
      return fail('/cspmReportPartial', 'missing: not a partial result; merge takes the -f json output of check or gate --shard i/n');
    }
    if (value['cspmReportPartial'] !== partialVersion) fail('/cspmReportPartial', `version ${JSON.stringify(value['cspmReportPartial'])}; this cspm-report reads version ${partialVersion}`);
    const head = checked<PartialHead>(headShape, value, '');
    take = start(head);
    return head;
  };
  let streamed: Record<string, unknown> | undefined;
  let taken = 0;
  try {
    streamed = await readPartialLines(path, (value, index) => {
      if (take === undefined) return;
      take(checked<PartialFile>(fileShape, value, `/files/${index}`));
      taken = index + 1;
    }, (value) => headOf(value));
  } catch (error) {
    if (isCspmError(error)) throw error;
    throw ioError(path, error);
  }
  if (streamed !== undefined) return checked<PartialHead>(tailShape, streamed, '');
  if (taken > 0) fail(`/files/${taken}`, 'the text stops being one file a line; a partial result must be given as cspm-report wrote it');
  // Laid out otherwise (another tool's formatting): read and parse it whole.
  const text = readSmallText(path, maxTextBytes, path, 'a partial result');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail('', `${syntaxErrorText(text, error)}; merge takes the -f json output of check or gate --shard i/n`);
  }
  const head = headOf(value);
  const files = checked<unknown[]>(arrayOf(anyObject), (value as Record<string, unknown>)['files'], '/files');
  files.forEach((file, index) => take?.(checked<PartialFile>(fileShape, file, `/files/${index}`)));
  return checked<PartialHead>(tailShape, head, '');
}

/** A partial result but its files. */
export type PartialHead = Omit<PartialResult, 'files'>;

class ShapeError extends Error {
  constructor(
    readonly pointer: string,
    message: string,
  ) {
    super(message);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const string: Check = (value, pointer) => {
  if (typeof value !== 'string') throw new ShapeError(pointer, `must be a string, not ${JSON.stringify(value) ?? 'nothing'}`);
};
const integer: Check = (value, pointer) => {
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new ShapeError(pointer, `must be a whole number, not ${JSON.stringify(value) ?? 'nothing'}`);
};
const anyObject: Check = (value, pointer) => {
  if (!isObject(value)) throw new ShapeError(pointer, 'must be an object');
};
const number: Check = (value, pointer) => {
  if (typeof value !== 'number') throw new ShapeError(pointer, `must be a number, not ${JSON.stringify(value) ?? 'nothing'}`);
};

function oneOf(...values: string[]): Check {
  return (value, pointer) => {
    if (!values.includes(value as string)) throw new ShapeError(pointer, `must be ${values.join(' or ')}, not ${JSON.stringify(value) ?? 'nothing'}`);
  };
}

function object(fields: Record<string, Check>): Check {
  return (value, pointer) => {
    anyObject(value, pointer);
    for (const [key, check] of Object.entries(fields)) check((value as Record<string, unknown>)[key], `${pointer}/${key}`);
  };
}

function arrayOf(item: Check): Check {
  return (value, pointer) => {
    if (!Array.isArray(value)) throw new ShapeError(pointer, 'must be an array');
    value.forEach((entry, index) => item(entry, `${pointer}/${index}`));
  };
}

function optional(check: Check): Check {
  return (value, pointer) => {
    if (value !== undefined) check(value, pointer);
  };
}

function pair(first: Check, second: Check): Check {
  return (value, pointer) => {
    if (!Array.isArray(value) || value.length !== 2) throw new ShapeError(pointer, 'must be a pair [position, policy]');
    first(value[0], `${pointer}/0`);
    second(value[1], `${pointer}/1`);
  };
}

// Resources are summed over policies: past 2^53 they are numbers, no longer exact integers.
const figures = object({ total: integer, green: integer, red: integer, amber: integer, gray: integer, other: integer, passedResources: number, totalResources: number, percent: number });
const severities = arrayOf(object({ severity: string, count: integer }));

const headShape = object({
  shard: object({ index: integer, count: integer }),
  inputs: object({ files: integer, digest: string }),
  settings: object({ command: oneOf('check', 'gate'), failOn: oneOf('error', 'warning', 'never'), severities: anyObject }),
  tool: object({ version: string }),
});

/** The members that follow the files. */
const tailShape = object({
  skipped: arrayOf(integer),
  fleetPolicies: optional(arrayOf(object({ first: integer, policy: anyObject }))),
});

const fileShape = object({
  index: integer,
  fleetAccounts: optional(arrayOf(anyObject)),
  source: string,
  form: oneOf('envelope', 'array', 'report', 'unparsed'),
  reportCount: integer,
  policies: integer,
  findings: arrayOf(object({ rule: string, severity: oneOf('error', 'warning'), pointer: string, message: string })),
  reports: arrayOf(
    object({
      pointer: string,
      fields: anyObject,
      figures,
      redBySeverity: severities,
      amberBySeverity: severities,
      otherBySeverity: severities,
      categories: arrayOf(object({ pointer: string, fields: anyObject, figures, redBySeverity: severities, amberBySeverity: severities, otherBySeverity: severities, keptPolicies: arrayOf(pair(integer, anyObject)) })),
    }),
  ),
});
