import type { EmbeddedFont } from './pdfkit-internals.js';
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
 * then reorder right-to-left runs, so a ligature's letters go in visual order.
 */
function actualText(letters: string): string {
  const text = [...letters].reverse().join('');
  let hex = '<FEFF';
  for (let index = 0; index < text.length; index++) hex += text.charCodeAt(index).toString(16).padStart(4, '0');
  return `${hex}>`;
}

/**
 * Shapes a word with the font's layout engine (kerning, Arabic joining, marks) and
 * encodes it to the glyph ids of the embedded subset. Kerning and mark offsets become
 * `TJ` adjustments, so a cached word can be drawn anywhere without repositioning; a
 * vertical offset starts a segment drawn with a text rise. In a right-to-left word each
 * base glyph is a span of its own with its letters as ActualText (see rtl-clusters).
 */
export function shapeWord(font: EmbeddedFont, text: string, rightToLeft = false): Shape {
  const letters = rightToLeft ? rightToLeftLetters(text, font.layout(text).glyphs) : null;
  const [glyphs, positions] = font.encode(text);
  const segments: ShapeSegment[] = [];
  let current: ShapeSegment = { tj: '', rise: 0 };
  let hex = '';
  let width = 0;
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
  }
  close({ tj: '', rise: 0 });
  return { text, width, segments };
}
