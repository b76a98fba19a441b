import { assertSafeOutputs, isCspmError } from '../index.js';
import { exitCodeOf, exitCodes, stoppedSarifLog } from '../internal.js';
import type { CommandSpec } from './commands/command-spec.js';
import { failureLine } from './error-text.js';
import { pairOutputs } from './findings-outputs.js';
import { stdinToken } from './report-inputs.js';
import { writeAtomic } from './write-atomic.js';
import { isStandardOutput } from './write-output.js';

/** Errors about the outputs themselves: writing any of them could be the harm refused. */
const outputRefusals = new Set(['output-collision', 'output-is-input']);

/**
 * Writes the SARIF outputs of a run of check, gate or diff that stopped with exit code 2
 * (a usage error, a missing or unreadable input or rules file, …) a log of the failure
 * (stoppedSarifLog): code scanning's upload step then uploads the failure, instead of
 * failing on a missing file and hiding the error. The one place for every such stop:
 * the command line refused before the run, and an error thrown during it. Nothing is
 * written when the outputs cannot be told from the command line, to standard output,
 * over a file the run reads, or to the output whose write failed. Each write is atomic;
 * its own failure is not reported, as the run's error is the one to tell.
 */
export async function writeStoppedSarif(spec: CommandSpec<unknown> | undefined, argv: Record<string, unknown>, error: unknown): Promise<void> {
  if (spec?.readFiles === undefined) return;
  const code = isCspmError(error) ? error.code : 'internal';
  if (exitCodeOf(code) !== exitCodes.usage || outputRefusals.has(code)) return;
  const failedPath = isCspmError(error) && error.code === 'output-failed' ? (error.data as { path?: unknown }).path : undefined;
  let paths: string[];
  try {
    paths = pairOutputs(strings(argv['format']), strings(argv['output']), ['findings', 'document'])
      .findings.filter((output) => output.format === 'sarif' && !isStandardOutput(output.path) && output.path !== failedPath)
      .map((output) => output.path);
  } catch {
    return;
  }
  const text = stoppedSarifLog({ code, message: failureLine(error) });
  for (const path of paths) {
    try {
      assertSafeOutputs([{ path, from: 'the sarif result' }], spec.readFiles(argv));
    } catch {
      continue;
    }
    await writeAtomic(path, text).catch(() => undefined);
  }
}

/** An option's values as yargs parsed them, if it parsed them as strings. */
function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The files named by the parsed options `names` (single or repeated), standard input left out. */
export function namedFiles(argv: Record<string, unknown>, names: readonly string[]): string[] {
  return names.flatMap((name) => {
    const value = argv[name];
    return (typeof value === 'string' ? [value] : strings(value)).filter((file) => file !== stdinToken);
  });
}
