import { CspmError } from '../../error/cspm-error.js';
import { decodeText } from '../../load/decode-text.js';
import {
  ImportProblem,
  type DraftException,
  type ImportedExceptions,
} from '../../load/exception-imports/exception-importer.js';
import { exceptionImporters, type ExceptionImportFormat } from '../../load/exception-imports/exception-importers.js';
import { readRegularFile } from '../../load/read-regular-file.js';
import { parseYamlText } from '../../load/yaml/parse-yaml-text.js';
import { draftExceptionsYaml } from '../../render/exceptions/draft-exceptions-yaml.js';
import { describeBytes } from '../../text/describe-bytes.js';
import { assertSafeOutputs, type PlannedOutput } from '../output-guard.js';

/** What an import gives: the drafts, and the exceptions file that holds them. */
export interface ImportExceptionsResult {
  imported: ImportedExceptions;
  /** The exceptions file in YAML, every missing field a TODO. */
  text: string;
  /** How many of the drafts have a field still to fill in (a TODO): the file is refused until none has. */
  unfilled: number;
}

/** Options of {@link importExceptions}. */
export interface ImportExceptionsOptions {
  /** The files the caller will write: one that is the file imported is refused before anything is written. */
  outputs?: readonly PlannedOutput[];
}

/** True when a draft still holds a TODO in any field. */
function isUnfilled(draft: DraftException): boolean {
  return [
    draft.id,
    draft.policy,
    draft.reason,
    draft.owner,
    draft.approvedBy,
    draft.approved,
    draft.expires,
    ...draft.accounts,
  ].some((value) => value.startsWith('TODO'));
}

/** A peer's ignore file larger than this is surely not one. */
const maxImportBytes = 10 * 2 ** 20;

/**
 * Reads a peer's mute, ignore or waiver file (`--from` names whose) and drafts an
 * exceptions file of it. What the peer's file does not say (an owner, an approver, the
 * approval's day, often a reason and an expiry) is written as a TODO, which the exceptions
 * file's validation refuses until a person fills it in.
 *
 * @throws CspmError `exceptions-invalid` naming the file, line, column and pointer of what cannot be read;
 *         `output-is-input` for an output that is the file imported
 */
export function importExceptions(
  path: string,
  from: ExceptionImportFormat,
  options: ImportExceptionsOptions = {},
): ImportExceptionsResult {
  assertSafeOutputs(options.outputs ?? [], [path]);
  const importer = exceptionImporters[from];
  const tooLarge = (size: number): CspmError =>
    new CspmError(
      'input-too-large',
      `${path} is ${describeBytes(size)}; a file to import may be at most ${describeBytes(maxImportBytes)}`,
      { data: { path, bytes: size, limit: maxImportBytes } },
    );
  const parsed = parseYamlText(decodeText(readRegularFile(path, maxImportBytes, tooLarge)), path, {
    invalid: 'exceptions-invalid',
    aliases: 'exceptions-aliases',
    name: importer.name,
    ...(importer.topKeys === undefined ? {} : { topKeys: importer.topKeys }),
  });
  let imported: ImportedExceptions;
  try {
    imported = importer.read(parsed.value);
  } catch (error) {
    if (!(error instanceof ImportProblem)) throw error;
    return parsed.refuse(error.pointer, `${error.what} (read as --from ${from})`);
  }
  return {
    imported,
    text: draftExceptionsYaml(imported, `${from} ${path}`),
    unfilled: imported.drafts.filter(isUnfilled).length,
  };
}
