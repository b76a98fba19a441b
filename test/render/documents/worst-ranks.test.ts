import { describe, expect, it } from 'vitest';
import { renderers } from '../../../src/index.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { textOf } from '../pdf/pdf-helpers.js';
import { htmlOf, rowsOf, viewOf, workbookOf } from './support.js';

const sample = 'samples/azure-multi-benchmark.json';

/** The worst-category lines of a PDF: `1. Azure - Security Center — 30.0% compliant …`, as `rank. name`. */
function worstLines(text: string): string[] {
  return [...text.matchAll(/(\d+)\. ([^\n—]+?) — Red \d/g)].map((match) => `${match[1]}. ${match[2]}`);
}

/** The worst-category items of the HTML page, as `rank. name`, from each item's value and text. */
function worstItems(html: string): string[] {
  return [...html.matchAll(/<li value="(\d+)"><(?:a|span)[^>]*>([^<]+)</g)].map((match) => `${match[1]}. ${match[2]}`);
}

describe('the worst categories are ranked 1 to n, the same in every format', () => {
  it.each(['executive', 'full'] as const)(
    '%s tier: the PDF lines read 1, 2, 3 as the HTML list does, not the category numbers',
    async (tier) => {
      const view = await viewOf(sample);
      const pdf = await textOf(Buffer.from(await collectBytes(await renderers.pdf.render(view, { tier }))));
      const expected = view.reports.flatMap((report) =>
        report.worstCategories.map((category, index) => `${index + 1}. ${category.name}`),
      );
      // Compute (IaaS) is category 1 of the first report and, weighing most, its worst.
      expect(expected[0]).toBe('1. Azure - Compute (IaaS)');
      expect(worstLines(pdf)).toEqual(expected);
      expect(worstItems(await htmlOf(view, { tier }))).toEqual(expected);
    },
  );

  it('the executive PDF names the categories of its chart without numbers, leaving 1 to n to the ranking', async () => {
    const view = await viewOf(sample);
    const pdf = await textOf(Buffer.from(await collectBytes(await renderers.pdf.render(view, { tier: 'executive' }))));
    // Security Center is category 6 of the first report and second of its worst.
    expect(pdf).toContain('2. Azure - Security Center —');
    expect(pdf).not.toContain('6. Azure - Security Center');
  });

  it("the workbook's Worst rank column gives the same ranks", async () => {
    const view = await viewOf(sample);
    const rows = rowsOf(await workbookOf(view), 'Categories');
    const header = rows[0] ?? [];
    const ranked = rows
      .slice(1)
      .filter((row) => row[header.indexOf('Worst rank')] !== null && row[header.indexOf('Worst rank')] !== undefined)
      .map((row) => ({
        report: row[0],
        rank: row[header.indexOf('Worst rank')] as number,
        name: row[header.indexOf('Category')],
      }))
      .sort((a, b) => String(a.report).localeCompare(String(b.report)) || a.rank - b.rank);
    expect(ranked.find((row) => row.name === 'Azure - Compute (IaaS)')?.rank).toBe(1);
    expect(
      ranked
        .filter((row) => row.report === view.reports[0]?.benchmarkName)
        .map((row) => `${row.rank}. ${String(row.name)}`),
    ).toEqual(view.reports[0]?.worstCategories.map((category, index) => `${index + 1}. ${category.name}`));
  });
});
