import { displayCount } from '../display-values.js';

/**
 * Characters of one piece of text (a cell, a value, a paragraph) that are laid out. A
 * policy title of a few hundred characters is long; past this, measuring and wrapping
 * cost time and memory in proportion to the text (a 5 MB title took a minute and
 * gigabytes), and the reader gets more pages of one cell than anyone reads.
 */
export const maxTextLength = 3_000;

/** Characters of a heading, a bookmark or a metadata field: each must stay a few lines. */
export const maxTitleLength = 300;

/**
 * Text cut to at most about `max` characters, the cut stated where it happened:
 * `… (cut: 12,345 more characters)`. Never splits a surrogate pair.
 */
export function capText(text: string, max = maxTextLength): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}… (cut: ${displayCount(text.length - end)} more characters)`;
}
