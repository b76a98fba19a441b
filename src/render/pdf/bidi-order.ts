import bidiModule, { type Bidi } from 'bidi-js';

/**
 * Right-to-left layout (Unicode bidirectional algorithm, UAX #9, by bidi-js): each
 * piece of a paragraph gets an embedding level, odd for right to left, and each line
 * is drawn with its pieces reordered by rule L2. A Hebrew or Arabic title with `AWS
 * CloudTrail` in it therefore reads right to left with the Latin words left to right
 * inside it. Words are shaped by the font in visual order already (shape-word).
 */

// bidi-js is CommonJS whose module object is the factory, though its types declare a default export.
const bidiFactory = bidiModule as unknown as () => Bidi;
const rightToLeftLetters = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
let bidi: Bidi | undefined;

/**
 * The embedding level of each UTF-16 unit of a paragraph; null when it has no
 * right-to-left letter, all of it then being level 0, which spares the algorithm for
 * almost every string of a report. The paragraph reads right to left when most of its
 * letters do (rule HL1): the document frames report text in English, so `3. רישום —
 * 4 Red, 5 Amber` stays a left-to-right line with a Hebrew word in it, which the first
 * strong letter (rule P2) would have turned around.
 */
export function embeddingLevels(text: string): Uint8Array | null {
  if (!rightToLeftLetters.test(text)) return null;
  bidi ??= bidiFactory();
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const rightToLeft = text.match(/[\p{Script=Hebrew}\p{Script=Arabic}]/gu)?.length ?? 0;
  return bidi.getEmbeddingLevels(text, 2 * rightToLeft > letters ? 'rtl' : 'ltr').levels;
}

/** What the reordering needs of a word of a line. */
export interface BidiPiece {
  /** Embedding level of the word. */
  level: number;
  /** Embedding level of the spaces after it. */
  spaceLevel: number;
  /** Spaces after the word; those after the last word of a line are not drawn. */
  spaces: number;
}

function reverse(items: number[], levels: number[], start: number, end: number): void {
  for (let low = start, high = end; low < high; low++, high--) {
    [items[low], items[high]] = [items[high] as number, items[low] as number];
    [levels[low], levels[high]] = [levels[high] as number, levels[low] as number];
  }
}

/**
 * The drawing order of a line: `2 × i` stands for word i, `2 × i + 1` for the spaces
 * after word i. From the highest level down to the lowest odd one, every run of items
 * at that level or above is reversed (rule L2).
 */
export function visualOrder(line: readonly BidiPiece[]): number[] {
  const items: number[] = [];
  const levels: number[] = [];
  let highest = 0;
  let lowestOdd = Number.POSITIVE_INFINITY;
  line.forEach((piece, index) => {
    items.push(2 * index);
    levels.push(piece.level);
    if (index < line.length - 1 && piece.spaces > 0) {
      items.push(2 * index + 1);
      levels.push(piece.spaceLevel);
    }
  });
  for (const level of levels) {
    highest = Math.max(highest, level);
    if (level % 2 === 1) lowestOdd = Math.min(lowestOdd, level);
  }
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < items.length; start++) {
      if ((levels[start] ?? 0) < level) continue;
      let end = start;
      while (end + 1 < items.length && (levels[end + 1] ?? 0) >= level) end++;
      reverse(items, levels, start, end);
      start = end;
    }
  }
  return items;
}
