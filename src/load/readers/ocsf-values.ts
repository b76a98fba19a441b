/**
 * Reading the values of an OCSF event (Prowler's, Security Hub's, our own) the way that
 * never throws: a member of the wrong type is read as absent, and the reader decides
 * whether that is worth a finding.
 */

/** A JSON object. */
export type JsonObject = Record<string, unknown>;

/** True for a JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object at `key`, or an empty one when it is absent or not an object. */
export function objectAt(value: JsonObject, key: string): JsonObject {
  const member = value[key];
  return isObject(member) ? member : {};
}

/** A non-empty string, or undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The strings of an array, or of a lone string; anything else gives none. */
export function strings(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  return Array.isArray(value)
    ? value.filter((entry): entry is string => typeof entry === 'string' && entry !== '')
    : [];
}

/** An ISO 8601 date and time with no offset: OCSF's `_dt` attributes as Prowler 4 wrote them, naive. */
const naiveDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * Milliseconds since the epoch of an OCSF time: a number is OCSF's timestamp, in
 * milliseconds, though Prowler writes seconds (a number below 10^11, before 1973 in
 * milliseconds, is read as seconds); a string is a date and time (`time_dt`), read as UTC
 * when it states no offset, so that a file reads the same on every machine. Undefined
 * when the value is no time that can be read.
 */
export function epochMsOf(value: unknown): number | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) return undefined;
    return value < 1e11 ? value * 1000 : value;
  }
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const stated = value.trim();
  const parsed = Date.parse(naiveDateTime.test(stated) ? `${stated}Z` : stated);
  return Number.isNaN(parsed) ? undefined : parsed;
}
