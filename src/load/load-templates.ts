import { statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { CspmError } from '../error/cspm-error.js';
import { ioError } from './io-error.js';
import { readSmallText } from './read-small-text.js';
import type { SkippedInput } from '../model/document.js';
import { walkFolder } from './walk-folder.js';

/** A template, stylesheet or script is a few kilobytes; far above that is a mistake. */
const maxTemplateBytes = 4 * 2 ** 20;

/**
 * Reads a folder of template overrides (RenderOptions.templates): every file in it,
 * recursively, keyed by its path relative to `dir` with `/` separators (`report.hbs`,
 * `partials/x.hbs`). The HTML renderer lets a file of the same name replace its built-in
 * template, partial, stylesheet or script. Links are treated as in a folder of reports
 * (see walkFolder): a link to a file is read, a link to a folder inside `dir` followed,
 * one outside skipped and passed to `onSkip`. A named pipe or a device in the folder is
 * refused, never opened.
 *
 * @param option the option errors name before a path (the command line's `--templates`)
 * @param onSkip told of each entry left out
 */
export function loadTemplates(
  dir: string,
  option?: string,
  onSkip?: (skipped: SkippedInput) => void,
): Record<string, string> {
  const named = (path: string): string => (option === undefined ? path : `${option} ${path}`);
  let isDirectory = false;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch (error) {
    throw ioError(named(dir), error);
  }
  if (!isDirectory)
    throw new CspmError('usage', `${named(dir)} is not a directory`, {
      data: { path: dir, ...(option === undefined ? {} : { option: option.replace(/^--/, '') }) },
    });
  let listing;
  try {
    listing = walkFolder(dir, () => true);
  } catch (error) {
    throw ioError(named(dir), error);
  }
  for (const skipped of listing.skipped) onSkip?.(skipped);
  const templates: Record<string, string> = {};
  for (const path of listing.files) {
    templates[relative(dir, path).split(sep).join('/')] = readSmallText(
      path,
      maxTemplateBytes,
      named(path),
      'a template file',
    );
  }
  return templates;
}
