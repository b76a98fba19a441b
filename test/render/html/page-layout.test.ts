import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import type { ViewModel } from '../../../src/model/view-model.js';
import { pageLimits } from '../../../src/render/html/page-plan.js';
import { renderHtmlView } from '../../../src/render/html/render-html.js';
import { launchChromium } from '../../support/chromium.js';
import { hasProgram } from '../../support/system-program.js';
import { generatedReports, viewOf } from './views.js';

/** Screenshots land here for a person to look at; out/ is ignored by git. */
const screenshots = 'out/screenshots';
const samples = ['aws-cis', 'azure-csbp', 'azure-multi-benchmark', 'office365'] as const;

describe.skipIf(!hasProgram('chromium', 'chromium'))('the layout of the HTML page in Chromium', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let folder: string;
  const pages: Record<string, { url: string; view: ViewModel }> = {};

  async function addPage(name: string, view: ViewModel): Promise<void> {
    const path = join(folder, `${name}.html`);
    writeFileSync(path, renderHtmlView(view, {}));
    pages[name] = { url: pathToFileURL(path).href, view };
  }

  async function open(name: string, width = 1280): Promise<Page> {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(pages[name]?.url ?? '', { waitUntil: 'load' });
    return page;
  }

  /**
   * A sample's page for the tests that only read its layout: loaded once per file and
   * resized to `width` (the layout follows the viewport), where each test used to load
   * the sample again at each width. Tests that filter, sort or page open their own.
   */
  const shared = new Map<string, Promise<Page>>();
  async function look(name: string, width = 1280): Promise<Page> {
    let opened = shared.get(name);
    if (opened === undefined) {
      opened = open(name, width);
      shared.set(name, opened);
    }
    const page = await opened;
    await page.setViewportSize({ width, height: 900 });
    return page;
  }

  const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
  const policiesOf = (name: string, category: string) =>
    pages[name]?.view.reports[0]?.categories
      .filter((entry) => entry.name === category)
      .flatMap((entry) => [...entry.policies]) ?? [];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'cspm-layout-'));
    mkdirSync(screenshots, { recursive: true });
    browser = await launchChromium();
    context = browser.context;
    for (const sample of samples) await addPage(sample, buildViewModel(await analyseInputs(`samples/${sample}.json`)));
    await addPage('paged', await viewOf(generatedReports(1, 3, 100)));
    await addPage('many-categories', await viewOf(generatedReports(1, pageLimits.chartBars + 10, 1)));
  });

  afterAll(async () => {
    await browser?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('finds the policies of a category by searching its name, and shows the category of every row', async () => {
    const page = await open('azure-csbp');
    const block = page.locator('#r1 .table-block[data-kind="policies"]');
    const categories = page.locator('#r1 .policy-table tbody td.category');
    const keyManagement = policiesOf('azure-csbp', 'Azure - Key Management');
    expect(keyManagement.length).toBeGreaterThan(0);
    expect(await categories.count()).toBe(pages['azure-csbp']?.view.reports[0]?.figures.total);

    await block.locator('input[data-filter="text"]').fill('Key Management');
    await poll(() => categories.allInnerTexts()).toEqual(keyManagement.map(() => 'Azure - Key Management'));
    expect(await page.locator('#r1 .policy-table tbody td.title').allInnerTexts()).toEqual(
      keyManagement.map((policy) => policy.ShortTitle),
    );

    await block.locator('button[type="reset"]').click();
    await block.locator('select[data-filter="category"]').selectOption('Azure - Key Management');
    await poll(() => categories.count()).toBe(keyManagement.length);
    await page.close();
  });

  it('draws the category in the rows the script adds, and sorts and filters by it', async () => {
    const page = await open('paged');
    const block = page.locator('#r1 .table-block[data-kind="policies"]');
    const categories = page.locator('#r1 .policy-table tbody td.category');
    await block.locator('[data-page="next"]').click();
    await poll(() => categories.count()).toBe(300 - pageLimits.policyRowsPerTable);
    expect(new Set(await categories.allInnerTexts())).toEqual(new Set(['Category 3']));

    await page.locator('#r1 .policy-table th[data-key="category"] button').click();
    await page.locator('#r1 .policy-table th[data-key="category"] button').click();
    await poll(() => categories.first().innerText()).toBe('Category 3');

    await block.locator('select[data-filter="category"]').selectOption('Category 2');
    await poll(() => block.locator('.table-status').innerText()).toBe('100 policies match the filters, of 300.');
    expect(new Set(await categories.allInnerTexts())).toEqual(new Set(['Category 2']));
    await page.close();
  });

  it.each([1280, 1400])('fits every policy table in its box at %i px, with no column cut', async (width) => {
    for (const sample of samples) {
      const page = await look(sample, width);
      const overflow = (await page.evaluate(
        "[...document.querySelectorAll('.policy-table')].map((table) => { const box = table.closest('.table-scroll'); return { scroll: box.scrollWidth, client: box.clientWidth }; })",
      )) as { scroll: number; client: number }[];
      expect(overflow.length, sample).toBeGreaterThan(0);
      for (const box of overflow) expect(box.scroll, `${sample} at ${width} px`).toBeLessThanOrEqual(box.client);
      if (sample === 'azure-csbp') {
        await page.evaluate("document.getElementById('r1-policies').scrollIntoView()");
        await page.screenshot({ path: join(screenshots, `html-policy-table-${width}.png`) });
      }
    }
  });

  it('draws a bar for every category, or links to the table that lists the rest', async () => {
    const every = await look('azure-csbp');
    expect(await every.locator('#r1 .bar-chart a').count()).toBe(
      pages['azure-csbp']?.view.reports[0]?.categories.length,
    );
    expect(await every.locator('#r1 .chart-note').count()).toBe(0);

    const page = await open('many-categories');
    const total = pageLimits.chartBars + 10;
    expect(await page.locator('#r1 .bar-chart a').count()).toBe(pageLimits.chartBars);
    const note = page.locator('#r1 .chart-note');
    expect(await note.innerText()).toBe(
      `The first ${pageLimits.chartBars} of ${total} categories are drawn; the Categories table below lists all ${total}.`,
    );
    await page.locator('#r1 .chart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshots, 'html-chart-note.png') });
    await note.locator('a').click();
    expect(page.url()).toMatch(/#r1-categories$/);
    expect(await page.locator('#r1-categories').innerText()).toBe('Categories');
    await page.close();
  });

  it('orders the chart legend like the colour cards', async () => {
    const page = await look('azure-csbp', 1400);
    const cards = (await page.locator('#r1 .colour-cards .card-label').allInnerTexts()).map((label) => label.trim());
    const legend = (await page.locator('#r1 .legend li').allInnerTexts()).map((label) => label.trim());
    expect(legend).toEqual(cards.filter((label) => !['Compliance', 'Policies', 'Failing resources'].includes(label)));
    expect(legend).toEqual(['Green', 'Red', 'Amber', 'Gray']);
    await page.locator('#r1 .chart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshots, 'html-chart-legend-1400.png') });
  });
});
