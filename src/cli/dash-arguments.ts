import { CspmError } from '../index.js';
import { stdinToken } from './report-inputs.js';

/**
 * The arguments for which `-` means standard input or output: report inputs (a
 * command's positionals `inputs`, `old`, `new`), `--baseline` and `--output`.
 */
const dashMeant: ReadonlySet<string> = new Set(['inputs', 'old', 'new', 'baseline', 'output', 'o']);

/**
 * Refuses `-` for an argument that takes a file name. `-` travels through the parser as
 * a token no path can hold (see protectStdinArgs), so elsewhere it would reach the file
 * system as a path with a NUL character in it and fail with an error about that.
 *
 * @param command the command's usage (`schema [name]`), which tells positionals apart
 * @throws CspmError `usage` naming the argument
 */
export function assertDashWhereMeant(command: string, args: Record<string, unknown>): void {
  const named = Object.entries(args)
    .filter(
      ([key, value]) =>
        !dashMeant.has(key) &&
        key !== '_' &&
        key !== '$0' &&
        (value === stdinToken || (Array.isArray(value) && value.includes(stdinToken))),
    )
    .map(([key]) => key)
    // yargs holds an option under each of its names (logo, l; out-dir, outDir): name the long, dashed one.
    .sort((a, b) => Number(/[A-Z]/.test(a)) - Number(/[A-Z]/.test(b)) || b.length - a.length);
  const [key] = named;
  if (key === undefined) return;
  const positional = new RegExp(`[<[]${key}(\\.\\.)?[>\\]]`).test(command);
  const name = positional ? `the ${key} argument` : `${key.length === 1 ? '-' : '--'}${key}`;
  throw new CspmError(
    'usage',
    `${name} takes a name, not "-": standard input and output are for the report inputs, --baseline and --output`,
    { data: positional ? { value: '-' } : { option: key, value: '-' } },
  );
}
