import { CspmError } from '../error/cspm-error.js';

/** A closed range of a limit, and its default. */
export interface LimitRange {
  min: number;
  max: number;
  default: number;
}

const mebibyte = 1024 * 1024;

/**
 * The deadline of one attempt, in ms: from sending the request to the last byte of the
 * answer. Below 100 ms no service answers; above an hour a stalled answer would hold a
 * CI job for longer than any runner allows, and timers past 2^31 ms fire at once.
 */
export const timeoutRange: LimitRange = { min: 100, max: 3_600_000, default: 30_000 };

/**
 * The most bytes of one answer, received and (when compressed) inflated. The answer is
 * parsed as one string, and V8 strings stop just under 512 MiB, so a larger limit could
 * never be used; the default is that most.
 */
export const maxBodyRange: LimitRange = { min: 1024, max: 512 * mebibyte, default: 512 * mebibyte };

/** True when `value` is a whole number within `range`. */
export function withinRange(value: number, range: LimitRange): boolean {
  return Number.isInteger(value) && value >= range.min && value <= range.max;
}

/**
 * Checks the client's limits at creation: a usage error naming the option and its range
 * rather than a timer that fires at once or a body limit that cannot hold.
 */
export function checkTransportLimits(limits: { timeoutMs: number; maxBodyBytes: number }): void {
  if (!withinRange(limits.timeoutMs, timeoutRange)) {
    throw new CspmError(
      'usage',
      `timeoutMs takes a whole number of milliseconds from ${timeoutRange.min} to ${timeoutRange.max}`,
      { data: { option: 'timeout', value: String(limits.timeoutMs) } },
    );
  }
  if (!withinRange(limits.maxBodyBytes, maxBodyRange)) {
    throw new CspmError(
      'usage',
      `maxBodyBytes takes a whole number of bytes from ${maxBodyRange.min} to ${maxBodyRange.max}`,
      { data: { option: 'max-body', value: String(limits.maxBodyBytes) } },
    );
  }
}
