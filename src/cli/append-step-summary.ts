import { constants, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { CspmError } from '../index.js';
import { appendRefusal, terminalText } from '../internal.js';
import type { CliIo } from './cli-io.js';
import { isProcessStreamPath } from './process-stream-paths.js';
import { writeBody } from './write-body.js';

/** The variable GitHub Actions sets to the step's summary file. */
const variable = 'GITHUB_STEP_SUMMARY';

/**
 * Appends `text` to the job's step summary, never replacing it: the runner gives each
 * step its own file, and earlier commands of the same step may have written to it.
 *
 * The variable is trusted only as far as it names a regular file that is none of the
 * run's inputs or outputs: appending to an input would change the report checked, and
 * opening a named pipe without a reader would block for ever. Anything else is a
 * warning, and the run keeps its exit code. The file is opened without blocking and
 * checked once open (it may have changed since it was looked at). A failed append is
 * cut back to the size it had, so the summary never ends in half a table.
 *
 * @param guarded the run's input and output files, which the summary must not be
 */
export async function appendStepSummary(text: string, guarded: readonly string[], io: CliIo): Promise<void> {
  const path = io.env[variable];
  if (path === undefined || path === '') return;
  if (isProcessStreamPath(path)) {
    // A regular file there is one the shell redirected a stream into: appending through
    // another descriptor would land between the stream's own writes.
    warn(path, 'is a device or descriptor path (under /dev or /proc)', io);
    return;
  }
  const before = await stat(path).catch(() => undefined);
  if (before && refuse(path, before, guarded, io)) return;
  let handle;
  try {
    handle = await open(
      path,
      constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK,
      0o666,
    );
  } catch (error) {
    throw summaryError(path, error);
  }
  try {
    const opened = await handle.stat();
    if (refuse(path, opened, guarded, io)) return;
    await writeBody(handle, text).catch(async (error: unknown) => {
      await handle.truncate(opened.size).catch(() => undefined);
      throw summaryError(path, error);
    });
  } finally {
    await handle.close();
  }
}

/** Warns and returns true when `info` is no file to append the summary to. */
function refuse(path: string, info: Stats, guarded: readonly string[], io: CliIo): boolean {
  const reason = appendRefusal(info, guarded);
  if (reason === undefined) return false;
  warn(path, reason, io);
  return true;
}

function warn(path: string, reason: string, io: CliIo): void {
  io.stderr.write(
    `cspm-report: warning: ${variable} ${terminalText(path)} ${terminalText(reason)}; the step summary is not written\n`,
  );
}

function summaryError(path: string, error: unknown): CspmError {
  const reason = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error);
  return new CspmError('output-failed', `${variable} ${path} (${reason})`, { data: { path }, cause: error });
}
