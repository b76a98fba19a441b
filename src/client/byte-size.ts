import { CspmError } from '../error/cspm-error.js';

/** The units of a size, binary as memory is counted; the names are matched ignoring case. */
export const byteUnits = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 } as const satisfies Record<string, number>;

/** A unit of {@link byteUnits}. */
export type ByteUnit = keyof typeof byteUnits;

/**
 * A size written as a whole number and an optional unit (`64MiB`, `64 MiB`, `512kib`,
 * `1048576`: bytes when no unit is given), for `--max-body`. Decimal units (`MB`) and
 * fractions are refused rather than guessed at.
 *
 * @throws CspmError `usage` naming `option` and the units
 */
export function parseByteSize(text: string, option: string): number {
  const match = /^\s*(\d+)\s*([a-z]*)\s*$/i.exec(text);
  const unit =
    match &&
    (match[2] === ''
      ? 'B'
      : Object.keys(byteUnits).find((name) => name.toLowerCase() === (match[2] as string).toLowerCase()));
  if (!match || unit === undefined || unit === null) {
    throw new CspmError(
      'usage',
      `--${option} takes a whole number of bytes, or with a unit: ${Object.keys(byteUnits).join(', ')} (64MiB); not ${JSON.stringify(text)}`,
      { data: { option, value: text, known: Object.keys(byteUnits) } },
    );
  }
  return Number(match[1]) * byteUnits[unit as ByteUnit];
}

/**
 * A byte count as a limit is written, exactly: `512 MiB`, `64 KiB`, `1000 B` (for a rounded size see
 * text/describe-bytes.ts).
 */
export function describeByteLimit(bytes: number): string {
  const units = Object.entries(byteUnits).reverse();
  const [unit, size] = units.find(([, size]) => bytes >= size && bytes % size === 0) ?? ['B', 1];
  return `${bytes / size} ${unit}`;
}
