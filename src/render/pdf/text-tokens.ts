import { embeddingLevels } from './bidi-order.js';

/**
 * Splitting report text into the pieces that are measured, wrapped and drawn: words,
 * cut further where the font must change (a font covers only its own scripts), after
 * slashes, between Han or kana characters, which break anywhere because they are not
 * spaced, and between Thai words, which are not spaced either.
 */

import { showControlCharacters } from '../../text/show-control-characters.js';

/** A piece of text in one font family, with the spaces that follow it. */
export interface TextToken {
  /** Index of the font family (see fontFamilies). */
  family: number;
  text: string;
  /** Spaces after the piece, drawn unless the line ends there. */
  spaces: number;
  /** Whether a line may break after this piece. */
  breakAfter: boolean;
  /** Bidi embedding level of the piece: odd when it reads right to left (see bidi-order). */
  level: number;
  /** Bidi embedding level of the spaces after it. */
  spaceLevel: number;
}

/** Chooses the family of a code point, given the family of the run it would join (−1: none). */
export type ClassifyCodePoint = (codePoint: number, runFamily: number) => number;

/**
 * Report text is data and is drawn as such: tabs and line breaks become spaces (a title
 * is one paragraph), and other control characters are shown as `\uXXXX` rather than
 * passed to the font, which has no glyph for them (the treatment every format shares).
 */
export function cleanText(text: string): string {
  return showControlCharacters(text, 'space');
}

/** Han, kana, Hangul, CJK punctuation and fullwidth forms: a line may break between any two. */
export function isIdeographic(codePoint: number): boolean {
  return (
    (codePoint >= 0x2e80 && codePoint <= 0x9fff) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7af) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xff00 && codePoint <= 0xffef) ||
    (codePoint >= 0x20000 && codePoint <= 0x3ffff)
  );
}

const thai = /[\u0e00-\u0e7f]/;
let thaiWords: Intl.Segmenter | undefined;

/** A token of Thai text cut at its word boundaries, found by ICU's dictionary. */
function splitThaiWords(token: TextToken): TextToken[] {
  if (!thai.test(token.text)) return [token];
  thaiWords ??= new Intl.Segmenter('th', { granularity: 'word' });
  const words = [...thaiWords.segment(token.text)].map((segment) => segment.segment);
  return words.map((word, index) =>
    index === words.length - 1 ? { ...token, text: word } : { ...token, text: word, spaces: 0, breakAfter: true },
  );
}

/** Splits cleaned text into tokens; leading spaces are dropped. */
export function tokeniseText(text: string, classify: ClassifyCodePoint): TextToken[] {
  const tokens: TextToken[] = [];
  const levels = embeddingLevels(text);
  let start = -1;
  let family = -1;
  let ideographic = false;
  const close = (end: number, spaces: number, breakAfter: boolean): void => {
    const level = levels?.[start] ?? 0;
    tokens.push({
      family,
      text: text.slice(start, end),
      spaces,
      breakAfter,
      level,
      spaceLevel: spaces > 0 ? (levels?.[end] ?? 0) : 0,
    });
    start = -1;
  };
  for (let index = 0; index < text.length;) {
    const codePoint = text.codePointAt(index) ?? 0;
    const next = index + (codePoint > 0xffff ? 2 : 1);
    if (codePoint === 0x20) {
      if (start >= 0) close(index, 1, true);
      else {
        const last = tokens[tokens.length - 1];
        if (last) {
          if (last.spaces === 0) last.spaceLevel = levels?.[index] ?? 0;
          last.spaces += 1;
          last.breakAfter = true;
        }
      }
      index = next;
      continue;
    }
    const chosen = classify(codePoint, start >= 0 ? family : -1);
    const isIdeo = isIdeographic(codePoint);
    if (start >= 0 && (chosen !== family || isIdeo || ideographic)) close(index, 0, isIdeo || ideographic);
    if (start < 0) {
      start = index;
      family = chosen;
    }
    ideographic = isIdeo;
    index = next;
    // Paths, pointers and URLs have no spaces: let them break after a slash.
    if (codePoint === 0x2f && index < text.length) close(index, 0, true);
  }
  if (start >= 0) close(text.length, 0, false);
  return thai.test(text) ? tokens.flatMap(splitThaiWords) : tokens;
}
