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
  /**
   * A colour square drawn before the text, so that a colour is never shown without its
   * name; a change of colour gives two, old then new, before text such as `Green → Red`.
   */
  chip?(row: Row): ColourName | readonly ColourName[] | null;
  /** An external address the cell links to (a ticket's), if any: its lines are the link's area. */
  link?(row: Row): string | null;
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

function chipsOf<Row>(column: Column<Row>, row: Row): readonly ColourName[] {
  const chip = column.chip?.(row) ?? null;
  return chip === null ? [] : typeof chip === 'string' ? [chip as ColourName] : chip;
}

function textWidth<Row>(column: Column<Row>, row: Row): number {
  return column.width - 2 * padX - chipsOf(column, row).length * (chipSize + 3);
}

/** Draws the header row at the current position; returns its height. */
function drawHeader<Row>(canvas: Canvas, columns: readonly Column<Row>[], size: number): number {
  const lines = columns.map((column) =>
    fitLines(canvas, canvas.type.tokens(column.header, 'bold'), column.width - 2 * padX, size),
  );
  const height = Math.max(...lines.map((cell) => cell.length)) * lineHeight(size) + 2 * padY;
  const { left } = canvas.page;
  canvas.rect(
    left,
    canvas.y,
    columns.reduce((sum, column) => sum + column.width, 0),
    height,
    'headerFill',
  );
  let x = left;
  columns.forEach((column, index) => {
    for (const [row, line] of (lines[index] ?? []).entries()) {
      canvas.tokensAt(
        line,
        x + padX,
        canvas.y + padY + row * lineHeight(size),
        { size, weight: 'bold' },
        column.width - 2 * padX,
        column.align ?? 'left',
      );
    }
    x += column.width;
  });
  canvas.y += height;
  return height;
}

/** A table being drawn: its columns, type size and total width. */
interface TableLayout<Row> {
  columns: readonly Column<Row>[];
  size: number;
  width: number;
}

/** One row's wrapped cells. */
interface RowLayout<Row> {
  row: Row;
  cells: Token[][][];
  zebra: boolean;
}

/** Draws lines `first` to `end` of every cell of a row at the current position, `height` tall. */
function drawRowLines<Row>(
  canvas: Canvas,
  table: TableLayout<Row>,
  layout: RowLayout<Row>,
  first: number,
  end: number,
  height: number,
): void {
  const { columns, size, width: tableWidth } = table;
  const line = lineHeight(size);
  const { left } = canvas.page;
  const top = canvas.y;
  let shapes = layout.zebra
    ? `${rgb('zebra')} rg ${num(left)} ${num(top)} ${num(tableWidth)} ${num(height)} re f\n`
    : '';
  let text = `BT ${rgb('ink')} rg\n`;
  const state = { face: -1, size: 0 };
  let x = left;
  columns.forEach((column, columnIndex) => {
    let textX = x + padX;
    for (const chip of chipsOf(column, layout.row)) {
      if (first === 0)
        shapes += `${rgb(chip)} rg ${num(textX)} ${num(top + padY + (line - chipSize) / 2)} ${chipSize} ${chipSize} re f\n`;
      textX += chipSize + 3;
    }
    const cell = layout.cells[columnIndex] ?? [];
    for (let lineIndex = first; lineIndex < Math.min(end, cell.length); lineIndex++) {
      const tokens = cell[lineIndex] as Token[];
      const lineX = column.align === 'right' ? x + column.width - padX - canvas.type.width(tokens, size) : textX;
      text += canvas.type.lineOps(tokens, lineX, baseline(top + padY + (lineIndex - first) * line, size), size, state);
    }
    const target = column.link?.(layout.row) ?? null;
    const drawn = Math.min(end, cell.length) - first;
    if (target !== null && drawn > 0) canvas.doc.link(x, top + padY, column.width, drawn * line, target);
    x += column.width;
  });
  canvas.raw(`${shapes}${text}ET\n`);
  canvas.y += height;
}

/**
 * Draws rows under a header that is repeated on every page the table reaches. Cells
 * wrap within their column and the row grows to its tallest cell. A row is kept on
 * one page when a page can hold it; a taller one is split between lines and goes on
 * under the repeated header, so that nothing is drawn below the page's foot.
 */
export function drawTable<Row>(
  canvas: Canvas,
  columns: readonly Column<Row>[],
  rows: Iterable<Row>,
  options: TableOptions = {},
): void {
  const steps = tableRows(canvas, columns, rows, options);
  while (!steps.next().done);
}

/**
 * {@link drawTable} for a table as long as a report (its policies): the same drawing,
 * with a turn of the event loop every few hundred rows (see pauseOften), so that a
 * stop signal is handled while it draws.
 */
export async function drawLongTable<Row>(
  canvas: Canvas,
  columns: readonly Column<Row>[],
  rows: Iterable<Row>,
  options: TableOptions,
  pause: () => Promise<void> | undefined,
): Promise<void> {
  const steps = tableRows(canvas, columns, rows, options);
  while (!steps.next().done) {
    const turn = pause();
    if (turn) await turn;
  }
}

/** Draws the table one row per step. */
function* tableRows<Row>(
  canvas: Canvas,
  columns: readonly Column<Row>[],
  rows: Iterable<Row>,
  options: TableOptions,
): Generator<undefined, void, undefined> {
  const size = options.size ?? sizes.table;
  const line = lineHeight(size);
  const { left, top, bottom } = canvas.page;
  const tableWidth = columns.reduce((sum, column) => sum + column.width, 0);
  const table = { columns, size, width: tableWidth };
  const continuedHeight = options.continued ? lineHeight(sizes.small) + 2 : 0;
  canvas.ensure(line * 3 + 4 * padY);
  // Room for rows on a page the table continues on, under its label and header.
  const pageRoom = bottom - top - continuedHeight - drawHeader(canvas, columns, size);
  canvas.onPageBreak = () => {
    if (options.continued) {
      canvas.text(options.continued, left, canvas.y, { size: sizes.small, colour: 'muted' }, tableWidth);
      canvas.y += continuedHeight;
    }
    drawHeader(canvas, columns, size);
  };
  let index = 0;
  for (const row of rows) {
    const cells = columns.map((column) =>
      fitLines(canvas, canvas.type.tokens(column.text(row), column.weight), textWidth(column, row), size),
    );
    let lines = 1;
    for (const cell of cells) if (cell.length > lines) lines = cell.length;
    const layout = { row, cells, zebra: index % 2 === 1 };
    let first = 0;
    let broke = false;
    for (;;) {
      const height = (lines - first) * line + 2 * padY;
      if (canvas.y + height <= bottom) {
        drawRowLines(canvas, table, layout, first, lines, height);
        break;
      }
      const fit = Math.floor((bottom - canvas.y - 2 * padY) / line);
      if (fit >= 1 && (first > 0 || broke || height > pageRoom)) {
        drawRowLines(canvas, table, layout, first, first + fit, fit * line + 2 * padY);
        first += fit;
      }
      canvas.newPage();
      broke = true;
    }
    index++;
    yield;
  }
  canvas.onPageBreak = null;
  canvas.rule(left, left + tableWidth, canvas.y);
}
