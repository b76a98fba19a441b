import type { FontWeight } from './font-files.js';
import type { FontSet } from './font-set.js';
import type { PdfDocument } from './pdfkit-internals.js';
import { rgb, sizes, type ColourName, type PageGeometry } from './theme.js';
import { num, type Token, type Typesetter } from './typesetter.js';

/** A bookmark and where it leads. */
export interface OutlineEntry {
  title: string;
  /** 1 at the top of the outline, 2 under a level-1 entry. */
  level: 1 | 2;
  pageIndex: number;
}

/** How a piece of text is set. */
export interface TextStyle {
  size: number;
  weight?: FontWeight;
  colour?: ColourName;
}

/** Height of a line of text of a size: room for accents above and descenders below. */
export function lineHeight(size: number): number {
  return size * 1.3;
}

/** Baseline of a line whose box starts at `top`. */
export function baseline(top: number, size: number): number {
  return top + size * 1.02;
}

/**
 * The page being written and the vertical position on it. Content operators are
 * collected as strings and handed to pdfkit as one buffer per page (or before any
 * pdfkit drawing call, to keep the order), which is far cheaper than one call each.
 */
export class Canvas {
  /** Top of the free space on the current page. */
  y: number;
  /** Index of the current page, from 0 (the cover). */
  pageIndex = -1;
  /** Every bookmark so far, in order: what the table of contents lists. */
  readonly outline: OutlineEntry[] = [];
  /** Called after a page break, e.g. to repeat a table's header; cleared by the caller. */
  onPageBreak: (() => void) | null = null;
  private pending: string[] = [];

  constructor(
    readonly doc: PdfDocument,
    readonly fonts: FontSet,
    readonly type: Typesetter,
    readonly page: PageGeometry,
    private readonly runningTitle: string,
  ) {
    this.y = page.top;
  }

  /** Appends content-stream operators to the current page. */
  raw(ops: string): void {
    this.pending.push(ops);
  }

  /** Writes the collected operators into the current page. */
  flush(): void {
    if (this.pending.length === 0) return;
    this.doc.addContent(Buffer.from(this.pending.join(''), 'latin1'));
    this.pending = [];
  }

  /** The pdfkit document for vector drawing, with everything before it written. */
  vector(): PdfDocument {
    this.flush();
    return this.doc;
  }

  /** Starts a new page with the running header (the cover has none). */
  newPage(runningHeader = true): void {
    this.flush();
    this.doc.addPage({ size: 'A4', layout: this.page.landscape ? 'landscape' : 'portrait', margin: 0 });
    this.pageIndex++;
    this.y = this.page.top;
    if (runningHeader) this.drawRunningHeader();
    this.onPageBreak?.();
  }

  /** Breaks the page unless `height` points still fit; true when it broke. */
  ensure(height: number): boolean {
    if (this.y + height <= this.page.bottom) return false;
    this.newPage();
    return true;
  }

  /** A filled rectangle. */
  rect(x: number, y: number, width: number, height: number, colour: ColourName): void {
    this.raw(`${rgb(colour)} rg ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f\n`);
  }

  /** A horizontal rule. */
  rule(x1: number, x2: number, y: number, colour: ColourName = 'rule', width = 0.5): void {
    this.raw(`${rgb(colour)} RG ${num(width)} w ${num(x1)} ${num(y)} m ${num(x2)} ${num(y)} l S\n`);
  }

  /** Draws tokens as one line whose box starts at `top`; `align` right ends the line at x + width. */
  tokensAt(
    tokens: readonly Token[],
    x: number,
    top: number,
    style: TextStyle,
    width = 0,
    align: 'left' | 'right' | 'center' = 'left',
  ): void {
    const lineWidth = align === 'left' ? 0 : this.type.width(tokens, style.size);
    const start = align === 'right' ? x + width - lineWidth : align === 'center' ? x + (width - lineWidth) / 2 : x;
    const state = { face: -1, size: 0 };
    this.raw(
      `BT ${rgb(style.colour ?? 'ink')} rg\n${this.type.lineOps(tokens, start, baseline(top, style.size), style.size, state)}ET\n`,
    );
  }

  /** Draws a string on one line, cut with an ellipsis to `width` when given. */
  text(
    text: string,
    x: number,
    top: number,
    style: TextStyle,
    width = 0,
    align: 'left' | 'right' | 'center' = 'left',
  ): void {
    const tokens =
      width > 0 ? this.type.fit(text, width, style.size, style.weight) : this.type.tokens(text, style.weight);
    this.tokensAt(tokens, x, top, style, width, align);
  }

  /** Wraps a string (cut beyond `maxLength` characters) into `width` points at `top`; returns the height used. */
  block(text: string, x: number, top: number, width: number, style: TextStyle, maxLength?: number): number {
    const lines = this.type.wrap(this.type.tokens(text, style.weight, maxLength), width, style.size);
    lines.forEach((line, index) => this.tokensAt(line, x, top + index * lineHeight(style.size), style));
    return lines.length * lineHeight(style.size);
  }

  /** A paragraph across the content width at the current position, breaking pages between lines. */
  paragraph(text: string, style: TextStyle = { size: sizes.body }, gapAfter = 4): void {
    const lines = this.type.wrap(this.type.tokens(text, style.weight), this.page.contentWidth, style.size);
    for (const line of lines) {
      this.ensure(lineHeight(style.size));
      this.tokensAt(line, this.page.left, this.y, style);
      this.y += lineHeight(style.size);
    }
    this.y += gapAfter;
  }

  private drawRunningHeader(): void {
    const top = this.page.top - 30;
    this.text(
      this.runningTitle,
      this.page.left,
      top,
      { size: sizes.small, colour: 'muted' },
      this.page.contentWidth * 0.8,
    );
    this.rule(this.page.left, this.page.right, top + 13, 'rule', 0.5);
  }
}
