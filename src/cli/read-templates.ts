import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CspmError } from '../error/cspm-error.js';
import { ioError } from '../load/read-text-file.js';

/**
 * Reads `--templates DIR`: every file in it, recursively, keyed by its path relative to
 * DIR with `/` separators (`report.hbs`, `partials/x.hbs`). The HTML renderer lets a
 * file of the same name replace its built-in template, partial, stylesheet or script.
 */
export function readTemplates(dir: string): Record<string, string> {
  let isDirectory = false;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch (error) {
    throw ioError(`--templates ${dir}`, error);
  }
  if (!isDirectory) throw new CspmError('usage', `--templates ${dir} is not a directory`);
  const templates: Record<string, string> = {};
  let path = dir;
  try {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      path = join(entry.parentPath, entry.name);
      templates[relative(dir, path).split(sep).join('/')] = readFileSync(path, 'utf8');
    }
  } catch (error) {
    throw ioError(`--templates ${path}`, error);
  }
  return templates;
}
