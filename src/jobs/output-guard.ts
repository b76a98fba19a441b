import { statSync, type Stats } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { CspmError } from '../error/cspm-error.js';
import { defaultStreamName } from '../load/load-reports.js';
import type { Analysis } from '../model/analysis.js';

/** One file a run is about to write, and the input (or inputs) it comes from. */
export interface PlannedOutput {
  path: string;
  from: string;
}

/**
 * Refuses a run's outputs before anything is written: an output that is one of the
 * input files, and two outputs that land on one file.
 *
 * Files are compared by device and inode, so a report reached through a folder, a
 * symbolic link or a hard link is recognised as well as one named as it is; a file
 * that does not exist yet is compared by its resolved path (its folder resolved
 * through links).
 *
 * @param outputs    every file the run will write (standard output excluded)
 * @param inputFiles every file the inputs expanded to
 */
export function assertSafeOutputs(outputs: readonly PlannedOutput[], inputFiles: readonly string[]): void {
  const inputs = new Map<string, string>();
  for (const file of inputFiles) inputs.set(identify(file), file);
  const written = new Map<string, PlannedOutput>();
  for (const output of outputs) {
    const key = identify(output.path);
    const input = inputs.get(key);
    if (input !== undefined) {
      throw new CspmError(
        'output-is-input',
        `${output.path} is ${input === output.path ? 'one of the inputs' : `the input ${input} (one file under two names)`}; refusing to overwrite a report`,
        { data: { output: output.path, input } },
      );
    }
    const earlier = written.get(key);
    if (earlier !== undefined && !isDevice(output.path)) {
      throw new CspmError(
        'output-collision',
        `${earlier.from} and ${output.from} would both be written to ${output.path}; nothing was written (give each its own --out-dir, or rename one)`,
        { data: { output: output.path, inputs: [earlier.from, output.from] } },
      );
    }
    written.set(key, output);
  }
}

/**
 * What makes two paths one file: device and inode for a file that exists; for one that
 * does not yet, its resolved folder and its name.
 */
function identify(path: string): string {
  const info = statOrNothing(path);
  if (info) return inodeKey(info);
  const folder = statOrNothing(dirname(path));
  if (folder) return `new:${folder.dev}:${folder.ino}:${basename(path)}`;
  return `path:${resolve(path)}`;
}

function inodeKey(info: Stats): string {
  return `inode:${info.dev}:${info.ino}`;
}

/**
 * Which of `files` an opened file is (compared as {@link assertSafeOutputs} compares
 * them), if any: a writer that appends to a file it did not name itself (a CI step
 * summary) thereby never writes into one of the run's inputs or outputs.
 *
 * @param info  the status of the file, taken from its open handle
 * @param files the run's input and output files
 */
export function guardedFileOf(info: Stats, files: readonly string[]): string | undefined {
  const key = inodeKey(info);
  return files.find((file) => identify(file) === key);
}

function isDevice(path: string): boolean {
  const info = statOrNothing(path);
  return info !== undefined && !info.isFile() && !info.isDirectory();
}

/** The file's status, or nothing where there is none to have (the write then says why). */
function statOrNothing(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * The files an analysis read: every source but standard input under its default name (a name given to it is guarded
 * too).
 */
export function analysedFiles(analysis: Analysis): string[] {
  return analysis.sources.map((source) => source.source).filter((source) => source !== defaultStreamName);
}
