import PDFDocument from 'pdfkit';

/**
 * The few pdfkit internals the PDF renderer relies on, typed in one place.
 *
 * pdfkit's public `text()` re-measures, re-wraps and re-encodes every string it is
 * given; on 30,000 policy rows that alone costs seconds. The renderer instead encodes
 * each word once through the embedded font and writes the text operators itself, which
 * needs the font object behind `doc.font()` and the current page's font resources.
 * @types/pdfkit does not describe these, so they are narrowed here and nowhere else;
 * pdfkit and fontkit are pinned to exact versions, and
 * test/render/pdf/pdfkit-contract.test.ts checks each part relied on before an upgrade.
 */

/** A pdfkit document. */
export type PdfDocument = InstanceType<typeof PDFDocument>;

/** A glyph position from fontkit, scaled by pdfkit to thousandths of an em. */
export interface GlyphPosition {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

/** The fontkit font inside an embedded font. */
export interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/**
 * fontkit's reading of a font file, for {@link documentFont} to lay out with: read by a
 * document of its own that draws nothing, so that no text is ever laid out with it.
 */
export function parseFont(bytes: Buffer): FontkitFont {
  const scratch = new PDFDocument({ autoFirstPage: false });
  scratch.registerFont('face', bytes);
  return openEmbeddedFont(scratch, 'face').font;
}

/**
 * A font for one document that shares the tables fontkit has decoded of `parsed`
 * ({@link parseFont}) and has glyph objects of its own. fontkit decodes a font's tables
 * when first used and keeps them, and decoding the layout tables (GSUB, GPOS) again in
 * every document was most of the time of a small PDF. A glyph object, though, keeps
 * the code points of the first text that reached it (a ligature's letters), which the
 * document's text map is written from; and the layout engine is built over the glyphs.
 * Both are made afresh for each document, from this object, as with a fresh font, so
 * that no document depends on another (nor on one drawn at the same time).
 */
export function documentFont(parsed: FontkitFont): FontkitFont {
  const font = Object.create(parsed) as FontkitFont & { _glyphs: Record<number, unknown> };
  font._glyphs = {};
  return font;
}

/** Registers a font for {@link openEmbeddedFont}: pdfkit takes fontkit's font objects where its typings say bytes. */
export function registerFont(doc: PdfDocument, name: string, font: FontkitFont): void {
  doc.registerFont(name, font as unknown as Buffer);
}

/** pdfkit's EmbeddedFont: encodes text to glyph ids of the subset it will embed. */
export interface EmbeddedFont {
  /** Resource name on the page (`F3`). */
  id: string;
  font: FontkitFont;
  /** Ascender and descender in thousandths of an em. */
  ascender: number;
  descender: number;
  /** The glyphs of a text, each with the code points it stands for; cached per word by pdfkit. */
  layout(text: string, features?: Record<string, boolean>): { glyphs: { codePoints: number[] }[] };
  /** Hex glyph ids (four digits each) and their positions, in the order `layout` gives. */
  encode(text: string, features?: Record<string, boolean>): [string[], GlyphPosition[]];
  ref(): unknown;
}

interface DocumentInternals {
  _font: EmbeddedFont;
  page: { fonts: Record<string, unknown> };
}

interface AnnotationInternals {
  link(x: number, y: number, width: number, height: number, target: number): unknown;
}

interface OutlineInternals {
  addItem(title: string, options: { top: number; left: number; expanded?: boolean }): OutlineItem;
}

/** A bookmark of the document outline, to which children can be added. */
export interface OutlineItem {
  addItem(title: string, options: { top: number; left: number; expanded?: boolean }): OutlineItem;
}

/** Selects a registered font and returns pdfkit's font object for it. */
export function openEmbeddedFont(doc: PdfDocument, name: string): EmbeddedFont {
  doc.font(name);
  return (doc as unknown as DocumentInternals)._font;
}

/** Declares the font in the current page's resources, as pdfkit's own text calls do. */
export function useFontOnPage(doc: PdfDocument, font: EmbeddedFont): void {
  const fonts = (doc as unknown as DocumentInternals).page.fonts;
  if (fonts[font.id] === undefined) fonts[font.id] = font.ref();
}

/**
 * A link from a rectangle of the current page to the page of index `pageIndex` (which
 * must exist already). pdfkit takes a page number where its typings say URL only.
 */
export function linkToPage(
  doc: PdfDocument,
  x: number,
  y: number,
  width: number,
  height: number,
  pageIndex: number,
): void {
  (doc as unknown as AnnotationInternals).link(x, y, width, height, pageIndex);
}

/**
 * The document's root outline. pdfkit's typings omit the destination options; `left`
 * is subtracted from the page width by pdfkit, so callers pass the page width to land
 * on the left edge.
 */
export function rootOutline(doc: PdfDocument): OutlineItem {
  return doc.outline as unknown as OutlineInternals;
}

/** pdfkit's buffer of pages not yet written out (with `bufferPages: true`). */
interface PageBufferInternals {
  _pageBuffer: unknown[];
}

/**
 * Writes out the first `count` buffered pages, as `doc.flushPages()` writes all of
 * them: pdfkit writes whatever its buffer holds, so it is handed a slice and given the
 * rest back. Pages go out in the same order, so the bytes are the same.
 */
export function flushFirstPages(doc: PdfDocument, count: number): number {
  const buffer = doc as unknown as PageBufferInternals;
  const rest = buffer._pageBuffer.slice(count);
  buffer._pageBuffer = buffer._pageBuffer.slice(0, count);
  doc.flushPages();
  buffer._pageBuffer = rest;
  return rest.length;
}
