import { existsSync } from 'node:fs';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import type { ViewModel } from '../../src/model/view-model.js';
import { buildViewModel } from '../../src/render/build-view-model.js';
import { executiveLimits } from '../../src/render/executive-plan.js';
import { renderHtmlView } from '../../src/render/html/render-html.js';
import { renderReport } from '../../src/render/renderers.js';
import { getDocumentProxy } from 'unpdf';
import { bytesOf, textOf } from './pdf/pdf-helpers.js';

type Node = DefaultTreeAdapterMap['node'];

const sample = 'samples/azure-multi-benchmark.json';
const bench = '.bench/report-300000.json';

async function viewOfFile(path: string): Promise<ViewModel> {
  return buildViewModel(await analyseInputs(path));
}

/** A generated view of `policies` policies, in reports of 10 categories of 30 unless `shape` says otherwise. */
async function viewOfPolicies(
  policies: number,
  shape?: { categories: number; perCategory: number },
): Promise<ViewModel> {
  // A plain-JS script without declarations: its one function typed here.
  const script = '../../scripts/generate-report.js';
  const { generateReport } = (await import(script)) as {
    generateReport(policies: number, shape?: { categories: number; perCategory: number }): unknown;
  };
  return buildViewModel(
    await analyseInputs({ value: generateReport(policies, shape), name: `generated-${policies}.json` }),
  );
}

async function pageCount(pdf: Buffer): Promise<number> {
  return (await getDocumentProxy(new Uint8Array(pdf))).numPages;
}

/** Every element with an id, and the text of the page, as parse5 reads them. */
function readHtml(html: string): { ids: Set<string>; text: string; tables: number } {
  const ids = new Set<string>();
  let text = '';
  let tables = 0;
  const walk = (node: Node): void => {
    if ('attrs' in node) {
      for (const attr of node.attrs) if (attr.name === 'id') ids.add(attr.value);
      if (node.nodeName === 'table') tables += 1;
    }
    if (node.nodeName === '#text' && 'value' in node) text += `${node.value} `;
    if ('childNodes' in node) for (const child of node.childNodes) walk(child);
  };
  walk(parse(html));
  return { ids, text: text.replace(/\s+/g, ' '), tables };
}

describe('the executive tier', () => {
  let small: ViewModel;
  let large: ViewModel;
  let larger: ViewModel;
  beforeAll(async () => {
    small = await viewOfFile(sample);
    // 100 reports, as many as 30,000 policies make, of 45 policies each: the full tier's
    // PDF of 30,000 policies (1,800 pages) took seconds to draw, and 100 reports of 45
    // policies fill some 450 pages, still more than 20 times the executive tier's.
    large = await viewOfPolicies(4_500, { categories: 3, perCategory: 15 });
    larger = existsSync(bench) ? await viewOfFile(bench) : await viewOfPolicies(60_000);
  }, 120_000);

  // The executive PDF of the 4,500-policy view, rendered once for the two tests that read it.
  let largeExecutivePdf: Promise<Buffer> | undefined;
  const executivePdfOfLarge = async (): Promise<Buffer> => {
    const { renderExecutivePdfView } = await import('../../src/render/pdf/render-executive-pdf.js');
    largeExecutivePdf ??= renderExecutivePdfView(large, { tier: 'executive' }).then(bytesOf);
    return largeExecutivePdf;
  };

  it('renders a PDF of the same few pages for 100 reports of 4,500 policies as for the 300,000-policy bench file (or 60,000), far fewer than the full tier', async () => {
    const { renderExecutivePdfView } = await import('../../src/render/pdf/render-executive-pdf.js');
    const { renderPdfView } = await import('../../src/render/pdf/render-pdf.js');
    const largePages = await pageCount(await executivePdfOfLarge());
    const largerPages = await pageCount(await bytesOf(await renderExecutivePdfView(larger, { tier: 'executive' })));
    const fullPages = await pageCount(await bytesOf(await renderPdfView(large, {})));
    expect(largePages).toBeLessThanOrEqual(2 + 2 * executiveLimits.reports);
    expect(largerPages).toBe(largePages);
    expect(fullPages).toBeGreaterThan(20 * largePages);
  }, 120_000);

  it('holds the cover, the roll-up, the worst reports and the top of their action lists in the PDF, and no policy table', async () => {
    const text = await textOf(await executivePdfOfLarge());
    expect(text).toContain('COMPLIANCE AUDIT REPORT');
    expect(text).toContain('Roll-up across 100 benchmark reports');
    expect(text).toContain('Worst reports');
    expect(text).toContain('Ranked by most Red policies weighted by severity');
    expect(text).toMatch(/GEN\d+ · Generated Security Benchmark/);
    expect(text).toContain('90 more reports are not drawn');
    expect(text).toContain('95 other reports are left out of this executive summary');
    expect(text).toContain('Worst categories');
    expect(text).toMatch(/The first 10 of [\d,]+ failing policies/);
    expect(text).toMatch(/[\d,]+ more failing policies: the full tier/);
    expect(text).not.toContain('Policies of Generated Security Benchmark');
    expect(text).not.toContain('Action list: failing policies');
  }, 60_000);

  it('shows every report of a small document, each with its summary and action list, in the PDF', async () => {
    const { renderExecutivePdfView } = await import('../../src/render/pdf/render-executive-pdf.js');
    const text = await textOf(await bytesOf(await renderExecutivePdfView(small, { tier: 'executive' })));
    for (const report of small.reports) expect(text).toContain(`benchmark ${report.benchmarkId}`);
    expect(text).not.toContain('left out of this executive summary');
  });

  it('goes through renderReport when the options name the tier', async () => {
    const analysis = await analyseInputs(sample);
    const executive = await bytesOf(await renderReport(analysis, 'pdf', { tier: 'executive' }));
    const full = await bytesOf(await renderReport(analysis, 'pdf', {}));
    expect(await pageCount(executive)).toBeLessThan(await pageCount(full));
    expect(await textOf(executive)).toContain('executive summary');
  });

  it('writes an HTML page with the summaries and no category, policy or report tables, whatever the size', () => {
    const page = readHtml(renderHtmlView(large, { tier: 'executive' }));
    expect(page.ids.has('overview')).toBe(true);
    expect(page.ids.has('data-quality')).toBe(true);
    expect(page.ids.has('overview-reports')).toBe(false);
    const sections = [...page.ids].filter((id) => /^r\d+$/.test(id));
    expect(sections).toHaveLength(executiveLimits.reports);
    expect([...page.ids].some((id) => id.endsWith('-policies') || id.endsWith('-categories'))).toBe(false);
    expect(page.text).toContain('95 other reports are left out of this executive summary');
    expect(page.text).toMatch(/GEN\d+ · Generated Security Bench/);
    expect(page.tables).toBeLessThanOrEqual(2 * executiveLimits.reports + 1);
  });

  it('links only to what the page holds: every in-page link has its target', () => {
    for (const view of [large, small]) {
      const html = renderHtmlView(view, { tier: 'executive' });
      const { ids } = readHtml(html);
      const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]!);
      expect(targets.filter((target) => !ids.has(target))).toEqual([]);
    }
  });

  it('keeps the full page unchanged without the option', () => {
    const page = readHtml(renderHtmlView(small, {}));
    expect(page.ids.has('overview-reports')).toBe(true);
    expect(page.text).not.toContain('executive summary');
  });
});

describe('the roll-up chart of the full HTML page', () => {
  it('names each report by its benchmark id, label cut on the right', async () => {
    const html = renderHtmlView(await viewOfFile(sample), {});
    expect(html).toMatch(/<text class="bar-label"[^>]*>CSBP · Cloud Security[^<]*…<\/text>/);
    expect(html).toContain('<title>CSBP · Cloud Security Best Practices — Fabrikam Payments - Production:');
  });
});
