import { describe, expect, it } from 'vitest';
import { getDocumentProxy } from 'unpdf';
import { capText } from '../../../src/render/pdf/cap-text.js';
import { minimalReport } from '../../support/minimal-report.js';
import { renderPdf, textOf, viewOf } from './pdf-helpers.js';

const squash = (text: string): string => text.replace(/\s+/g, '');

async function withTitle(title: string): Promise<Buffer> {
  const report = minimalReport();
  report.ResourceCategories[0]!.Policies[1]!.ShortTitle = title;
  return renderPdf(await viewOf({ value: report, name: 'long.json' }));
}

/** Text runs pdf.js finds outside their page, as "page: text". */
async function offPage(pdf: Buffer): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const outside: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const [, , width, height] = page.view as [number, number, number, number];
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , , , x, y] = item.transform as number[];
      if (x! < 0 || x! > width || y! < 0 || y! > height) outside.push(`${number}: ${item.str.slice(0, 40)}`);
    }
  }
  return outside;
}

describe('capText', () => {
  const cases = [
    { name: 'short text is kept', input: 'Ensure keys rotate', max: 10_000, expected: 'Ensure keys rotate' },
    {
      name: 'long text is cut with a note of how much',
      input: 'x'.repeat(12_345 + 10),
      max: 10,
      expected: `${'x'.repeat(10)}… (cut: 12,345 more characters)`,
    },
    { name: 'a surrogate pair is never split', input: '😀😀😀', max: 3, expected: '😀… (cut: 4 more characters)' },
  ];
  it.each(cases)('$name', ({ input, max, expected }) => expect(capText(input, max)).toBe(expected));
});

describe('long report text in the PDF', () => {
  it('draws a 14,000-character title on the page, split over pages and cut with a mark', async () => {
    const words = Array.from({ length: 2_000 }, (_, index) => `word${index}`)
      .join(' ')
      .slice(0, 14_000);
    const pdf = await withTitle(words);
    expect(await offPage(pdf)).toEqual([]);
    const text = squash(await textOf(pdf));
    expect(text).toContain('word0word1word2');
    expect(text).toMatch(/…\(cut:[\d,]+morecharacters\)/);
    expect(text).toContain(squash('1. Azure - Storage (continued)'));
  });

  it('renders a 2 MB title without spaces, cut with a mark', async () => {
    const pdf = await withTitle('A'.repeat(2 * 2 ** 20));
    expect(await offPage(pdf)).toEqual([]);
    expect(squash(await textOf(pdf))).toContain(
      squash(`… (cut: ${(2 * 2 ** 20 - 3_000).toLocaleString('en-US')} more characters)`),
    );
  });
});
