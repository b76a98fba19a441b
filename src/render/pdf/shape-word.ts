import type { EmbeddedFont, GlyphPosition } from './pdfkit-internals.js';
import { rightToLeftLetters } from './rtl-clusters.js';

/** A run of glyphs at one vertical offset, as the inside of a `TJ` array. */
export interface ShapeSegment {
  tj: string;
  /** Vertical offset in thousandths of an em (Arabic marks); 0 for most text. */
  rise: number;
  /** Opens a span whose ActualText is this hex PDF string. */
  open?: string;
  /** Closes the span after this segment. */
  close?: boolean;
}

/** A word shaped and encoded in one face. */
export interface Shape {
  text: string;
  /** Advance in thousandths of an em. */
  width: number;
  segments: ShapeSegment[];
}

function adjustment(units: number): string {
  return ` ${Math.round(-units * 100) / 100} `;
}

/**
 * Letters as a PDF text string. Extractors place a span's characters left to right and
 * then reorder right-to-left runs, so a right-to-left ligature's letters go in visual order.
 */
function actualText(letters: string, rightToLeft = true): string {
  const text = rightToLeft ? [...letters].reverse().join('') : letters;
  let hex = '<FEFF';
  for (let index = 0; index < text.length; index++) hex += text.charCodeAt(index).toString(16).padStart(4, '0');
  return `${hex}>`;
}

/**
 * Whether the glyphs of a left-to-right word stand for its letters in another order, as
 * when a Devanagari vowel sign is drawn before the consonant it follows: extractors
 * would then read the letters in drawing order.
 */
function isReordered(text: string, glyphs: readonly { codePoints: readonly number[] }[]): boolean {
  let index = 0;
  for (const glyph of glyphs) {
    for (const codePoint of glyph.codePoints) {
      if (text.codePointAt(index) !== codePoint) return true;
      index += codePoint > 0xffff ? 2 : 1;
    }
  }
  return false;
}

/**
 * Shapes a word with the font's layout engine (kerning, Arabic joining, marks) and
 * encodes it to the glyph ids of the embedded subset. Kerning and mark offsets become
 * `TJ` adjustments, so a cached word can be drawn anywhere without repositioning; a
 * vertical offset starts a segment drawn with a text rise. In a right-to-left word each
 * base glyph is a span of its own with its letters as ActualText (see rtl-clusters); a
 * left-to-right word whose glyphs are reordered or include marks is one span with the
 * word as ActualText: a mark drawn over the letter before it (Thai vowels and tone
 * marks) misleads poppler, for which the step back to it starts a new line of output.
 */
export function shapeWord(font: EmbeddedFont, text: string, rightToLeft = false): Shape {
  const { laidOut, glyphs, positions } = layOut(font, text);
  // Hebrew glyphs stand for one letter each, in reverse: the font's map reads them right.
  const letters = rightToLeft && isReordered(text, [...laidOut].reverse()) ? rightToLeftLetters(text, laidOut) : null;
  const segments: ShapeSegment[] = [];
  let current: ShapeSegment = { tj: '', rise: 0 };
  let hex = '';
  let width = 0;
  let marks = false;
  const close = (next: ShapeSegment): void => {
    if (hex) current.tj += `<${hex}>`;
    hex = '';
    if (current.tj) segments.push(current);
    current = next;
  };
  for (let index = 0; index < glyphs.length; index++) {
    const position = positions[index];
    if (!position) continue;
    const label = letters?.get(index);
    if (label !== undefined) close({ tj: '', rise: position.yOffset, open: actualText(label), close: true });
    else if (position.yOffset !== current.rise || current.open) close({ tj: '', rise: position.yOffset });
    const after = position.xAdvance - position.advanceWidth - position.xOffset;
    if (position.xOffset !== 0) {
      if (hex) current.tj += `<${hex}>`;
      hex = '';
      current.tj += adjustment(position.xOffset);
    }
    hex += glyphs[index] ?? '0000';
    if (after !== 0) {
      current.tj += `<${hex}>${adjustment(after)}`;
      hex = '';
    }
    width += position.xAdvance;
    if (position.xAdvance === 0) marks = true;
  }
  close({ tj: '', rise: 0 });
  const first = segments[0];
  const last = segments[segments.length - 1];
  if (!rightToLeft && first && last && (marks || isReordered(text, laidOut))) {
    first.open = actualText(text, false);
    last.close = true;
  }
  return { text, width, segments };
}

/** OpenType features to turn off when fontkit fails to place marks. */
const withoutMarks = { mark: false };

/**
 * The word's glyphs through fontkit. Its mark positioning throws on some glyphs of
 * some fonts (a TypeError inside fontkit for Noto Sans Arabic's ڢ and ڥ): such a word
 * is set again without mark positioning, its letters still shaped, rather than
 * failing the whole document.
 */
function layOut(
  font: EmbeddedFont,
  text: string,
): { laidOut: { codePoints: number[] }[]; glyphs: string[]; positions: GlyphPosition[] } {
  try {
    const [glyphs, positions] = font.encode(text);
    return { laidOut: font.layout(text).glyphs, glyphs, positions };
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const [glyphs, positions] = font.encode(text, withoutMarks);
    return { laidOut: font.layout(text, withoutMarks).glyphs, glyphs, positions };
  }
}
