/**
 * Column widths estimated from content. A spreadsheet measures columns in widths of
 * the digit 0 of the default font; Latin text averages about one unit a character,
 * East Asian (wide) characters about two.
 */

// Hangul Jamo, CJK radicals to Yi, Hangul syllables, CJK compatibility, fullwidth forms.
const wide = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/g;
const anyWide = new RegExp(wide.source);

/** Display width of a text in character units: the widest of its lines. */
export function textWidth(text: string): number {
  let widest = 0;
  for (const line of text.includes('\n') ? text.split('\n') : [text]) {
    const doubled = anyWide.test(line) ? (line.match(wide)?.length ?? 0) : 0;
    widest = Math.max(widest, line.length + doubled);
  }
  return widest;
}

/** Bounds of a fitted column width. */
export interface WidthBounds {
  /** Narrowest width, whatever the content. */
  min?: number;
  /** Widest width: longer text is cut off by the next cell or wraps. */
  max: number;
  /** The header wraps at its spaces, so only its longest word bounds the width (`Resources` of `Resources passed`). */
  wrapHeader?: boolean;
}

/** Padding for the cell margins. */
const padding = 2;
/** Room for the auto-filter button beside a header. */
const filterButton = 3;
/** A wrapped header's button sits beside its last line, which is seldom its longest word: a little room is enough. */
const wrappedFilterButton = 1;

function headerWidth(header: string, bounds: WidthBounds | undefined): number {
  if (!bounds?.wrapHeader) return textWidth(header) + filterButton;
  return Math.max(...header.split(' ').map(textWidth)) + wrappedFilterButton;
}

/**
 * Keeps the widest value seen in each column and turns it into a width: the content's
 * width within the column's bounds, and never narrower than the header with its
 * filter button.
 */
export class ColumnWidths {
  readonly #header: number[];
  readonly #widest: number[];

  constructor(
    headers: readonly string[],
    private readonly bounds: readonly WidthBounds[],
  ) {
    this.#header = headers.map((header, index) => headerWidth(header, bounds[index]));
    this.#widest = headers.map(() => 0);
  }

  /** Records the displayed text of one value of column `index` (zero-based). */
  measure(index: number, text: string): void {
    const widest = this.#widest[index] ?? 0;
    // Most values are short: skip measuring those that cannot widen the column.
    if (text.length * 2 <= widest) return;
    const width = textWidth(text);
    if (width > widest) this.#widest[index] = width;
  }

  /** Records a count of column `index`, shown with thousands separators (`12,345`). */
  measureCount(index: number, count: number): void {
    const digits = String(Math.trunc(Math.abs(count))).length;
    const width = digits + Math.floor((digits - 1) / 3) + (count < 0 ? 1 : 0);
    if (width > (this.#widest[index] ?? 0)) this.#widest[index] = width;
  }

  /** The fitted widths, in column order. */
  widths(): number[] {
    return this.#widest.map((widest, index) => {
      const { min = 6, max } = this.bounds[index] ?? { max: 40 };
      const content = Math.min(max, Math.max(min, widest + padding));
      return Math.max(content, (this.#header[index] ?? 0) + padding);
    });
  }
}
