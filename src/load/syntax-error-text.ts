import { syntaxErrorOffset } from './syntax-error-offset.js';

/** Where a text stops being JSON, and why, in words that quote nothing of the text. */
export interface SyntaxErrorPlace {
  line: number;
  column: number;
  /** Offset in UTF-16 code units. */
  offset: number;
  /** Why, one phrase: what the grammar expected there, or what kind of character stands there. */
  reason: string;
}

/**
 * V8's reasons that name only the grammar (with the position cut off). Any other
 * message, such as "Unexpected token 'A', "AWS_SECRET"... is not valid JSON", quotes
 * the text, which may be any file a path or a link leads to (a credentials file,
 * /proc/self/environ): the reason is then the kind of character found, never the
 * character. A reason a later V8 words otherwise falls to the same safe side.
 */
const grammarReasons: ReadonlySet<string> = new Set([
  'Unexpected end of JSON input',
  'Unexpected non-whitespace character after JSON',
  'Unexpected number',
  'Unexpected string',
  'Expected double-quoted property name',
  "Expected property name or '}'",
  "Expected ',' or ']' after array element",
  "Expected ',' or '}' after property value",
  "Expected ':' after property name",
  'Unterminated string',
  'Unterminated fractional number',
  'No number after minus sign',
  'Exponent part is missing a number',
  'Bad escaped character',
  'Bad Unicode escape',
  'Bad control character in string literal',
]);

/** JSON's structural characters: naming one tells the grammar, not the content. */
const structural = new Set(['{', '}', '[', ']', ':', ',', '"']);

/**
 * What kind of character stands at `offset` of `text`: a letter, a digit, a control
 * character, a non-ASCII character, a JSON punctuation character by name, another
 * symbol, or the end of the input. Never the character itself, but for JSON's own
 * punctuation.
 */
export function characterKind(text: string, offset: number): string {
  const char = text[offset];
  if (char === undefined) return 'the end of the input';
  if (structural.has(char)) return `'${char}'`;
  const code = char.charCodeAt(0);
  if (code < 0x20 || code === 0x7f) return 'a control character';
  if (code === 0xfeff) return 'a byte order mark';
  if (code > 0x7f) return 'a non-ASCII character';
  if (/[A-Za-z]/.test(char)) return 'a letter';
  if (/[0-9]/.test(char)) return 'a digit';
  if (code === 0x20) return 'a space';
  return 'a symbol';
}

/** Where `text`, which JSON.parse refused with `error`, stops being JSON, and why (see {@link SyntaxErrorPlace}). */
export function syntaxErrorPlace(text: string, error: unknown): SyntaxErrorPlace {
  const message = error instanceof Error ? error.message : String(error);
  const offset = errorOffset(text, message);
  const { line, column } = lineAndColumn(text, offset);
  const grammar = message.replace(/ (?:in JSON )?at position \d+.*$/s, '');
  const reason =
    text.trim() === ''
      ? 'the file is empty'
      : grammarReasons.has(grammar)
        ? grammar
        : `unexpected character: ${characterKind(text, offset)}`;
  return { line, column, offset, reason };
}

/** One phrase for a text JSON.parse refused: "not valid JSON at line L, column C: why". */
export function syntaxErrorText(text: string, error: unknown): string {
  const { line, column, reason } = syntaxErrorPlace(text, error);
  return `not valid JSON at line ${line}, column ${column}: ${reason}`;
}

function errorOffset(text: string, reason: string): number {
  const lineColumn = /line (\d+) column (\d+)/.exec(reason);
  if (lineColumn) {
    return offsetOf(text, Number(lineColumn[1]), Number(lineColumn[2]));
  }
  const position = /position (\d+)/.exec(reason);
  if (position) return Number(position[1]);
  // "Unexpected token 'x', … is not valid JSON" and "Unexpected end of JSON input"
  // name no place: find it by scanning.
  const offset = syntaxErrorOffset(text);
  return offset < 0 ? text.length : offset;
}

function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current += 1) {
    const next = text.indexOf('\n', offset);
    if (next < 0) break;
    offset = next + 1;
  }
  return offset + column - 1;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index >= 0 && index < offset; index = text.indexOf('\n', index + 1)) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
