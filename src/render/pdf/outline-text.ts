import { showControlCharacters } from '../../text/show-control-characters.js';
import { showBidiControls } from '../../text/terminal-text.js';
import { capText, maxTitleLength } from './cap-text.js';

/**
 * Report text as one line of the outline or the document metadata. Viewers and
 * pdfinfo show these fields as they are, so control characters are shown as `\uXXXX`
 * (as on the pages) and the length is bounded like a heading's. So are bidirectional
 * controls (U+202E …), as on a terminal: a one-line field has no layout of its own to
 * contain them, and an override in a benchmark name would show a file list or a
 * search result another title than the document has.
 */
export function outlineText(text: string): string {
  return showBidiControls(showControlCharacters(capText(text, maxTitleLength), 'space'));
}
