import { baseline, lineHeight, type Canvas } from './canvas.js';
import type { FontWeight } from './font-files.js';
import { rgb, sizes, type ColourName } from './theme.js';
import { num, type Token } from './typesetter.js';

/** One column of a table. */
export interface Column<Row> {
  header: string;
  /** Width in points, padding included. */
  width: number;
  align?: 'left' | 'right';
  weight?: FontWeight;
  text(row: Row): string;
  /** A colour square drawn before the text, so that a colour is never shown without its name. */
  chip?(row: Row): ColourName | null;
}

/** How a table is drawn. */
export interface TableOptions {
  /** Drawn above the repeated header on every page after the first, e.g. `Network (continued)`. */
  continued?: string;
  size?: number;
}

const padX = 3;
const padY = 2.5;
const chipSize = 6;

function fitLines(canvas: Canvas, tokens: Token[], width: number, size: number): Token[][] {
  return canvas.type.width(tokens, size) <= width ? [tokens] : canvas.type.wrap(tokens, width, size);
}

function textWidth<Row>(column: Column<Row>): number {
  return column.width - 2 * padX - (column.chip ? chipSize + 3 : 0);
}

function drawHeader<Row>(canvas: Canvas, columns: readonly Column<Row>[], size: number): void {
  const lines = columns.map((column) => fitLines(canvas, canvas.type.tokens(column.header, 'bold'), column.width - 2 * padX, size));
  const height = Math.max(...lines.map((cell) => cell.length)) * lineHeight(size) + 2 * padY;
  const { left } = canvas.page;
  canvas.rect(left, canvas.y, columns.reduce((sum, column) => sum + column.width, 0), height, 'headerFill');
  let x = left;
  columns.forEach((column, index) => {
    for (const [row, line] of (lines[index] ?? []).entries()) {
      canvas.tokensAt(line, x + padX, canvas.y + padY + row * lineHeight(size), { size, weight: 'bold' }, column.width - 2 * padX, column.align ?? 'left');
    }
    x += column.width;
  });
  canvas.y += height;
}

/**
 * Draws rows under a header that is repeated on every page the table reaches. Cells
 * wrap within their column; the row grows to its tallest cell and is never split.
 */
export function drawTable<Row>(canvas: Canvas, columns: readonly Column<Row>[], rows: Iterable<Row>, options: TableOptions = {}): void {
  const size = options.size ?? sizes.table;
  const line = lineHeight(size);
  const { left } = canvas.page;
  const tableWidth = columns.reduce((sum, column) => sum + column.width, 0);
  canvas.ensure(line * 3 + 4 * padY);
  drawHeader(canvas, columns, size);
  canvas.onPageBreak = () => {
    if (options.continued) {
      canvas.text(options.continued, left, canvas.y, { size: sizes.small, colour: 'muted' }, tableWidth);
      canvas.y += lineHeight(sizes.small) + 2;
    }
    drawHeader(canvas, columns, size);
  };
  let index = 0;
  for (const row of rows) {
    const cells = columns.map((column) => fitLines(canvas, canvas.type.tokens(column.text(row), column.weight), textWidth(column), size));
    let lines = 1;
    for (const cell of cells) if (cell.length > lines) lines = cell.length;
    const height = lines * line + 2 * padY;
    canvas.ensure(height);
    const top = canvas.y;
    let shapes = index % 2 === 1 ? `${rgb('zebra')} rg ${num(left)} ${num(top)} ${num(tableWidth)} ${num(height)} re f\n` : '';
    let text = `BT ${rgb('ink')} rg\n`;
    const state = { face: -1, size: 0 };
    let x = left;
    columns.forEach((column, columnIndex) => {
      let textX = x + padX;
      const chip = column.chip?.(row);
      if (chip) {
        shapes += `${rgb(chip)} rg ${num(textX)} ${num(top + padY + (line - chipSize) / 2)} ${chipSize} ${chipSize} re f\n`;
        textX += chipSize + 3;
      }
      const cell = cells[columnIndex] ?? [];
      for (let lineIndex = 0; lineIndex < cell.length; lineIndex++) {
        const tokens = cell[lineIndex] as Token[];
        const lineX = column.align === 'right' ? x + column.width - padX - canvas.type.width(tokens, size) : textX;
        text += canvas.type.lineOps(tokens, lineX, baseline(top + padY + lineIndex * line, size), size, state);
      }
      x += column.width;
    });
    canvas.raw(`${shapes}${text}ET\n`);
    canvas.y += height;
    index++;
  }
  canvas.onPageBreak = null;
  canvas.rule(left, left + tableWidth, canvas.y);
}
