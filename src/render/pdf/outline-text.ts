import { showControlCharacters } from '../../text/show-control-characters.js';
import { capText, maxTitleLength } from './cap-text.js';

/**
 * Report text as one line of the outline or the document metadata. Viewers and
 * pdfinfo show these fields as they are, so control characters are shown as `\uXXXX`
 * (as on the pages) and the length is bounded like a heading's.
 */
export function outlineText(text: string): string {
  return showControlCharacters(capText(text, maxTitleLength), 'space');
}
