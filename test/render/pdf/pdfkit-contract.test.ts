import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import {
  documentFont,
  flushFirstPages,
  linkToPage,
  openEmbeddedFont,
  parseFont,
  registerFont,
  rootOutline,
  type FontkitFont,
  type PdfDocument,
} from '../../../src/render/pdf/pdfkit-internals.js';
import { brokenMessage, memberContract, type Library, type MemberCheck } from '../../support/library-contract.js';

const pdfkit: Library = { name: 'pdfkit', module: 'src/render/pdf/pdfkit-internals.ts' };
const fontkit: Library = { name: 'fontkit', module: 'src/render/pdf/pdfkit-internals.ts' };

const parsed = parseFont(readFileSync('fonts/NotoSans_400Regular.ttf'));

/** A document of one page, uncompressed, with a font selected as the typesetter selects its fonts. */
function newDocument(): PdfDocument {
  const doc = new PDFDocument({ autoFirstPage: false, bufferPages: true, compress: false });
  registerFont(doc, 'face', documentFont(parsed));
  doc.addPage();
  openEmbeddedFont(doc, 'face');
  return doc;
}

/** The bytes of a document, ended. */
function documentText(doc: PdfDocument): Promise<string> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    doc.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    doc.end();
  });
}

const documentChecks: MemberCheck<unknown>[] = [
  { name: 'PDFDocument#_font', root: newDocument, path: ['_font'], kind: 'object' },
  { name: 'PDFDocument#_font.id', root: newDocument, path: ['_font', 'id'], kind: 'string' },
  { name: 'PDFDocument#_font.font', root: newDocument, path: ['_font', 'font'], kind: 'object' },
  { name: 'PDFDocument#_font.ascender', root: newDocument, path: ['_font', 'ascender'], kind: 'number' },
  { name: 'PDFDocument#_font.descender', root: newDocument, path: ['_font', 'descender'], kind: 'number' },
  { name: 'PDFDocument#_font.layout', root: newDocument, path: ['_font', 'layout'], kind: 'function', arity: 3 },
  { name: 'PDFDocument#_font.encode', root: newDocument, path: ['_font', 'encode'], kind: 'function', arity: 2 },
  { name: 'PDFDocument#_font.ref', root: newDocument, path: ['_font', 'ref'], kind: 'function', arity: 0 },
  { name: 'PDFDocument#page.fonts', root: newDocument, path: ['page', 'fonts'], kind: 'object' },
  { name: 'PDFDocument#_pageBuffer', root: newDocument, path: ['_pageBuffer'], kind: 'array' },
  { name: 'PDFDocument#flushPages', root: newDocument, path: ['flushPages'], kind: 'function', arity: 0 },
  { name: 'PDFDocument#link', root: newDocument, path: ['link'], kind: 'function', arity: 6 },
  { name: 'PDFDocument#outline.addItem', root: newDocument, path: ['outline', 'addItem'], kind: 'function', arity: 1 },
];

const fontChecks: MemberCheck<unknown>[] = [
  { name: 'TTFFont#_glyphs', root: () => parsed, path: ['_glyphs'], kind: 'object' },
  {
    name: 'TTFFont#hasGlyphForCodePoint',
    root: () => parsed,
    path: ['hasGlyphForCodePoint'],
    kind: 'function',
    arity: 1,
  },
];

describe('pdfkit internals (src/render/pdf/pdfkit-internals.ts)', () => {
  memberContract(pdfkit, documentChecks);

  it('takes a fontkit font where its typings say bytes, and lays out with that very object', () => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const font = documentFont(parsed);
    registerFont(doc, 'face', font);
    expect(
      openEmbeddedFont(doc, 'face').font,
      brokenMessage(pdfkit, 'PDFDocument#registerFont', 'a taker of fontkit fonts', 'a copy'),
    ).toBe(font);
  });

  it('writes out what _pageBuffer holds when flushPages is called, and counts them as flushed', () => {
    const doc = newDocument();
    doc.addPage();
    doc.addPage();
    const left = flushFirstPages(doc, 1);
    expect(
      [left, doc.bufferedPageRange()],
      brokenMessage(pdfkit, 'PDFDocument#flushPages', 'a flush of _pageBuffer', 'another flush'),
    ).toEqual([2, { start: 1, count: 2 }]);
  });

  it('links to a page given by its index, and places an outline entry at the page size less the top and left given', async () => {
    const doc = newDocument();
    doc.addPage();
    linkToPage(doc, 10, 20, 30, 40, 0);
    rootOutline(doc).addItem('Second page', { top: 123, left: 456 });
    const text = await documentText(doc);
    // pdfkit subtracts both from the page's size (612 × 792, its default): the callers pass what lands where they mean.
    expect(text, brokenMessage(pdfkit, 'PDFDocument#link', 'a link to a page index', 'no GoTo action')).toMatch(
      /\/S \/GoTo\s*\/D \[\d+ 0 R \/XYZ null null null\]/,
    );
    expect(
      text,
      brokenMessage(
        pdfkit,
        'PDFDocument#outline.addItem',
        'an entry at the page size less { top, left }',
        'another destination',
      ),
    ).toMatch(/\/Dest \[\d+ 0 R \/XYZ 156 669 0\]/);
  });
});

describe('fontkit internals (src/render/pdf/pdfkit-internals.ts)', () => {
  memberContract(fontkit, fontChecks);

  it("caches glyph objects in the font's own _glyphs, so that a document's font keeps its glyphs to itself", () => {
    const own = documentFont(parsed) as FontkitFont & {
      _glyphs: Record<number, unknown>;
      glyphForCodePoint(codePoint: number): unknown;
    };
    const glyph = own.glyphForCodePoint(0x41);
    const message = brokenMessage(fontkit, 'TTFFont#_glyphs', "the font's glyph cache", 'glyphs kept elsewhere');
    expect(Object.values(own._glyphs), message).toContain(glyph);
    expect(Object.values((parsed as unknown as { _glyphs: Record<number, unknown> })._glyphs), message).not.toContain(
      glyph,
    );
  });
});
