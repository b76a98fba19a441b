import { describe, expect, it } from 'vitest';
import { renderers } from '../../../src/index.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { hasProgram } from '../../support/system-program.js';
import { managerInput, once } from './manager-report.js';
import { popplerText } from './poppler-text.js';
import { htmlOf, htmlText, rowsOf, viewOf, workbookOf } from './support.js';

// Security Center fails most (115 Red weighing 339); three small 0 % categories weigh 9, 8 and 4.
const expected = [
  'Azure - Security Center',
  'Azure - Key Management',
  'Azure - Fundamentals',
  'Azure - Business continuity and DR',
];
const securityLine =
  '1. Azure - Security Center — Red 115, weighted 339; 345 failing resources; Amber 0; 5.0% compliant (6 Green of 121 assessed, of 130 policies)';

/** `rank. name` of each worst-category item of the page's markup, in order. */
function rankedItems(html: string): string[] {
  return [
    ...html.matchAll(/<li value="(\d+)"><(?:a|span)[^>]*>([^<]+)<\/(?:a|span)> — <span class="worst-figures">Red /g),
  ].map((match) => `${match[1]}. ${match[2]}`);
}

/** `rank. name` of each worst-category line in a text, in order. */
function ranked(text: string): string[] {
  return [...text.matchAll(/(\d)\. ([A-Za-z][^—]*?) — Red \d/g)].map((match) => `${match[1]}. ${match[2]}`);
}

const wanted = expected.map((name, index) => `${index + 1}. ${name}`);
const manager = once(() => viewOf(managerInput()));

describe('worst categories rank by the weight of what fails, not by the lowest percent', () => {
  it('the view ranks Security Center first and never a category with nothing assessed', async () => {
    const view = await manager();
    const names = view.reports[0]!.worstCategories.map((category) => category.name);
    expect(names).toEqual(expected);
    expect(view.ranking.worstCategories).toMatch(
      /^most Red policies weighted by severity \(Critical 5, High 4, Moderate 3, Low 2, VeryLow 1\), then most failing resources/,
    );
  });

  it.each(['full', 'executive'] as const)(
    '%s tier: HTML lists the same ranks with percent and assessed coverage beside each',
    async (tier) => {
      const view = await manager();
      const text = await htmlText(view, { tier });
      expect(rankedItems(await htmlOf(view, { tier }))).toEqual(wanted);
      expect(text).toContain(securityLine.slice('1. '.length));
      expect(text).toContain(`Ranked by ${view.ranking.worstCategories}`);
      expect(text).not.toMatch(/\d\. Azure - Kubernetes & Containers — Red/);
    },
  );

  it.skipIf(!hasProgram('pdftotext', 'poppler-utils')).each(['full', 'executive'] as const)(
    '%s tier: poppler reads the same ranks and figures from the PDF',
    async (tier) => {
      const view = await manager();
      const text = await popplerText(view, { tier });
      expect(ranked(text)).toEqual(wanted);
      expect(text).toContain(securityLine);
    },
  );

  it("the workbook's Worst rank column gives the same ranks, beside the weight and failing resources", async () => {
    const view = await manager();
    const rows = rowsOf(await workbookOf(view), 'Categories');
    const header = rows[0] ?? [];
    const column = (name: string): number => header.indexOf(name);
    const ranks = rows
      .slice(1)
      .filter((row) => typeof row[column('Worst rank')] === 'number')
      .sort((a, b) => (a[column('Worst rank')] as number) - (b[column('Worst rank')] as number));
    expect(ranks.map((row) => `${String(row[column('Worst rank')])}. ${String(row[column('Category')])}`)).toEqual(
      wanted,
    );
    expect([ranks[0]![column('Red weighted')], ranks[0]![column('Failing resources')]]).toEqual([339, 345]);
  });

  it('the worst reports of a roll-up rank by the same measure', async () => {
    const heavy = (await manager()).reports[0]!;
    expect(heavy.redWeight).toBe(339 + 9 + 8 + 4);
    const view = await viewOf({ value: [...(managerInput().value as unknown[]), smallReport()], name: 'two.json' });
    expect(view.rollup.worstReports.map((report) => report.benchmarkId)).toEqual(['CSBP']);
    const html = await htmlText(view);
    expect(html).toContain(`Ranked by ${view.ranking.worstReports}`);
    const bytes = Buffer.from(await collectBytes(await renderers.html.render(view, {})));
    expect(bytes.length).toBeGreaterThan(0);
  });
});

/** A report of one category at 0 %: 2 Red of 2, weighing 4. */
function smallReport(): unknown {
  const value = managerInput().value as { BenchmarkId: string; JobId: string; ResourceCategories: unknown[] }[];
  const report = value[0]!;
  return {
    ...report,
    BenchmarkId: 'SMALL',
    BenchmarkName: 'Small benchmark',
    JobId: 'a1b2c3d4-0000-4000-8000-00000000000f',
    ResourceCategories: report.ResourceCategories.slice(2, 3),
  };
}
