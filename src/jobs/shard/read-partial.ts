import { CspmError } from '../../error/cspm-error.js';
import { readSmallText } from '../../load/read-small-text.js';
import { maxTextBytes } from '../../load/read-text-file.js';
import { partialVersion, type PartialFile, type PartialResult } from '../../model/partial.js';
import { isCspmError } from '../../error/cspm-error.js';
import { ioError } from '../../load/io-error.js';
import { assertRegularFile } from '../../load/read-regular-file.js';
import { readPartialLines } from './read-partial-lines.js';
import { partialViolation, type PartialPart } from '../../validate/partial-schema.js';
import type { SchemaError } from '../../validate/schema-validators.js';
import { syntaxErrorText } from '../../load/syntax-error-text.js';

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
export async function readPartial(
  path: string,
  start: (head: PartialHead) => (file: PartialFile) => void,
): Promise<PartialHead> {
  assertRegularFile(path);
  const fail = (pointer: string, why: string): never => {
    throw new CspmError('partial-invalid', `${path}: ${pointer === '' ? '(document)' : pointer}: ${why}`, {
      data: { file: path, pointer },
    });
  };
  const checked = <T>(part: PartialPart, value: unknown, pointer: string): T => {
    const violation = partialViolation(part, value);
    if (violation !== undefined) {
      const { at, why } = violationText(violation, value);
      fail(`${pointer}${at}`, why);
    }
    return value as T;
  };
  let take: ((file: PartialFile) => void) | undefined;
  const headOf = (value: unknown): PartialHead => {
    if (!isObject(value) || value['cspmReportPartial'] === undefined) {
      return fail(
        '/cspmReportPartial',
        'missing: not a partial result; merge takes the -f json output of check or gate --shard i/n',
      );
    }
    if (value['cspmReportPartial'] !== partialVersion)
      fail(
        '/cspmReportPartial',
        `version ${JSON.stringify(value['cspmReportPartial'])}; this cspm-report reads version ${partialVersion}`,
      );
    const head = checked<PartialHead>('head', value, '');
    take = start(head);
    return head;
  };
  let streamed: Record<string, unknown> | undefined;
  let taken = 0;
  try {
    streamed = await readPartialLines(
      path,
      (value, index) => {
        if (take === undefined) return;
        take(checked<PartialFile>('file', value, `/files/${index}`));
        taken = index + 1;
      },
      (value) => headOf(value),
    );
  } catch (error) {
    if (isCspmError(error)) throw error;
    throw ioError(path, error);
  }
  if (streamed !== undefined) return checked<PartialHead>('tail', streamed, '');
  if (taken > 0)
    fail(
      `/files/${taken}`,
      'the text stops being one file a line; a partial result must be given as cspm-report wrote it',
    );
  // Laid out otherwise (another tool's formatting): read and parse it whole.
  const text = readSmallText(path, maxTextBytes, path, 'a partial result');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail('', `${syntaxErrorText(text, error)}; merge takes the -f json output of check or gate --shard i/n`);
  }
  const head = headOf(value);
  const files = (value as Record<string, unknown>)['files'];
  if (!Array.isArray(files)) return fail('/files', 'must be an array');
  files.forEach((file, index) => take?.(checked<PartialFile>('file', file, `/files/${index}`)));
  return checked<PartialHead>('tail', head, '');
}

/** A partial result but its files. */
export type PartialHead = Omit<PartialResult, 'files'>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where in the part a violation is, and what is wrong with it, in words. */
function violationText(violation: SchemaError, part: unknown): { at: string; why: string } {
  const { instancePath, keyword, params } = violation;
  if (keyword === 'required') return { at: `${instancePath}/${String(params['missingProperty'])}`, why: 'missing' };
  const value = valueAt(part, instancePath);
  const shown = JSON.stringify(value)?.slice(0, 60) ?? 'nothing';
  if (keyword === 'type' && params['type'] === 'integer')
    return { at: instancePath, why: `must be a whole number, not ${shown}` };
  return { at: instancePath, why: `${violation.message ?? `fails ${keyword}`}, not ${shown}` };
}

/** The value at a JSON Pointer of a part, as ajv's instancePath gives it. */
function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    value = isObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}
