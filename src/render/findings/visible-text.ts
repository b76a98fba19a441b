import { showControlCharacters } from '../../text/show-control-characters.js';
import { showBidiControls } from '../../text/terminal-text.js';

/**
 * Report text for a findings format that a CI system shows to people: control
 * characters, lone surrogates, noncharacters and bidirectional controls as `\uXXXX`,
 * as the text and JSON formats show them. XML 1.0 cannot carry most of these at all,
 * and in a dashboard or a log a bidirectional control could make a line read as
 * another file or message than it holds.
 */
export function visibleText(text: string): string {
  return showBidiControls(showControlCharacters(text));
}

/**
 * The same, keeping tab, line feed and carriage return for a format that encodes
 * line breaks its own way (GitHub's workflow commands write them as `%0A`, `%0D`).
 */
export function visibleKeepingBreaks(text: string): string {
  return showBidiControls(showControlCharacters(text, 'keep'));
}

/** A finding's pointer as the findings formats write it; `""` is the whole document. */
export function pointerLabel(pointer: string): string {
  return pointer === '' ? '(document)' : pointer;
}
