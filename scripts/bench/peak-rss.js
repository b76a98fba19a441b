// The peak resident memory of this process, in KiB.
import { readFileSync } from 'node:fs';

/**
 * VmHWM from /proc/self/status where there is one (Linux): the high-water mark of this
 * process's own address space, which starts afresh at exec. getrusage's maxRSS does
 * not: on Linux a child inherits it from the parent it was forked from, so a bench
 * process holding a 300 MB view made every child it started after that seem to peak
 * at 300 MB or more. Elsewhere, maxRSS.
 */
export function peakRssKb() {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // No /proc: not Linux.
  }
  return process.resourceUsage().maxRSS;
}
