/**
 * Where JSON text first goes wrong, for the parse errors whose V8 message names no
 * position ("Unexpected token 'x', … is not valid JSON", "Unexpected end of JSON
 * input"). A small scanner of the JSON grammar (RFC 8259): it builds no value, keeps
 * only a stack of open brackets (deep nesting costs no call stack) and stops at the
 * first character that cannot continue a valid text. It runs only after JSON.parse
 * has failed, so a valid text never pays for it.
 */

type Expect = 'value' | 'value-or-end' | 'key' | 'key-or-end' | 'colon' | 'after';

const quote = 0x22;
const backslash = 0x5c;

/** A scan step's outcome: the offset after what it read, or the offset of an error. */
type Step = { ok: true; next: number } | { ok: false; at: number };

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isHex(code: number): boolean {
  return isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at += 1;
  return at;
}

/** A string from its opening quote at `at`. */
function scanString(text: string, at: number): Step {
  let index = at + 1;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === quote) return { ok: true, next: index + 1 };
    if (code < 0x20) return { ok: false, at: index };
    if (code !== backslash) {
      index += 1;
      continue;
    }
    const escaped = text[index + 1];
    if (escaped === undefined) return { ok: false, at: text.length };
    if (escaped === 'u') {
      for (let digit = index + 2; digit < index + 6; digit += 1) {
        if (digit >= text.length) return { ok: false, at: text.length };
        if (!isHex(text.charCodeAt(digit))) return { ok: false, at: digit };
      }
      index += 6;
    } else if ('"\\/bfnrt'.includes(escaped)) {
      index += 2;
    } else {
      return { ok: false, at: index + 1 };
    }
  }
  return { ok: false, at: text.length };
}

/** Digits from `at`; an error where at least one was required and none is found. */
function scanDigits(text: string, at: number, required: boolean): Step {
  let index = at;
  while (index < text.length && isDigit(text.charCodeAt(index))) index += 1;
  return required && index === at ? { ok: false, at } : { ok: true, next: index };
}

/** A number from its first character at `at` (a minus sign or a digit). */
function scanNumber(text: string, at: number): Step {
  let index = text.charCodeAt(at) === 0x2d ? at + 1 : at;
  if (text.charCodeAt(index) === 0x30) index += 1;
  else {
    const integer = scanDigits(text, index, true);
    if (!integer.ok) return integer;
    index = integer.next;
  }
  if (text.charCodeAt(index) === 0x2e) {
    const fraction = scanDigits(text, index + 1, true);
    if (!fraction.ok) return fraction;
    index = fraction.next;
  }
  const exponent = text.charCodeAt(index);
  if (exponent === 0x65 || exponent === 0x45) {
    index += 1;
    const sign = text.charCodeAt(index);
    if (sign === 0x2b || sign === 0x2d) index += 1;
    return scanDigits(text, index, true);
  }
  return { ok: true, next: index };
}

function scanWord(text: string, at: number, word: string): Step {
  for (let index = 0; index < word.length; index += 1) {
    if (text[at + index] !== word[index]) return { ok: false, at: Math.min(at + index, text.length) };
  }
  return { ok: true, next: at + word.length };
}

/** A string, number or literal at `at`; an error at `at` for anything else. */
function scanScalar(text: string, at: number): Step {
  const char = text[at];
  if (char === '"') return scanString(text, at);
  if (char === '-' || (char !== undefined && isDigit(char.charCodeAt(0)))) return scanNumber(text, at);
  if (char === 't') return scanWord(text, at, 'true');
  if (char === 'f') return scanWord(text, at, 'false');
  if (char === 'n') return scanWord(text, at, 'null');
  return { ok: false, at };
}

/**
 * The offset (in UTF-16 code units) of the first character at which `text` stops
 * being valid JSON, or `text.length` when it ends too early. A valid text gives -1.
 */
export function syntaxErrorOffset(text: string): number {
  const open: string[] = [];
  let expect: Expect = 'value';
  let at = skipSpace(text, 0);
  for (;;) {
    const char = text[at];
    if (expect === 'after' && open.length === 0) return at === text.length ? -1 : at;
    if (char === undefined) return text.length;
    let step: Step = { ok: true, next: at + 1 };
    switch (expect) {
      case 'value':
      case 'value-or-end':
        if (char === ']' && expect === 'value-or-end') {
          open.pop();
          expect = 'after';
        } else if (char === '[' || char === '{') {
          open.push(char);
          expect = char === '[' ? 'value-or-end' : 'key-or-end';
        } else {
          step = scanScalar(text, at);
          expect = 'after';
        }
        break;
      case 'key':
      case 'key-or-end':
        if (char === '}' && expect === 'key-or-end') {
          open.pop();
          expect = 'after';
        } else {
          step = char === '"' ? scanString(text, at) : { ok: false, at };
          expect = 'colon';
        }
        break;
      case 'colon':
        if (char !== ':') return at;
        expect = 'value';
        break;
      case 'after': {
        const inArray = open[open.length - 1] === '[';
        if (char === ',') expect = inArray ? 'value' : 'key';
        else if (char === (inArray ? ']' : '}')) open.pop();
        else return at;
        break;
      }
    }
    if (!step.ok) return step.at;
    at = skipSpace(text, step.next);
  }
}
