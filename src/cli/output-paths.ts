import { basename, dirname, extname, join } from 'node:path';
import { CspmError } from '../error/cspm-error.js';
import type { Format } from '../model/renderer.js';

/**
 * The output path for `source` in `format`: `--output` as given (one format only),
 * else `--out-dir` or the input's folder, with the input's base name and the format's
 * extension. Standard input has no folder or name of its own: it needs one of the two.
 */
export function outputPath(source: string, format: Format, extension: string, options: { output?: string; outDir?: string }): string {
  if (options.output !== undefined) return options.output;
  if (source === '<stdin>' && options.outDir === undefined) {
    throw new CspmError('usage', 'rendering standard input needs --output FILE or --out-dir DIR');
  }
  const base = source === '<stdin>' ? 'stdin' : basename(source, extname(source));
  return join(options.outDir ?? dirname(source), `${base}.${extension}`);
}
