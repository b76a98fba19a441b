/**
 * The code units a JSON text is scanned in: the UTF-8 bytes of a file as read, or the
 * UTF-16 code units of a string. JSON's structure is all ASCII, so one scanner reads
 * both; only a key's text (decoded to compare it, or to name it) needs the encoding.
 */
export type JsonUnits = Uint8Array | Uint16Array;

/** How {@link JsonUnits} encode the text: `utf8` bytes or `utf16` code units. */
export type UnitEncoding = 'utf8' | 'utf16';

/** Units and their encoding. */
export interface EncodedText {
  units: JsonUnits;
  encoding: UnitEncoding;
}

/** Above this many units a slice is decoded in parts, for String.fromCharCode's argument limit. */
const decodeChunk = 8192;

/**
 * The units of a string. A well-formed string goes to UTF-8, which it survives
 * unchanged and which takes one byte per ASCII character; one holding a lone surrogate
 * (possible in UTF-16 input) stays UTF-16, since UTF-8 would turn every lone surrogate
 * into the same U+FFFD and make distinct keys look equal.
 */
export function unitsOfText(text: string): EncodedText {
  if (isWellFormed(text)) return { units: Buffer.from(text, 'utf8'), encoding: 'utf8' };
  const units = new Uint16Array(text.length);
  for (let index = 0; index < text.length; index += 1) units[index] = text.charCodeAt(index);
  return { units, encoding: 'utf16' };
}

function isWellFormed(text: string): boolean {
  // String.prototype.isWellFormed is in Node 20 but not in the ES2023 library types.
  const native = (text as string & { isWellFormed?: () => boolean }).isWellFormed;
  return native ? native.call(text) : !/\p{Cs}/u.test(text);
}

/** The units from `start` to `end` as a string, without decoding escapes. */
export function decodeUnits(units: JsonUnits, encoding: UnitEncoding, start: number, end: number): string {
  if (encoding === 'utf8') {
    // Decoded on its own, a slice between two ASCII characters gives the same characters
    // (U+FFFD for broken sequences included) as it does inside the whole text.
    return Buffer.from(units.buffer, units.byteOffset + start, end - start).toString('utf8');
  }
  let text = '';
  for (let at = start; at < end; at += decodeChunk) {
    text += String.fromCharCode(...units.subarray(at, Math.min(end, at + decodeChunk)));
  }
  return text;
}

/**
 * A key as JSON.parse reads it: the units between its quotes, decoded, then unescaped
 * (`"\u0061"` is the key `a`). A slice that does not unescape (only in text that is not
 * JSON, which is never reported) is taken as it stands.
 */
export function keyText(units: JsonUnits, encoding: UnitEncoding, start: number, end: number): string {
  const raw = decodeUnits(units, encoding, start, end);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/** The length in UTF-16 code units of the text from `start` to `end`. */
export function textLength(units: JsonUnits, encoding: UnitEncoding, start: number, end: number): number {
  if (encoding === 'utf16') return end - start;
  let length = 0;
  for (let at = start; at < end;) {
    let cut = Math.min(end, at + 2 ** 20);
    // Cut only before an ASCII byte: UTF-8 decoding starts afresh there.
    while (cut < end && units[cut]! >= 0x80) cut += 1;
    length += decodeUnits(units, encoding, at, cut).length;
    at = cut;
  }
  return length;
}

/**
 * The offset of the quote that closes a value string whose text starts at `from`, or
 * `length` when none does. A value is only skipped, so the search is the typed array's
 * own indexOf (native, a fifth faster over a report than a loop unit by unit); a quote
 * after an odd run of backslashes is escaped, and the search goes on past it.
 */
export function closingQuote(units: JsonUnits, from: number, length: number): number {
  let start = from;
  for (;;) {
    const quote = units.indexOf(0x22, start);
    if (quote < 0) return length;
    let before = quote;
    while (before > start && units[before - 1] === 0x5c) before -= 1;
    if (((quote - before) & 1) === 0) return quote;
    start = quote + 1;
  }
}
