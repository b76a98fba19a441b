/**
 * The text of a JSON Lines document (one JSON object a line, as Prowler 2 and 3 write
 * ASFF and `-f ocsf` writes its events) as the text of one JSON array of them, or
 * undefined when the text is not of that form: it starts with an object and holds more
 * than one line. Read as an array, each line's value is at `/N`, N counting the lines
 * that are not blank, and the key scan of the joined text points the same way.
 */
export function jsonLinesAsArray(text: string): string | undefined {
  const start = firstNonSpace(text);
  if (text.charCodeAt(start) !== 123 || text.indexOf('\n', start) === -1) return undefined;
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length < 2) return undefined;
  return `[${lines.join(',\n')}]`;
}

function firstNonSpace(text: string): number {
  let index = 0;
  while (index < text.length && /\s/.test(text[index]!)) index += 1;
  return index;
}
