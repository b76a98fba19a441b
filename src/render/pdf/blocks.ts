import { maxTitleLength } from './cap-text.js';
import { lineHeight, type Canvas } from './canvas.js';
import { outlineText } from './outline-text.js';
import { rootOutline, type OutlineItem } from './pdfkit-internals.js';
import { sizes, type ColourName } from './theme.js';

/** Heading levels: 1 opens a section, 2 a category, 3 a block inside a section. */
export type HeadingLevel = 1 | 2 | 3;

const headingSizes: Record<HeadingLevel, number> = { 1: sizes.h1, 2: sizes.h2, 3: sizes.h3 };

/** A heading kept together with at least `keepWith` points of what follows it; returns its top. */
export function heading(canvas: Canvas, text: string, level: HeadingLevel, keepWith = 40): number {
  const size = headingSizes[level];
  const style = { size, weight: 'bold' as const, colour: level === 3 ? ('ink' as const) : ('accent' as const) };
  const lines = canvas.type.wrap(canvas.type.tokens(text, 'bold', maxTitleLength), canvas.page.contentWidth, size);
  canvas.ensure(lines.length * lineHeight(size) + keepWith);
  canvas.y += level === 1 ? 0 : 4;
  const top = canvas.y;
  for (const line of lines) {
    canvas.tokensAt(line, canvas.page.left, canvas.y, style);
    canvas.y += lineHeight(size);
  }
  if (level === 1) {
    canvas.rule(canvas.page.left, canvas.page.right, canvas.y + 2, 'accent', 1);
    canvas.y += 8;
  } else canvas.y += 3;
  return top;
}

/**
 * A bookmark to `top` on the current page, under `parent` or at the top level; the
 * canvas keeps a record of it for the table of contents.
 */
export function bookmark(canvas: Canvas, title: string, parent?: OutlineItem, top = canvas.y): OutlineItem {
  const outline = parent ?? rootOutline(canvas.doc);
  canvas.outline.push({ title, level: parent ? 2 : 1, pageIndex: canvas.pageIndex });
  return outline.addItem(outlineText(title), { top: Math.max(0, top - 6), left: canvas.page.width });
}

/** Label–value pairs in columns of equal width; empty values are left out. */
export function keyValues(
  canvas: Canvas,
  pairs: readonly (readonly [string, string | null])[],
  columns = 2,
  labelWidth = 88,
): void {
  const shown = pairs.filter((pair): pair is readonly [string, string] => pair[1] !== null && pair[1] !== '');
  const columnWidth = canvas.page.contentWidth / columns;
  const valueWidth = columnWidth - labelWidth - 10;
  for (let start = 0; start < shown.length; start += columns) {
    const row = shown.slice(start, start + columns);
    const heights = row.map(
      ([, value]) =>
        canvas.type.wrap(canvas.type.tokens(value), valueWidth, sizes.body).length * lineHeight(sizes.body),
    );
    const height = Math.max(...heights) + 3;
    canvas.ensure(height);
    row.forEach(([label, value], index) => {
      const x = canvas.page.left + index * columnWidth;
      canvas.text(label, x, canvas.y, { size: sizes.body, colour: 'muted' }, labelWidth - 4);
      canvas.block(value, x + labelWidth, canvas.y, valueWidth, { size: sizes.body });
    });
    canvas.y += height;
  }
}

/** One figure of a row of tiles. */
export interface Tile {
  label: string;
  value: string;
  note?: string;
  /** A colour square before the label: compliance colours always come with their name. */
  chip?: ColourName;
}

/** A row of figure tiles across the content width. */
export function tiles(canvas: Canvas, items: readonly Tile[]): void {
  const gap = 6;
  const width = (canvas.page.contentWidth - gap * (items.length - 1)) / items.length;
  const height = 50;
  canvas.ensure(height + 6);
  items.forEach((item, index) => {
    const x = canvas.page.left + index * (width + gap);
    canvas.rect(x, canvas.y, width, height, 'zebra');
    let labelX = x + 7;
    if (item.chip) {
      canvas.rect(labelX, canvas.y + 8, 7, 7, item.chip);
      labelX += 10;
    }
    canvas.text(item.label, labelX, canvas.y + 6, { size: sizes.small, colour: 'muted' }, x + width - labelX - 4);
    canvas.text(item.value, x + 7, canvas.y + 17, { size: sizes.kpi * 0.85, weight: 'bold' }, width - 12);
    if (item.note)
      canvas.text(item.note, x + 7, canvas.y + 37, { size: sizes.small - 0.5, colour: 'muted' }, width - 12);
  });
  canvas.y += height + 8;
}
