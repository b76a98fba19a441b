import { visualOrder } from './bidi-order.js';
import { capText, maxTextLength } from './cap-text.js';
import type { FontWeight } from './font-files.js';
import { faceIndex, isRightToLeftFace, type FontSet } from './font-set.js';
import { shapeWord, type Shape } from './shape-word.js';
import { cleanText, tokeniseText } from './text-tokens.js';
import { wordParts } from './word-parts.js';

/** A measured piece of text, ready to be drawn; widths are in thousandths of an em. */
export interface Token {
  face: number;
  shape: Shape;
  spaces: number;
  breakAfter: boolean;
  /** Bidi embedding levels of the piece and of the spaces after it (see bidi-order). */
  level: number;
  spaceLevel: number;
}

/** What the current text object has set: the face and size, to skip repeating `Tf`. */
export interface TextState {
  face: number;
  size: number;
}

/** Formats a coordinate for the content stream (two decimals are finer than any printer). */
export function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * Measures, wraps and draws text in the bundled fonts. Every word is shaped and encoded
 * once per face and reused, and whole strings (service names, severities, counts) are
 * remembered as token lists: on a large report almost every cell is a cache hit, which
 * is what keeps rendering within a small factor of pdfkit's bare drawing speed.
 */
export class Typesetter {
  private readonly shapes: Map<string, Shape>[] = [];
  private readonly strings = [new Map<string, Token[]>(), new Map<string, Token[]>()];
  private readonly spaces: Shape[] = [];

  constructor(private readonly fonts: FontSet) {}

  /**
   * The tokens of a string in a weight (regular or bold), cached; text beyond
   * `maxLength` characters is cut first, with a note of how much, so that no input
   * makes layout slow or a cell endless.
   */
  tokens(text: string, weight: FontWeight = 'regular', maxLength = maxTextLength): Token[] {
    const shown = capText(text, maxLength);
    const cache = this.strings[weight === 'bold' ? 1 : 0] as Map<string, Token[]>;
    let tokens = cache.get(shown);
    if (!tokens) {
      const classify = (codePoint: number, run: number): number => this.fonts.classify(codePoint, run);
      tokens = tokeniseText(cleanText(shown), classify).map((token) => {
        const face = faceIndex(token.family, weight);
        const { spaces, breakAfter, level, spaceLevel } = token;
        return { face, shape: this.shape(face, token.text), spaces, breakAfter, level, spaceLevel };
      });
      cache.set(shown, tokens);
    }
    return tokens;
  }

  /** Width of a line of tokens at a size, in points; trailing spaces do not count. */
  width(line: readonly Token[], size: number): number {
    let units = 0;
    for (let index = 0; index < line.length; index++) {
      const token = line[index] as Token;
      units += token.shape.width;
      if (index < line.length - 1) units += token.spaces * this.space(token.face).width;
    }
    return (units * size) / 1000;
  }

  /**
   * Breaks tokens into lines of at most `maxWidth` points, at spaces and between
   * ideographs; a piece wider than a whole line is cut between the parts of its
   * name (camel case, underscores, hyphens), and between characters only where a
   * part is wider than a line still.
   */
  wrap(tokens: readonly Token[], maxWidth: number, size: number): Token[][] {
    const limit = (maxWidth * 1000) / size;
    const lines: Token[][] = [];
    let line: Token[] = [];
    let lineUnits = 0;
    let breakAt = -1;
    for (const token of tokens.flatMap((token) =>
      token.shape.width > limit ? this.splitToken(token, limit) : [token],
    )) {
      const spaceUnits = this.space(token.face).width;
      if (line.length > 0 && lineUnits + token.shape.width > limit) {
        const cut = breakAt >= 0 ? breakAt + 1 : line.length;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
        lineUnits = line.reduce((sum, kept) => sum + kept.shape.width + kept.spaces * this.space(kept.face).width, 0);
        breakAt = -1;
        line.forEach((kept, index) => {
          if (kept.breakAfter) breakAt = index;
        });
      }
      line.push(token);
      lineUnits += token.shape.width + token.spaces * spaceUnits;
      if (token.breakAfter) breakAt = line.length - 1;
    }
    if (line.length > 0 || lines.length === 0) lines.push(line);
    return lines;
  }

  /** Text cut to one line of at most `maxWidth` points, ending in an ellipsis when cut. */
  fit(text: string, maxWidth: number, size: number, weight: FontWeight = 'regular'): Token[] {
    const tokens = this.tokens(text, weight);
    if (this.width(tokens, size) <= maxWidth) return tokens;
    const ellipsis = this.tokens('…', weight);
    const first = this.wrap(tokens, Math.max(maxWidth - this.width(ellipsis, size), 1), size)[0] ?? [];
    const kept = first.map((token, index) => (index === first.length - 1 ? { ...token, spaces: 0 } : token));
    return [...kept, ...ellipsis];
  }

  /**
   * Text-showing operators for one line whose baseline starts at (x, y), in pdfkit's
   * top-down page coordinates; the text matrix flips glyphs upright again. Tokens are
   * drawn in bidi visual order, each word already in visual order.
   */
  lineOps(line: readonly Token[], x: number, y: number, size: number, state: TextState): string {
    let ops = `1 0 0 -1 ${num(x)} ${num(y)} Tm\n`;
    let array = '';
    const flush = (): void => {
      if (array) ops += `[${array}] TJ\n`;
      array = '';
    };
    const draw = (shape: Shape, face: number): void => {
      if (state.face !== face || state.size !== size) {
        flush();
        ops += `/${this.fonts.useOnPage(face)} ${num(size)} Tf\n`;
        state.face = face;
        state.size = size;
      }
      for (const segment of shape.segments) {
        if (segment.rise === 0 && !segment.open && !segment.close) {
          array += segment.tj;
          continue;
        }
        flush();
        const rise = segment.rise === 0 ? '' : `${num((segment.rise * size) / 1000)} Ts `;
        const shown = segment.tj ? `${rise}[${segment.tj}] TJ${rise ? ' 0 Ts' : ''}` : '';
        ops += `${segment.open ? `/Span <</ActualText ${segment.open}>> BDC ` : ''}${shown}${segment.close ? ' EMC' : ''}\n`;
      }
    };
    const drawSpaces = (token: Token): void => {
      for (let count = 0; count < token.spaces; count++) draw(this.space(token.face), token.face);
    };
    for (const item of visualOrder(line)) {
      const token = line[item >> 1] as Token;
      if ((item & 1) === 1) drawSpaces(token);
      else draw(token.shape, token.face);
    }
    flush();
    return ops;
  }

  private shape(face: number, text: string): Shape {
    let cache = this.shapes[face];
    if (!cache) {
      cache = new Map();
      this.shapes[face] = cache;
    }
    let shape = cache.get(text);
    if (!shape) {
      shape = shapeWord(this.fonts.face(face), text, isRightToLeftFace(face));
      cache.set(text, shape);
    }
    return shape;
  }

  private space(face: number): Shape {
    let shape = this.spaces[face];
    if (!shape) {
      shape = this.shape(face, ' ');
      this.spaces[face] = shape;
    }
    return shape;
  }

  private splitToken(token: Token, limit: number): Token[] {
    const parts = isRightToLeftFace(token.face) ? [token.shape.text] : wordParts(token.shape.text);
    const pieces = parts.flatMap((part) => {
      const shape = this.shape(token.face, part);
      return shape.width > limit || parts.length === 1
        ? [...part].map((character) => this.shape(token.face, character))
        : [shape];
    });
    return pieces.map((shape, index) => ({
      ...token,
      shape,
      spaces: index === pieces.length - 1 ? token.spaces : 0,
      breakAfter: true,
    }));
  }
}
