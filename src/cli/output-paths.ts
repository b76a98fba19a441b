import { statSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative } from 'node:path';
import { CspmError } from '../index.js';

/** Where one input's documents go: `--output`, `--out-dir`, or beside the input. */
export interface OutputPlace {
  output?: string | undefined;
  outDir?: string | undefined;
  /** The directories among the inputs: files found in one keep their path below it under --out-dir. */
  inputDirs: readonly string[];
}

/**
 * The output path for `source` with `extension`: `--output` as given, else the
 * input's base name with the extension, beside the input or under `--out-dir`.
 * Under `--out-dir`, a file found in a directory input keeps its path below that
 * directory (`tree/x/report.json` → `out/x/report.pdf`), so that two reports of the
 * same name in different folders never meet in one output. Standard input has no
 * folder or name of its own: it needs one of the two options.
 */
export function outputPath(source: string, extension: string, place: OutputPlace): string {
  if (place.output !== undefined) return place.output;
  if (source === '<stdin>') {
    if (place.outDir === undefined)
      throw new CspmError('usage', 'rendering standard input needs --output FILE or --out-dir DIR', {
        data: { option: 'output' },
      });
    return join(place.outDir, `stdin.${extension}`);
  }
  const name = `${basename(source, extname(source))}.${extension}`;
  if (place.outDir === undefined) return join(dirname(source), name);
  return join(place.outDir, dirname(pathBelowInput(source, place.inputDirs)), name);
}

/** The directories among command-line inputs (standard input's token is none). */
export function directoryInputs(inputs: readonly string[]): string[] {
  return inputs.filter(
    (input) => !input.includes('\u0000') && statSync(input, { throwIfNoEntry: false })?.isDirectory() === true,
  );
}

function pathBelowInput(source: string, inputDirs: readonly string[]): string {
  for (const dir of inputDirs) {
    const below = relative(dir, source);
    if (below !== '' && !below.startsWith('..') && !isAbsolute(below)) return below;
  }
  return basename(source);
}
