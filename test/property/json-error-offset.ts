/**
 * Where JSON text stops being JSON: the index of the first character that cannot
 * continue a valid text, or the length of the text when it ends too early. An
 * independent reading (RFC 8259, written out here) to compare json-syntax findings with.
 * Returns null for valid JSON.
 */
export function jsonErrorOffset(text: string): number | null {
  let at = 0;
  // Character codes rather than one-character strings and patterns: the reading runs
  // over every character of every case, megabytes for the largest.
  const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
  const fail = (): never => {
    throw new Stop(at);
  };
  const space = (): void => {
    for (
      let code = text.charCodeAt(at);
      code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
      code = text.charCodeAt(at)
    )
      at += 1;
  };
  const literal = (word: string): void => {
    for (const char of word) {
      if (text[at] !== char) fail();
      at += 1;
    }
  };
  const digits = (): void => {
    if (!isDigit(text.charCodeAt(at))) fail();
    while (isDigit(text.charCodeAt(at))) at += 1;
  };
  const number = (): void => {
    if (text[at] === '-') at += 1;
    if (text[at] === '0') at += 1;
    else digits();
    if (text[at] === '.') {
      at += 1;
      digits();
    }
    if (text[at] === 'e' || text[at] === 'E') {
      at += 1;
      if (text[at] === '+' || text[at] === '-') at += 1;
      digits();
    }
  };
  const string = (): void => {
    at += 1;
    for (;;) {
      if (at >= text.length) fail();
      const char = text.charCodeAt(at);
      if (char === 0x22) break;
      if (char < 0x20) fail();
      if (char === 0x5c) {
        at += 1;
        if (text[at] === 'u') {
          for (let digit = 0; digit < 4; digit += 1) {
            at += 1;
            if (!/[0-9a-fA-F]/.test(text[at] ?? '')) fail();
          }
        } else if (!'"\\/bfnrt'.includes(text[at] ?? 'x')) fail();
      }
      at += 1;
    }
    at += 1;
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === '{') container('}', true);
    else if (char === '[') container(']', false);
    else if (char === '"') string();
    else if (char === 't') literal('true');
    else if (char === 'f') literal('false');
    else if (char === 'n') literal('null');
    else if (char === '-' || isDigit(text.charCodeAt(at))) number();
    else fail();
  };
  const container = (close: string, keyed: boolean): void => {
    at += 1;
    space();
    if (text[at] === close) {
      at += 1;
      return;
    }
    for (;;) {
      if (keyed) {
        space();
        if (text[at] !== '"') fail();
        string();
        space();
        if (text[at] !== ':') fail();
        at += 1;
      }
      value();
      space();
      if (text[at] === close) {
        at += 1;
        return;
      }
      if (text[at] !== ',') fail();
      at += 1;
    }
  };
  try {
    value();
    space();
    if (at < text.length) fail();
    return null;
  } catch (error) {
    if (error instanceof Stop) return Math.min(error.offset, text.length);
    throw error;
  }
}

class Stop {
  constructor(readonly offset: number) {}
}
