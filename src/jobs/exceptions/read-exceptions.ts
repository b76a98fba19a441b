import { createHash } from 'node:crypto';
import { CspmError } from '../../error/cspm-error.js';
import { decodeText } from '../../load/decode-text.js';
import { readRegularFile } from '../../load/read-regular-file.js';
import { parseYamlText, type YamlFileKind } from '../../load/yaml/parse-yaml-text.js';
import type { ExceptionsFile, RiskException } from '../../model/exceptions.js';
import { exceptionsOf } from '../../validate/exceptions/exceptions-of.js';
import { describeBytes } from '../../text/describe-bytes.js';

/** The exceptions of a run, and the files they came from. */
export interface RunExceptions {
  files: ExceptionsFile[];
  /** Every exception of every file, in the order given. */
  exceptions: RiskException[];
}

/** How exceptions files are read. */
export interface ReadExceptionsOptions {
  /** The longest an exception may run from its approval (`--max-exception-days`); 365 by default. */
  maxDays?: number;
}

/** An exceptions file larger than this is surely not one. */
const maxExceptionsBytes = 10 * 2 ** 20;

/** An exceptions file, as the YAML parser names and codes its errors. */
const exceptionsFileKind: YamlFileKind = {
  invalid: 'exceptions-invalid',
  aliases: 'exceptions-aliases',
  name: 'exceptions file',
  topKeys: ['exceptions', '$schema'],
};

/**
 * Reads and checks the exceptions files of a run (`--exceptions`, repeatable). Each is
 * read as a report is (a regular file only, so a pipe cannot block the run; its size
 * capped; a byte order mark honoured), parsed as YAML or JSON and checked against the
 * published schema and the rules a schema cannot state. An id must be unique across all
 * the files. Any file that cannot be read or does not check fails the run: never "no
 * exceptions".
 *
 * @throws CspmError `exceptions-invalid` with the file, line, column and pointer; or as a missing or unreadable report
 */
export function readExceptions(paths: readonly string[], options: ReadExceptionsOptions = {}): RunExceptions {
  const files: ExceptionsFile[] = [];
  const exceptions: RiskException[] = [];
  const where = new Map<string, RiskException>();
  for (const path of paths) {
    const tooLarge = (size: number): CspmError =>
      new CspmError(
        'input-too-large',
        `${path} is ${describeBytes(size)}; an exceptions file may be at most ${describeBytes(maxExceptionsBytes)}`,
        { data: { path, bytes: size, limit: maxExceptionsBytes } },
      );
    const bytes = readRegularFile(path, maxExceptionsBytes, tooLarge);
    const parsed = parseYamlText(decodeText(bytes), path, exceptionsFileKind);
    const own = exceptionsOf(parsed, path, options.maxDays);
    for (const exception of own) {
      const earlier = where.get(exception.id);
      if (earlier !== undefined) {
        parsed.refuse(
          `${exception.pointer}/id`,
          `id "${exception.id}" is also the id of ${earlier.pointer} in ${earlier.file}; each exception needs its own`,
        );
      }
      where.set(exception.id, exception);
    }
    files.push({
      path,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      ids: own.map((exception) => exception.id),
    });
    exceptions.push(...own);
  }
  return { files, exceptions };
}
