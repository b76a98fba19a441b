import type { DateView } from '../model/view-model.js';
import { displayInstant } from './display-values.js';

// ISO 8601 as .NET writes it: `2019-12-31T09:55:12.3841207Z`, with or without an offset.
const isoDate = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

const two = (value: number): string => String(value).padStart(2, '0');

function fromIso(stated: string): DateView | null {
  const match = isoDate.exec(stated.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zone = match[7];
  let time = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(time);
  // Date.UTC rolls 2019-02-30 over into March: such a value is no date.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return null;
  if (zone === undefined) {
    // No zone stated: shown as stated, to the minute, without inventing one.
    return { stated, text: `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}`, date };
  }
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    time -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  const instant = new Date(time);
  return { stated, text: displayInstant(instant), date: instant };
}

function fromEpoch(seconds: number): DateView | null {
  const date = new Date(seconds * 1000);
  return Number.isFinite(seconds) && seconds > 0 && !Number.isNaN(date.getTime())
    ? { stated: String(seconds), text: displayInstant(date), date }
    : null;
}

/**
 * The scan date a report carries, as a person reads it: LastScannedDate, else
 * LastScannedDateEpochTime (seconds), else null. Neither is in the specification; the
 * service's reports carry both. A LastScannedDate that is no readable date is shown as
 * stated rather than dropped or guessed at.
 */
export function readScanDate(stated: unknown, epochSeconds: unknown): DateView | null {
  if (typeof stated === 'string' && stated.trim() !== '') {
    const read = fromIso(stated);
    if (read) return read;
    const epoch = typeof epochSeconds === 'number' ? fromEpoch(epochSeconds) : null;
    return epoch ?? { stated, text: stated, date: null };
  }
  return typeof epochSeconds === 'number' ? fromEpoch(epochSeconds) : null;
}
