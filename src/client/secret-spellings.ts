/**
 * The shortest base64 piece hidden: a shorter one (a secret of one or two bytes at an
 * awkward alignment) would match innocent text far more often than it could reveal.
 */
const minBase64Piece = 4;

/**
 * Every spelling in which a secret can reach a log: as it is, JSON-escaped (a secret
 * holding `"`, `\` or a control character is written escaped in a body, and some
 * serialisers escape every character outside plain ASCII letters and digits),
 * URL-encoded (a path or a query, a form body), and base64 (a service echoing a header
 * or a credential pair `id:secret` in Basic form). Textual redaction that knows only
 * the raw value misses all of these.
 */
export function secretSpellings(secret: string): string[] {
  const spellings = [
    secret,
    JSON.stringify(secret).slice(1, -1),
    unicodeEscaped(secret, false),
    unicodeEscaped(secret, true),
    ...urlEncodings(secret),
    ...base64Spellings(secret),
  ];
  return [...new Set(spellings)].filter((spelling) => spelling !== '');
}

/**
 * JSON-escaped with every character but ASCII letters and digits as `\uXXXX` (.NET's and others' cautious escaping).
 */
function unicodeEscaped(secret: string, lowerHex: boolean): string {
  return secret.replace(/[^A-Za-z0-9]/g, (char) => {
    const hex = char.charCodeAt(0).toString(16).padStart(4, '0');
    return `\\u${lowerHex ? hex : hex.toUpperCase()}`;
  });
}

/** Percent-encoded as a path segment and as a form field, in upper- and lower-case hex. */
function urlEncodings(secret: string): string[] {
  const forms = [encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)];
  return forms.flatMap((form) => [form, form.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())]);
}

/**
 * The base64 of the secret whole (standard and URL-safe, padded or not), and the
 * characters that depend on the secret's bytes alone when it sits at each of the three
 * alignments within a longer text that is encoded whole (`id:secret` in a Basic header):
 * whatever precedes it, those characters are the same, so hiding them hides the secret.
 */
function base64Spellings(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const whole = bytes.toString('base64');
  const pieces = [whole, whole.replace(/=+$/, '')];
  for (let offset = 0; offset < 3; offset += 1) {
    // Two bytes of tail keep padding out of the characters taken.
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes, Buffer.alloc(2)]).toString('base64');
    const first = Math.ceil((offset * 8) / 6);
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    if (end - first >= minBase64Piece) pieces.push(encoded.slice(first, end));
  }
  return pieces.flatMap((piece) => [piece, piece.replace(/\+/g, '-').replace(/\//g, '_')]);
}
