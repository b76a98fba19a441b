import type { CliIo } from './cli-io.js';

/** Writes one status line of a run; see {@link statusWriter}. */
export type StatusWriter = (line: string) => void;

/**
 * The writer of a run's status lines (`wrote out.pdf`, a document's tally, an input
 * skipped) for every command: each line goes to standard error, and `--quiet` drops it.
 *
 * Why standard error, always: standard output is a command's result (findings, a
 * document with `-o -`, JSON for a program), and a status line there would corrupt a
 * pipe or a redirect (`render r.json -f pdf -o - > r.pdf`, `trend scans/ | jq`). A
 * stream chosen by whether anything else goes to standard output would move the lines
 * from one run to the next; Trivy, Prowler, git and curl print their progress and
 * notes on standard error for the same reason. `--quiet` silences them as it silences
 * the progress line and notes; errors and warnings are no status and are always printed.
 *
 * @param line text already made safe for a terminal (`terminalText`), without its newline
 */
export function statusWriter(io: CliIo, quiet: boolean | undefined): StatusWriter {
  return (line) => {
    if (quiet !== true) io.stderr.write(`${line}\n`);
  };
}
