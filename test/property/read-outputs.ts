import ExcelJS from 'exceljs';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { getDocumentProxy } from 'unpdf';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Colour counts and percent text as one format shows them. */
export interface ShownFigures {
  total: number;
  green: number;
  red: number;
  amber: number;
  gray: number;
  percentText: string;
}

/** The figures a document shows: the roll-up (when it has one), each report, each category row. */
export interface ShownDocument {
  rollup: ShownFigures | null;
  reports: ShownFigures[];
  categories: ShownFigures[];
}

/** "1,234" → 1234; anything else → NaN, which then fails every comparison. */
function countOf(text: string | undefined): number {
  const trimmed = (text ?? '').trim();
  return /^\d{1,3}(,\d{3})*$/.test(trimmed) ? Number(trimmed.replace(/,/g, '')) : Number.NaN;
}

/** The figures of a placeholder's line: `… · 12 policies · 40.0% compliant · Green 2 · Red 1 · Amber 0 · Gray 9`. */
function lazyFigures(line: string): ShownFigures {
  const match =
    /· ([\d,]+) polic(?:y|ies) · (?:(\S+) compliant|compliance (n\/a)) · Green ([\d,]+) · Red ([\d,]+) · Amber ([\d,]+) · Gray ([\d,]+)\s*$/.exec(
      line.replace(/\s+/g, ' ').trim(),
    );
  if (!match)
    return {
      total: Number.NaN,
      green: Number.NaN,
      red: Number.NaN,
      amber: Number.NaN,
      gray: Number.NaN,
      percentText: line,
    };
  return {
    total: countOf(match[1]),
    percentText: match[2] ?? match[3] ?? '',
    green: countOf(match[4]),
    red: countOf(match[5]),
    amber: countOf(match[6]),
    gray: countOf(match[7]),
  };
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function classes(element: Element): string[] {
  return (element.attrs.find((attribute) => attribute.name === 'class')?.value ?? '').split(/\s+/);
}

function elements(root: Node, test: (element: Element) => boolean, found: Element[] = []): Element[] {
  if (isElement(root) && test(root)) found.push(root);
  const children = 'childNodes' in root ? root.childNodes : [];
  for (const child of children) elements(child, test, found);
  // A <template>'s content is a fragment of its own.
  if (isElement(root) && root.tagName === 'template' && 'content' in root) elements(root.content as Node, test, found);
  return found;
}

function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
}

function cardValue(list: Element, card: string): string {
  const item = elements(list, (element) => element.tagName === 'li' && classes(element).includes(card))[0];
  const value = item ? elements(item, (element) => classes(element).includes('card-value'))[0] : undefined;
  return value ? textOf(value) : '';
}

function policiesCard(list: Element): string {
  const item = elements(
    list,
    (element) =>
      element.tagName === 'li' &&
      /^Policies$/.test(
        textOf(elements(element, (inner) => classes(inner).includes('card-label'))[0] ?? element).trim(),
      ),
  )[0];
  const value = item ? elements(item, (element) => classes(element).includes('card-value'))[0] : undefined;
  return value ? textOf(value) : '';
}

/**
 * Reads an HTML page with parse5, a parser that follows the HTML standard as browsers do.
 * Parse errors (a NUL, a stray end tag) are returned, not thrown.
 */
export function readHtml(html: string): ShownDocument & { parseErrors: string[]; reportsInFull: number } {
  const parseErrors: string[] = [];
  const document = parse(html, {
    onParseError: (error) =>
      parseErrors.push(
        `${error.code} at ${error.startOffset}: ${JSON.stringify(html.slice(Math.max(0, error.startOffset - 20), error.startOffset + 20))}`,
      ),
  });
  const cards = elements(
    document,
    (element) => element.tagName === 'ul' && classes(element).includes('colour-cards'),
  ).map((list): ShownFigures => ({
    total: countOf(policiesCard(list)),
    green: countOf(cardValue(list, 'card-green')),
    red: countOf(cardValue(list, 'card-red')),
    amber: countOf(cardValue(list, 'card-amber')),
    gray: countOf(cardValue(list, 'card-gray')),
    percentText: cardValue(list, 'card-compliance').trim(),
  }));
  const rows = elements(
    document,
    (element) => element.tagName === 'table' && classes(element).includes('category-table'),
  ).flatMap((table) =>
    elements(
      table,
      (element) => element.tagName === 'tr' && elements(element, (cell) => cell.tagName === 'td').length > 0,
    ),
  );
  const categories = rows.map((row): ShownFigures => {
    const cells = elements(row, (cell) => cell.tagName === 'td');
    const percent = cells[7] ? elements(cells[7], (element) => classes(element).includes('percent'))[0] : undefined;
    return {
      total: countOf(cells[2] && textOf(cells[2])),
      green: countOf(cells[3] && textOf(cells[3])),
      red: countOf(cells[4] && textOf(cells[4])),
      amber: countOf(cells[5] && textOf(cells[5])),
      gray: countOf(cells[6] && textOf(cells[6])),
      percentText: percent ? textOf(percent).trim() : '',
    };
  });
  // Reports past the sections written in full are placeholders with one summary line.
  const lazy = elements(document, (element) => element.tagName === 'p' && classes(element).includes('lazy-line')).map(
    (line) => lazyFigures(textOf(line)),
  );
  // Several reports: the overview's roll-up cards come first.
  const [rollup, full] = cards.length > 1 ? [cards[0]!, cards.slice(1)] : [null, cards];
  return { rollup, reports: [...full, ...lazy], reportsInFull: full.length, categories, parseErrors };
}

const count = '([\\d,]+)';
/** The compliance tile: `67.4% 95 Green of 141 assessed`, or `n/a nothing assessed: …` (the note cut to the tile). */
const tile = `(\\S+%|n/a) (?:[\\d,]+ Green of ${count} assessed|nothing assessed.*?)`;
/**
 * The key figures as every PDF summary draws them (the cover's and each report's, from
 * one list): the headline row, then the colour counts, Gray's note `not assessed`.
 */
const reportBlock = new RegExp(
  `Compliance ${tile} Policies ${count} [\\d,]+ assessed, [\\d,]+ not Failing resources [\\d,]+ [\\d,]+ of [\\d,]+ resources passed Green ${count} \\S+% of policies Red ${count} \\S+% of policies Amber ${count} \\S+% of policies Gray ${count} not assessed`,
  'g',
);

function figuresOf(match: RegExpMatchArray): ShownFigures {
  return {
    percentText: match[1]!,
    total: countOf(match[3]),
    green: countOf(match[4]),
    red: countOf(match[5]),
    amber: countOf(match[6]),
    gray: countOf(match[7]),
  };
}

/** Reads a PDF with pdf.js (through unpdf): the figures of its cover and report pages, and its metadata. */
export async function readPdf(
  pdf: Uint8Array,
): Promise<ShownDocument & { info: Record<string, unknown>; pages: number }> {
  // Verbosity 0: pdf.js would print a warning for every lone surrogate in a string.
  const document = await getDocumentProxy(new Uint8Array(pdf), { verbosity: 0 });
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const text = pages.join(' ').replace(/\s+/g, ' ');
  const { info } = await document.getMetadata();
  // The cover's block first; with several reports, the roll-up's, then the reports'.
  const blocks = [...text.matchAll(reportBlock)].map(figuresOf);
  const cover = blocks[0] ?? null;
  const reports = blocks.length > 2 ? blocks.slice(2) : blocks.slice(1);
  await document.destroy();
  return { rollup: cover, reports, categories: [], info: { ...info }, pages: pages.length };
}

function columnsOf(sheet: ExcelJS.Worksheet, header: number): Map<string, number> {
  const columns = new Map<string, number>();
  sheet.getRow(header).eachCell((cell, column) => {
    if (typeof cell.value === 'string' && !columns.has(cell.value)) columns.set(cell.value, column);
  });
  return columns;
}

function headerRow(sheet: ExcelJS.Worksheet): number {
  for (let row = 1; row <= sheet.rowCount; row += 1) {
    if (sheet.getCell(row, 1).value === 'Benchmark' && sheet.getCell(row, 2).value !== null) return row;
  }
  return -1;
}

function sheetFigures(
  sheet: ExcelJS.Worksheet,
  row: number,
  columns: Map<string, number>,
  format: (percent: number) => string,
): ShownFigures {
  const value = (name: string): unknown => sheet.getCell(row, columns.get(name) ?? 0).value;
  const number = (name: string): number => {
    const cell = value(name);
    return typeof cell === 'number' ? cell : Number.NaN;
  };
  const percent = value('Compliance %');
  return {
    total: number('Total'),
    green: number('Green'),
    red: number('Red'),
    amber: number('Amber'),
    gray: number('Gray'),
    percentText:
      typeof percent === 'number'
        ? format(percent * 100)
        : percent === null || percent === undefined
          ? 'n/a'
          : String(percent),
  };
}

/**
 * Reads a workbook back with exceljs: the Summary rows (reports, then the roll-up when
 * there are several), the Categories rows, and every text cell (to look for control characters).
 */
export async function readXlsx(
  bytes: Uint8Array,
  reportCount: number,
  format: (percent: number) => string,
): Promise<ShownDocument & { texts: string[]; sheets: string[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const texts: string[] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) => row.eachCell((cell) => void (typeof cell.value === 'string' && texts.push(cell.value)))),
  );
  const summary = workbook.getWorksheet('Summary');
  const categorySheet = workbook.getWorksheet('Categories');
  const reports: ShownFigures[] = [];
  let rollup: ShownFigures | null = null;
  if (summary) {
    const header = headerRow(summary);
    const columns = columnsOf(summary, header);
    for (let index = 0; index < reportCount; index += 1)
      reports.push(sheetFigures(summary, header + 1 + index, columns, format));
    // The roll-up row follows the reports after a blank row.
    for (let row = header + 1 + reportCount; reportCount > 1 && row <= summary.rowCount; row += 1) {
      if (summary.getCell(row, 1).value === `All ${reportCount} reports`)
        rollup = sheetFigures(summary, row, columns, format);
    }
  }
  const categories: ShownFigures[] = [];
  if (categorySheet) {
    const header = headerRow(categorySheet);
    const columns = columnsOf(categorySheet, header);
    for (let row = header + 1; row <= categorySheet.rowCount; row += 1)
      categories.push(sheetFigures(categorySheet, row, columns, format));
  }
  return { rollup, reports, categories, texts, sheets: workbook.worksheets.map((sheet) => sheet.name) };
}
