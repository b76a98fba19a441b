import { showControlCharacters } from '../../text/show-control-characters.js';

const entities: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Report text as HTML text or attribute value: markup characters escaped, control characters shown as `\uXXXX`. */
export function escapeHtml(text: string): string {
  return showControlCharacters(text, 'keep').replace(/[&<>"']/g, (char) => entities[char] as string);
}
