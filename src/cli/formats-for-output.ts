import { extname } from 'node:path';
import { CspmError } from '../index.js';
import { isStandardOutput } from './write-output.js';

/**
 * The formats of a run: those given with `--format`, else the one the `--output`
 * file's extension names (`-o report.pdf` is a PDF), else `fallback`. A format that
 * contradicts the extension (`-o report.pdf -f html`) is refused: a file whose name
 * lies about its content opens wrongly or not at all.
 *
 * @param byExtension the formats named by each lower-case extension (without the dot)
 */
export function formatsForOutput<F extends string>(given: readonly F[] | undefined, output: string | undefined, byExtension: Readonly<Record<string, F>>, fallback: F): F[] {
  const extension = output === undefined || isStandardOutput(output) ? '' : extname(output).slice(1).toLowerCase();
  const named = Object.hasOwn(byExtension, extension) ? byExtension[extension] : undefined;
  if (given === undefined || given.length === 0) return [named ?? fallback];
  const chosen = [...new Set(given)];
  if (named !== undefined && chosen.some((format) => format !== named)) {
    throw new CspmError('usage', `--output ${output} names a .${extension} file but --format is ${chosen.join(', ')}; drop --format or give the file the format's extension`);
  }
  return chosen;
}
