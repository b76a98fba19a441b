import type { Stats } from 'node:fs';
import { kindOf } from '../../load/read-regular-file.js';
import { guardedFileOf } from '../output-guard.js';

/**
 * Why a file a run appends to without naming it (a CI step summary) must not be written,
 * in words, or undefined when it may be: it is no regular file (`is a named pipe, not a
 * regular file`), or it is one of the run's inputs or outputs.
 *
 * @param info    the status of the file, looked at before it is opened and again from its open handle
 * @param guarded the run's input and output files
 */
export function appendRefusal(info: Stats, guarded: readonly string[]): string | undefined {
  if (!info.isFile()) return `is ${kindOf(info)}, not a regular file`;
  const file = guardedFileOf(info, guarded);
  return file === undefined ? undefined : `is ${file}, a file this run reads or writes`;
}
