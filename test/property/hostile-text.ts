import fc from 'fast-check';

/**
 * Pieces of text that have broken report tools before: markup and template syntax,
 * spreadsheet formulas, terminal escapes, bidirectional overrides, scripts that need
 * shaping or another font, combining marks, emoji and lone surrogates.
 */
export const hostileFragments: readonly string[] = [
  '<script>alert(1)</script>',
  '</script><script>x()</script>',
  '<img src=x onerror="y()">',
  '{{x}}',
  '{{> evil}}',
  '{{constructor.constructor("x")()}}',
  "=cmd|' /C calc'!A0",
  '+SUM(1,2)',
  '-2+3',
  '@A1',
  '&amp; &lt; &#0; ]]> <!--',
  '"quoted" \'single\' `tick`',
  '\\ back\\slash \\u0000',
  '\u0000',
  '\u001b[2J\u001b]0;title\u0007',
  '\u0008\u000b\u000c\u007f\u0085\u009b',
  'line\nbreak\r\ntab\t',
  '\u2028\u2029',
  '\u202eevil\u202c',
  '\u2066isolate\u2069 \u2067rtl\u2069 \u2068first\u2069',
  '\u200e\u200f\u061c',
  'مرحبا بالعالم',
  'שלום עולם',
  '日本語のテキスト',
  '中文测试',
  '한국어',
  'ไทย',
  'हिन्दी',
  'Ελληνικά',
  'Кириллица',
  'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307',
  'Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357\u0358',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '\ud800',
  '\udfff lone',
  '\ufeff\ufffe\uffff',
  '__proto__',
  'constructor',
  ' ',
  '',
];

/** Plain words as a real report holds them. */
const words = fc.constantFrom(
  'Storage',
  'Network',
  'Ensure',
  'MFA',
  'is',
  'enabled',
  'for',
  'root',
  'Key Vault',
  'logging',
  '1.2.3',
  'AWS',
  'Azure',
);

/**
 * fast-check's `binary` string unit, any code point but the surrogates, built as
 * fast-check builds it (an index mapped to a code point, those past U+D7FF shifted over
 * the surrogates) with an inverse that computes the index: fast-check's own inverse
 * first fills a map of all 1,112,064 code points, some 2 seconds of CPU in every process
 * that builds a binary string. The same values, shrinks and bias slices come out.
 */
const surrogates = 0xe000 - 0xd800;
const binaryUnit = fc.nat({ max: 0x10ffff - surrogates }).map(
  (index) => String.fromCodePoint(index < 0xd800 ? index : index + surrogates),
  (value) => {
    const codePoint = typeof value === 'string' ? value.codePointAt(0) : undefined;
    if (
      codePoint === undefined ||
      (codePoint >= 0xd800 && codePoint < 0xe000) ||
      String.fromCodePoint(codePoint) !== value
    )
      throw new Error('not one code point');
    return codePoint < 0xd800 ? codePoint : codePoint - surrogates;
  },
);

/** Any text: plain words, hostile fragments and random code points mixed, at most `maxLength` units. */
export function reportText(maxLength = 120): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 4, arbitrary: words },
    { weight: 3, arbitrary: fc.constantFrom(...hostileFragments) },
    { weight: 2, arbitrary: fc.string({ unit: binaryUnit, maxLength: 12 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  );
  return fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join(' ').slice(0, maxLength));
}

/** Long text (repeated pieces), up to `maxLength` units: a ShortTitle pasted whole, say. */
export function longText(maxLength: number): fc.Arbitrary<string> {
  return fc
    .tuple(reportText(60), fc.integer({ min: 0, max: maxLength }))
    .map(([piece, length]) => (piece || 'x').repeat(Math.ceil(length / Math.max(1, piece.length))).slice(0, length));
}
