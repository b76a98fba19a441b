import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { renderPdf } from '../../../src/render-entry.js';
import { readFontFile } from '../../../src/render/pdf/font-files.js';
import { documentFont, parseFont, type FontkitFont } from '../../../src/render/pdf/pdfkit-internals.js';
import { minimalReport } from '../../support/minimal-report.js';

/**
 * The documents of a process share the font tables fontkit decodes, never the glyphs
 * it lays out (see documentFont). The ligature ﬁ is one glyph whether the text holds
 * U+FB01 or the letters f and i, and fontkit's glyph keeps the code points of the first
 * text that reached it: shared between documents, it would carry one document's letters
 * into the text map of the next.
 */

type Laying = FontkitFont & { layout(text: string): { glyphs: { id: number; codePoints: number[] }[] } };

const glyphsOf = (font: FontkitFont, text: string): { id: number; codePoints: number[] }[] =>
  (font as Laying).layout(text).glyphs.map(({ id, codePoints }) => ({ id, codePoints }));

async function pdfOf(title: string): Promise<string> {
  const report = minimalReport();
  report.ResourceCategories[0]!.Policies[0]!.ShortTitle = title;
  const bytes = await renderPdf(await analyseInputs({ text: JSON.stringify(report), name: 'r.json' }));
  return createHash('sha256').update(bytes).digest('hex');
}

describe('fonts shared by the documents of a process', () => {
  it('give each document glyphs of its own', () => {
    const parsed = parseFont(readFontFile('sans', 'regular'));
    const fresh = glyphsOf(parseFont(readFontFile('sans', 'regular')), '\ufb01');
    expect(glyphsOf(documentFont(parsed), 'fi')).toEqual([{ id: fresh[0]!.id, codePoints: [0x66, 0x69] }]);
    expect(glyphsOf(documentFont(parsed), '\ufb01')).toEqual(fresh);
    expect(fresh[0]!.codePoints).toEqual([0xfb01]);
  });

  it('draw each PDF the same whatever was drawn before it or beside it', async () => {
    const letters = 'office سلام';
    const ligature = 'o\ufb03ce ﻻ';
    const first = await pdfOf(letters);
    const other = await pdfOf(ligature);
    expect(other).not.toBe(first);
    expect(await Promise.all([pdfOf(ligature), pdfOf(letters)])).toEqual([other, first]);
    expect(await pdfOf(letters)).toBe(first);
  });
});
