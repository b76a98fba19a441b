import { lstat, rm } from 'node:fs/promises';
import { gateResultFile, type GateResultFile, type ResultFileSystem } from '../index.js';
import { isProcessStreamPath } from './process-stream-paths.js';
import { stdinToken } from './report-inputs.js';
import { writeAtomic } from './write-atomic.js';

// The rules files a gate reads (the file, or none for a preset): the gate job's own rule.
export { rulesFilesOf as rulesFiles } from '../internal.js';

/**
 * The file system of a result file: written atomically; a device or a descriptor path is never replaced nor removed.
 */
const resultFileSystem: ResultFileSystem = {
  write: (path, text) => writeAtomic(path, text),
  async kindAt(path) {
    if (isProcessStreamPath(path)) return 'other';
    const info = await lstat(path).catch(() => undefined);
    return info === undefined ? 'none' : info.isFile() ? 'file' : 'other';
  },
  remove: (path) => rm(path, { force: true }),
};

/** The `--result` file of a gate run over the named inputs (standard input left out). */
export function resultFileOf(path: string, rules: string, inputs: readonly string[]): GateResultFile {
  return gateResultFile(
    path,
    rules,
    inputs.filter((input) => input !== stdinToken),
    resultFileSystem,
    'the --result file',
  );
}
