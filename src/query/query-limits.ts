import { totalmem } from 'node:os';
import { CspmError } from '../error/cspm-error.js';

/** How long and how large a query may run. */
export interface QueryLimits {
  /** Seconds from the query's start to its last row read; past them the engine is interrupted. */
  timeoutSeconds: number;
  /**
   * The engine's memory limit, as DuckDB reads it (`512MB`, `2GB`); past it, data spills to a private temporary
   * folder, and what cannot spill fails.
   */
  memoryLimit: string;
  /**
   * The folder to spill into, made and removed by the caller (the command line, which
   * removes it on a stop signal too); by default a fresh one under the system's
   * temporary folder, mode 0700, made when the dataset opens and removed when it closes.
   */
  temporaryFolder?: string;
}

/** The default time limit of a query: five minutes. */
export const defaultTimeoutSeconds = 300;

const mebibyte = 1024 * 1024;

/**
 * The default memory limit: 2 GiB, or a quarter of the machine's memory where that is
 * less, so that a query never takes the engine's own default of 80 % of the machine.
 */
export function defaultMemoryLimit(machineBytes = totalmem()): string {
  return `${Math.max(64, Math.min(2048, Math.floor(machineBytes / 4 / mebibyte)))}MiB`;
}

/** The limits a query runs under when none is given. */
export function defaultQueryLimits(): QueryLimits {
  return { timeoutSeconds: defaultTimeoutSeconds, memoryLimit: defaultMemoryLimit() };
}

/** The longest delay a timer holds (2^31 − 1 ms, about 24 days): a longer one would fire at once. */
const longestDelayMs = 2 ** 31 - 1;

/** A time limit in milliseconds, as a timer can hold it. */
export function timeoutMs(limits: QueryLimits): number {
  return Math.min(longestDelayMs, Math.ceil(limits.timeoutSeconds * 1000));
}

const amount = /^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i;

/**
 * A `--timeout` value: seconds, more than 0.
 *
 * @throws CspmError `usage` naming the option
 */
export function parseTimeout(text: string): number {
  const seconds = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(seconds > 0) || !Number.isFinite(seconds))
    throw new CspmError('usage', `${text} is not a number of seconds above 0`, { data: { option: 'timeout' } });
  return seconds;
}

/** Bytes per unit of a memory amount, as the engine reads them (KB = 1000, KiB = 1024). */
const unitBytes: Readonly<Record<string, number>> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
};

/**
 * The least memory limit taken: below it the engine cannot read a dataset's schema, and would fail as if the dataset
 * were broken.
 */
export const leastMemoryBytes = 32e6;

/**
 * A `--memory-limit` value: an amount with its unit (`512MB`, `2GB`, `1.5GiB`), at
 * least 32MB.
 *
 * @throws CspmError `usage` naming the option
 */
export function parseMemoryLimit(text: string): string {
  const match = amount.exec(text.trim());
  if (match === null || !(Number(match[1]) > 0))
    throw new CspmError('usage', `${text} is not an amount of memory such as 512MB or 2GB`, {
      data: { option: 'memory-limit' },
    });
  const [, figure = '', unit = ''] = match;
  if (Number(figure) * (unitBytes[unit.toLowerCase()] ?? 0) < leastMemoryBytes)
    throw new CspmError('usage', `${text} is less than the 32MB a query needs`, { data: { option: 'memory-limit' } });
  return `${figure}${unit}`;
}

/**
 * Refuses limits a caller of the library gave out of range, as the options would be.
 *
 * @throws CspmError `usage` naming the option
 */
export function checkQueryLimits(limits: QueryLimits): void {
  parseTimeout(String(limits.timeoutSeconds));
  parseMemoryLimit(limits.memoryLimit);
}
