import { writeStoppedSarif as writeStoppedLogs } from '../index.js';
import type { CommandSpec } from './commands/command-spec.js';
import { failureLine } from './error-text.js';
import { findingsOutputsOf } from './findings-outputs.js';
import { stdinToken } from './report-inputs.js';
import { writeAtomic } from './write-atomic.js';
import { isStandardOutput } from './write-output.js';

/**
 * Writes the SARIF outputs of a run of check, gate or diff that stopped with exit code 2
 * a log of the failure, with the job's writeStoppedSarif: the one place for every such
 * stop, the command line refused before the run and an error thrown during it. Nothing
 * is written when the outputs cannot be told from the command line. Each write is atomic.
 */
export async function writeStoppedSarif(
  spec: CommandSpec<unknown> | undefined,
  argv: Record<string, unknown>,
  error: unknown,
): Promise<void> {
  if (spec?.readFiles === undefined) return;
  let paths: string[];
  try {
    paths = findingsOutputsOf(strings(argv['format']), strings(argv['output']), ['findings', 'document'])
      .findings.filter((output) => output.format === 'sarif' && !isStandardOutput(output.path))
      .map((output) => output.path);
  } catch {
    return;
  }
  await writeStoppedLogs(error, {
    paths,
    readFiles: spec.readFiles(argv),
    message: failureLine(error),
    write: (path, text) => writeAtomic(path, text),
  });
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
