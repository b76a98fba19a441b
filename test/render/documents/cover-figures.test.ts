import { describe, expect, it } from 'vitest';
import { lowCoveragePercent } from '../../../src/analyse/coverage.js';
import { keyFigures } from '../../../src/render/key-figures.js';
import { hasProgram } from '../../support/system-program.js';
import { managerInput, once } from './manager-report.js';
import { popplerText } from './poppler-text.js';
import { htmlText, rowsOf, viewOf, workbookOf } from './support.js';

const poppler = hasProgram('pdftotext', 'poppler-utils');

// 321 policies, 174 Gray; 386 resources failed, 55 of 441 passed.
const coverage = '174 of 321 policies (54.2%) were not assessed (Gray).';
const warning = `Low coverage: only 147 of 321 policies (45.8%) were assessed, below ${lowCoveragePercent}%; the compliance percent speaks for those only.`;

const view = once(() => viewOf(managerInput()));
const html = {
  full: once(async () => htmlText(await view(), { tier: 'full' })),
  executive: once(async () => htmlText(await view(), { tier: 'executive' })),
};
const pdfPages = (tier: 'full' | 'executive', first: number, last: number) =>
  once(async () => popplerText(await view(), { tier }, { first, last }));
const covers = { full: pdfPages('full', 1, 1), executive: pdfPages('executive', 1, 1) };
const summaries = { full: pdfPages('full', 2, 3), executive: pdfPages('executive', 2, 3) };
const managerLines = once(() => summaryLines(managerInput()));

/** The Summary sheet's label–value lines above its table. */
async function summaryLines(input: Parameters<typeof viewOf>[0]): Promise<Map<unknown, unknown>> {
  const rows = rowsOf(await workbookOf(await viewOf(input)), 'Summary');
  const lines = new Map<unknown, unknown>();
  for (const row of rows.slice(1)) {
    if (row[0] === null || row[0] === undefined || row[0] === 'Benchmark') break;
    lines.set(row[0], row[1]);
  }
  return lines;
}

describe('every cover shows the same key figures, failing resources among them', () => {
  it('the list holds failing resources with the resources that passed', async () => {
    const figures = keyFigures((await view()).rollup.figures);
    expect(figures.map((figure) => figure.label)).toEqual([
      'Compliance',
      'Policies',
      'Failing resources',
      'Green',
      'Red',
      'Amber',
      'Gray',
    ]);
    expect(figures.find((figure) => figure.id === 'failing-resources')).toMatchObject({
      value: 386,
      text: '386',
      note: '55 of 441 resources passed',
    });
  });

  it.skipIf(!poppler)('poppler reads every key figure, label then value, on the PDF cover', async () => {
    const cover = await covers.full();
    for (const figure of keyFigures((await view()).rollup.figures)) {
      expect(cover, figure.label).toMatch(new RegExp(`${figure.label} .*?${figure.text.replace('.', '\\.')}`));
      expect(cover, figure.label).toContain(figure.note ?? '');
    }
    expect(cover).toContain('Failing resources');
    expect(cover).toContain('55 of 441 resources passed');
  });

  it.each(['full', 'executive'] as const)(
    '%s tier: the HTML summary shows every key figure with its note',
    async (tier) => {
      const text = await html[tier]();
      for (const figure of keyFigures((await view()).rollup.figures))
        expect(text).toContain(`${figure.label} ${figure.text} ${figure.note ?? ''}`.trim());
    },
  );

  it("the workbook's Summary lines hold the same figures", async () => {
    const lines = await managerLines();
    for (const figure of keyFigures((await view()).rollup.figures)) {
      if (figure.id === 'compliance')
        expect(lines.get(figure.label) as number).toBeCloseTo((figure.value ?? 0) / 100, 12);
      else expect(lines.get(figure.label), figure.label).toBe(figure.value);
    }
    expect(lines.get('Failing resources')).toBe(386);
  });
});

describe('every summary states the coverage in words and warns of a low one', () => {
  it.each(['full', 'executive'] as const)('%s tier: the HTML page', async (tier) => {
    const text = await html[tier]();
    expect(text).toContain(coverage);
    expect(text).toContain(warning);
  });

  it.skipIf(!poppler).each(['full', 'executive'] as const)(
    '%s tier: the PDF cover and the report summary, read by poppler',
    async (tier) => {
      const cover = await covers[tier]();
      expect(cover).toContain(coverage);
      expect(cover).toContain(warning);
      expect(await summaries[tier]()).toContain(coverage);
    },
  );

  it("the workbook's Summary", async () => {
    const lines = await managerLines();
    expect(lines.get('Coverage')).toBe(coverage);
    expect(lines.get('Warning')).toBe(warning);
  });

  it('a report with most policies assessed states its coverage without a warning', async () => {
    const view = await viewOf('samples/azure-csbp.json');
    const text = await htmlText(view);
    expect(text).toContain('27 of 127 policies (21.3%) were not assessed (Gray).');
    expect(text).not.toContain('Low coverage');
    expect((await summaryLines('samples/azure-csbp.json')).has('Warning')).toBe(false);
  });
});
