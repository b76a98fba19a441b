import { showControlCharacters } from '../text/show-control-characters.js';
import type { Redactor } from './redact.js';

/** The most of a service's message an error shows: a few lines' worth, enough to read the reason. */
export const serviceMessageLimit = 300;

/** The most of a body that is not JSON an error shows: enough to recognise an HTML error page or a proxy's text. */
export const bodyExcerptLimit = 80;

/**
 * Text the service sent (a message, a body that is not JSON, a status), as an error
 * may show it: redacted first (cutting first could leave a secret's first characters,
 * which no redaction then recognises), control characters shown as `\uXXXX` (a message
 * is one line), and cut to `limit` characters with the count of those left out, so
 * that a service answering megabytes does not print them.
 */
export function serviceText(text: string, redactor: Redactor, limit = serviceMessageLimit): string {
  const shown = showControlCharacters(redactor.redact(text));
  if (shown.length <= limit) return shown;
  // Never cut a surrogate pair in two.
  const end = /[\ud800-\udbff]/.test(shown.charAt(limit - 1)) ? limit - 1 : limit;
  return `${shown.slice(0, end)}… (${shown.length - end} more characters)`;
}
