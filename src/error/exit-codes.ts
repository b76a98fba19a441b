/**
 * The exit codes of the command line (README, "Exit codes"), by what they mean. Jobs
 * give theirs in their verdict; errors have theirs by kind (error-codes.ts).
 */
export const exitCodes = {
  /** Nothing at or above the thresholds. */
  ok: 0,
  /** Findings at or above --fail-on, or inputs that cannot be trusted. */
  findings: 1,
  /** A problem of use, input or output: the run stopped before a verdict. */
  usage: 2,
  /** A gate or regression threshold failed on inputs that check. */
  gate: 3,
  /** The service refused the request or did not answer. */
  service: 4,
} as const;
