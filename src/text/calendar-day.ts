/** One day in milliseconds. */
const dayMs = 86_400_000;

/**
 * The day number (days since 1970-01-01, UTC) of a `YYYY-MM-DD` date, or undefined when
 * the text is not one or names no day of the calendar (`2027-02-30`): an exception's dates
 * are whole days, compared in UTC so that a run's verdict does not depend on where it runs.
 */
export function dayNumber(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return time / dayMs;
}

/** The UTC day number of an instant. */
export function dayOf(instant: Date): number {
  return Math.floor(instant.getTime() / dayMs);
}

/** The `YYYY-MM-DD` text of a day number (see {@link dayNumber}). */
export function dayText(day: number): string {
  return new Date(day * dayMs).toISOString().slice(0, 10);
}
