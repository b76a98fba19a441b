import { describe, expect, it } from 'vitest';
import { getDocumentProxy } from 'unpdf';
import { displayCount } from '../../../src/render/display-values.js';
import { renderers } from '../../../src/render/renderers.js';
import {
  hostileDocument,
  hostileFixture,
  infoOf,
  makePng,
  outlineOf,
  renderPdf,
  textOf,
  viewOf,
} from './pdf-helpers.js';

// pdf.js runs words together or apart depending on glyph gaps; compare without spaces.
const squash = (text: string): string => text.replace(/\s+/g, '');
// pdf.js ignores ActualText, which the Arabic letters need (poppler's test covers them).
const beforeArabic = (text: string): string => text.replace(/[\u0600-\u06ff].*$/su, '');

describe('pdfRenderer', () => {
  it('is registered as PDF', () => {
    expect(renderers.pdf).toMatchObject({ format: 'pdf', extension: 'pdf', mediaType: 'application/pdf' });
  });

  it('renders every category name and the totals as text pdf.js can read', async () => {
    const view = await viewOf(hostileFixture);
    const pdf = await renderPdf(view);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = squash(await textOf(pdf));
    for (const report of view.reports) {
      for (const category of report.categories) {
        expect(text).toContain(squash(beforeArabic(category.name)));
        expect(text).toContain(
          squash(`${displayCount(category.figures.total)} policies · ${category.figures.percentText} compliant`),
        );
      }
    }
    const { figures } = view.rollup;
    expect(text).toContain(squash(`Policies${displayCount(figures.total)}`));
    expect(text).toContain(squash(`Compliance${figures.percentText}`));
    for (const colour of ['Green', 'Red', 'Amber', 'Gray'] as const) {
      expect(text).toContain(squash(`${colour}${displayCount(figures[colour.toLowerCase() as 'green'])}`));
    }
  });

  it('draws report text as text: markup, mustaches and formulas appear verbatim', async () => {
    const text = await textOf(await renderPdf(await viewOf(hostileFixture)));
    expect(squash(text)).toContain(squash('<script>window.__pwned = true</script>'));
    expect(squash(text)).toContain(squash("{{constructor.constructor('window.__pwned=true')()}}"));
    expect(squash(text)).toContain(squash('=HYPERLINK("http://example.invalid","click me")'));
    expect(text).toContain('\\u001b[31m');
    expect(text).not.toContain('\u001b');
  });

  it('gives the same bytes for the same input and options, without dates', async () => {
    const view = await viewOf(hostileFixture);
    const first = await renderPdf(view, { landscape: true });
    const second = await renderPdf(await viewOf(hostileFixture), { landscape: true });
    expect(first.equals(second)).toBe(true);
    expect(first.toString('latin1')).not.toMatch(/CreationDate|ModDate/);
  });

  it('stamps the time given as now, and only then', async () => {
    const now = new Date('2024-05-06T07:08:09Z');
    const pdf = await renderPdf(await viewOf(hostileFixture), { now });
    const info = await infoOf(pdf);
    expect(info['CreationDate']).toBe('D:20240506070809Z');
    expect(info['ModDate']).toBe('D:20240506070809Z');
    expect(pdf.equals(await renderPdf(await viewOf(hostileFixture)))).toBe(false);
  });

  it('sets Title, Subject, Author and Creator', async () => {
    const view = await viewOf(hostileFixture);
    const info = await infoOf(await renderPdf(view));
    expect(info['Title']).toBe(view.title);
    expect(info['Subject']).toContain(view.reports[0]?.benchmarkName);
    expect(info['Author']).toBe(view.tool.name);
    expect(info['Creator']).toBe(`${view.tool.name} ${view.tool.version}`);
  });

  it('bookmarks the cover, the contents, each report with its categories, and the data-quality section', async () => {
    const view = await viewOf(hostileFixture);
    const outline = await outlineOf(await renderPdf(view));
    expect(outline.map((item) => item.title)).toEqual([
      'Cover',
      'Contents',
      ...view.reports.map((report) => `${report.benchmarkName} — ${report.accountName}`),
      'Data quality',
    ]);
    const categories = view.reports[0]?.categories.map((category) => `${category.order}. ${category.name}`);
    expect(outline[2]?.items.map((item) => item.title)).toEqual(['Action list', 'Policies', ...(categories ?? [])]);
  });

  it('puts the logo and the title from the options on the cover', async () => {
    const view = await viewOf(hostileFixture);
    const pdf = await renderPdf(view, {
      logo: { bytes: makePng(), mediaType: 'image/png' },
      title: 'Quarterly posture',
    });
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect(squash(await textOf(pdf))).toContain('Quarterlyposture');
    expect((await infoOf(pdf))['Title']).toBe('Quarterly posture');
    expect((await renderPdf(view)).toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });

  it('turns to landscape A4 on request', async () => {
    const view = await viewOf(hostileFixture);
    for (const [landscape, size] of [
      [false, [595.28, 841.89]],
      [true, [841.89, 595.28]],
    ] as const) {
      const document = await getDocumentProxy(new Uint8Array(await renderPdf(view, { landscape })));
      const [, , width, height] = (await document.getPage(1)).view;
      expect([width, height]).toEqual(size);
    }
  });

  it('lists the findings of a broken report in the data-quality section', async () => {
    const document = await hostileDocument();
    const categories = document.result[0]?.['ResourceCategories'] as Record<string, unknown>[];
    (categories[0] as Record<string, unknown>)['Total'] = 99;
    const view = await viewOf({ value: document, name: 'broken.json' });
    expect(view.findings.some((finding) => finding.rule === 'category-total')).toBe(true);
    const text = squash(await textOf(await renderPdf(view)));
    expect(text).toContain(squash('The check found'));
    expect(text).toContain('category-total');
    expect(text).toContain(squash('broken.json at /result/0/ResourceCategories/0/Total'));
  });

  it('says what the policy list leaves out under maxPolicies', async () => {
    const view = await viewOf(hostileFixture);
    const text = squash(await textOf(await renderPdf(view, { maxPolicies: 3 })));
    expect(text).toContain(
      squash(`The policy tables list the 3 most severe of ${view.rollup.policies} policies; not listed:`),
    );
    const policies = text.slice(text.indexOf(squash('policies of this report listed')));
    expect(policies).not.toContain('1000.4');
    expect(squash(await textOf(await renderPdf(view)))).toContain('1000.4');
  });
});
