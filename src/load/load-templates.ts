import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CspmError } from '../error/cspm-error.js';
import { ioError } from './io-error.js';

/**
 * Reads a folder of template overrides (RenderOptions.templates): every file in it,
 * recursively, keyed by its path relative to `dir` with `/` separators (`report.hbs`,
 * `partials/x.hbs`). The HTML renderer lets a file of the same name replace its built-in
 * template, partial, stylesheet or script.
 *
 * @param option the option errors name before a path (the command line's `--templates`)
 */
export function loadTemplates(dir: string, option?: string): Record<string, string> {
  const named = (path: string): string => (option === undefined ? path : `${option} ${path}`);
  let isDirectory = false;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch (error) {
    throw ioError(named(dir), error);
  }
  if (!isDirectory) throw new CspmError('usage', `${named(dir)} is not a directory`, { data: { path: dir, ...(option === undefined ? {} : { option: option.replace(/^--/, '') }) } });
  const templates: Record<string, string> = {};
  let path = dir;
  try {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      path = join(entry.parentPath, entry.name);
      templates[relative(dir, path).split(sep).join('/')] = readFileSync(path, 'utf8');
    }
  } catch (error) {
    throw ioError(named(path), error);
  }
  return templates;
}
