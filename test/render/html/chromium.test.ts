import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewModel } from '../../../src/model/view-model.js';
import { pageLimits } from '../../../src/render/html/page-plan.js';
import { renderHtmlView } from '../../../src/render/html/render-html.js';
import { launchChromium } from '../../support/chromium.js';
import { hasProgram } from '../../support/system-program.js';
import { generatedReports, hostileView, viewOf } from './views.js';

/** Screenshots land here for a person to look at; out/ is ignored by git. */
const screenshots = 'out/screenshots';

describe.skipIf(!hasProgram('chromium', 'chromium'))('the HTML page in Chromium', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let folder: string;
  const pages: Record<string, { url: string; view: ViewModel }> = {};

  async function addPage(name: string, view: ViewModel): Promise<void> {
    const path = join(folder, `${name}.html`);
    writeFileSync(path, renderHtmlView(view, {}));
    pages[name] = { url: pathToFileURL(path).href, view };
  }

  /** Opens a page and records every request and every CSP violation it causes. */
  async function open(name: string, hash = ''): Promise<{ page: Page; requests: string[] }> {
    const entry = pages[name];
    if (!entry) throw new Error(`no page ${name}`);
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    // Browser code as text: this project's TypeScript knows no DOM.
    await page.addInitScript(
      "window.violations = []; document.addEventListener('securitypolicyviolation', (event) => window.violations.push(event.violatedDirective + ' ' + event.sample));",
    );
    await page.goto(entry.url + hash, { waitUntil: 'load' });
    return { page, requests };
  }

  /**
   * One load of a page for the tests that leave it as they found it or change only what
   * no later user of it reads: 'three' is read, then printed by the last test; 'large'
   * is paged in its first section, then scrolled to sections further down.
   */
  const shared = new Map<string, Promise<{ page: Page; requests: string[] }>>();
  function openShared(name: string): Promise<{ page: Page; requests: string[] }> {
    let opened = shared.get(name);
    if (opened === undefined) {
      opened = open(name);
      shared.set(name, opened);
    }
    return opened;
  }

  const rows = (page: Page, table: string) => page.locator(`${table} tbody tr`);
  /** Text as in the DOM: innerText is empty for sections the browser has not laid out yet. */
  const text = async (page: Page, selector: string) =>
    ((await page.locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
  /** The page script works asynchronously (observers, a debounced search); a loaded machine can be slow. */
  const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'cspm-html-'));
    mkdirSync(screenshots, { recursive: true });
    browser = await launchChromium();
    context = browser.context;
    await addPage('hostile', await hostileView());
    await addPage('three', await viewOf(generatedReports(3, 4, 25)));
    await addPage('large', await viewOf(generatedReports(pageLimits.fullSections + 5, 3, 100)));
    await addPage('categories', await viewOf(generatedReports(1, 10_000, 1)));
  });

  afterAll(async () => {
    await browser?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('runs no script from the data, shows it as text and loads nothing', async () => {
    const { page, requests } = await open('hostile');
    expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
    const table = page.locator('#r1 .policy-table');
    await poll(() => table.innerText()).toContain('<script>window.__pwned = true</script>');
    expect(await table.innerText()).toContain("{{constructor.constructor('window.__pwned=true')()}} {{> evil}}");
    expect(await table.innerText()).toContain('<img src=x onerror="window.__pwned=true">');
    expect(await page.locator('h1').innerText()).toBe('Hostile <b>Benchmark</b> & "Co" — <i>Azure</i> {{account}}');
    expect(await page.locator('html').getAttribute('class')).toBe('js');
    expect(await page.evaluate('window.violations')).toEqual([]);
    expect(requests).toEqual([pages['hostile']?.url]);
    await page.screenshot({ path: join(screenshots, 'html-hostile.png'), fullPage: true });
    await page.close();
  });

  it('draws the tables of every report', async () => {
    const { page } = await openShared('three');
    for (const anchor of ['r1', 'r2', 'r3']) {
      expect(await rows(page, `#${anchor} .category-table`).count()).toBe(4);
      expect(await rows(page, `#${anchor} .policy-table`).count()).toBe(100);
    }
    expect(await rows(page, '#overview .report-table').count()).toBe(3);
    expect(await page.locator('#r1 .bar-chart a').count()).toBe(4);
    await page.screenshot({ path: join(screenshots, 'html-three-reports.png') });
  });

  it('filters policies by colour, severity, service and text', async () => {
    const { page } = await open('three');
    const policies = pages['three']?.view.reports[0]?.categories.flatMap((category) => [...category.policies]) ?? [];
    const count = (test: (policy: (typeof policies)[number]) => boolean) => policies.filter(test).length;
    const block = page.locator('#r1 .table-block[data-kind="policies"]');
    const visible = rows(page, '#r1 .policy-table');

    await block.locator('select[data-filter="colour"]').selectOption('Red');
    await poll(() => visible.count()).toBe(count((policy) => policy.Compliance === 'Red'));
    expect(await visible.locator('.badge').first().innerText()).toBe('Red');

    await block.locator('select[data-filter="severity"]').selectOption('Critical');
    await poll(() => visible.count()).toBe(
      count((policy) => policy.Compliance === 'Red' && policy.Severity === 'Critical'),
    );

    await block.locator('button[type="reset"]').click();
    await poll(() => visible.count()).toBe(100);

    await block.locator('select[data-filter="service"]').selectOption('KeyVaultService');
    await poll(() => visible.count()).toBe(count((policy) => policy.ServiceName === 'KeyVaultService'));
    await block.locator('button[type="reset"]').click();

    await block.locator('input[data-filter="text"]').fill('policy 7 of category 2');
    await poll(() => visible.count()).toBe(1);
    expect(await block.locator('.table-status').innerText()).toBe('1 policy match the filters, of 100.');

    await block.locator('input[data-filter="text"]').fill('no such policy');
    await poll(() => block.locator('.table-status').innerText()).toBe(
      'No policy matches the filters (100 policies in all).',
    );
    expect(await visible.count()).toBe(0);
    await page.close();
  });

  it('sorts policies by a column, both ways', async () => {
    const { page } = await open('three');
    const header = page.locator('#r1 .policy-table th[data-key="severity"]');
    const severities = () => page.locator('#r1 .policy-table tbody td:nth-child(6)').allInnerTexts();
    await header.locator('button').click();
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    const ascending = await severities();
    expect(ascending[0]).toBe('Critical');
    expect(ascending.at(-1)).toBe('VeryLow');
    await header.locator('button').click();
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    expect((await severities())[0]).toBe('VeryLow');

    const number = page.locator('#r1 .policy-table th[data-key="number"] button');
    await number.click();
    const numbers = await page.locator('#r1 .policy-table tbody td:nth-child(1)').allInnerTexts();
    expect(numbers.slice(0, 3)).toEqual(['1.1', '1.2', '1.3']);
    expect(numbers.indexOf('1.10')).toBe(9);
    await page.close();
  });

  it('pages through a table longer than its static rows', async () => {
    const { page } = await openShared('large');
    const block = page.locator('#r1 .table-block[data-kind="policies"]');
    expect(await rows(page, '#r1 .policy-table').count()).toBe(pageLimits.policyRowsPerTable);
    expect(await text(page, '#r1 .table-block[data-kind="policies"] .table-status')).toMatch(
      new RegExp(`^Showing the first ${pageLimits.policyRowsPerTable} of 300 policies\\.`),
    );
    await block.locator('[data-page="next"]').click();
    await poll(() => rows(page, '#r1 .policy-table').count()).toBe(300 - pageLimits.policyRowsPerTable);
    expect(await text(page, '#r1 .table-block[data-kind="policies"] .table-status')).toBe(
      `Showing ${pageLimits.policyRowsPerTable + 1}–300 of 300 policies.`,
    );
    expect(await block.locator('[data-page="next"]').isDisabled()).toBe(true);
  });

  it('draws the tables and sections beyond the static budget when they are scrolled to', async () => {
    const { page, requests } = await openShared('large');
    const budgetless = `#r${pageLimits.policyRowsInPage / pageLimits.policyRowsPerTable + 1}`;
    expect(await page.locator(`${budgetless} .table-block[data-kind="policies"]`).getAttribute('data-static')).toBe(
      '0',
    );
    await page.locator(`${budgetless} .policy-table`).scrollIntoViewIfNeeded();
    await poll(() => rows(page, `${budgetless} .policy-table`).count()).toBe(pageLimits.policyRowsPerTable);

    const lazy = `#r${pageLimits.fullSections + 2}`;
    expect(await page.locator(`${lazy}.report-lazy`).count()).toBe(1);
    await page.locator(lazy).scrollIntoViewIfNeeded();
    await poll(() => page.locator(`${lazy}.report-lazy`).count()).toBe(0);
    await page.locator(`${lazy} .category-table`).scrollIntoViewIfNeeded();
    await poll(() => rows(page, `${lazy} .category-table`).count()).toBe(3);
    await page.locator(`${lazy} .policy-table`).scrollIntoViewIfNeeded();
    await poll(() => rows(page, `${lazy} .policy-table`).count()).toBe(pageLimits.policyRowsPerTable);
    expect(await page.locator(`${lazy} .bar-chart a`).count()).toBe(3);
    expect(await page.evaluate('window.violations')).toEqual([]);
    expect(requests).toEqual([pages['large']?.url]);
  });

  it('fills a section still left out when a link points to it', async () => {
    const last = `r${pageLimits.fullSections + 5}`;
    const { page } = await open('large', `#${last}`);
    await poll(() => page.locator(`#${last} .category-table tbody tr`).count()).toBe(3);
    expect(await page.locator(`#${last}-title`).isVisible()).toBe(true);
    await page.screenshot({ path: join(screenshots, 'html-lazy-section.png') });
    await page.close();
  });

  it('keeps a page of ten thousand categories to one page of rows', async () => {
    const { page } = await open('categories');
    expect(await rows(page, '#r1 .category-table').count()).toBe(pageLimits.categoryRows);
    const block = page.locator('#r1 .table-block[data-kind="categories"]');
    await block.locator('input[data-filter="text"]').fill('category 9999');
    await poll(() => rows(page, '#r1 .category-table').count()).toBe(1);
    await block.locator('input[data-filter="text"]').fill('');
    await page.locator('#r1 .category-table th[data-key="order"] button').click();
    await page.locator('#r1 .category-table th[data-key="order"] button').click();
    await poll(() => page.locator('#r1 .category-table tbody tr td:first-child').first().innerText()).toBe('10000');
    await page.close();
  });

  it('reads with JavaScript off', async () => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await page.goto(pages['large']?.url ?? '', { waitUntil: 'load' });
    expect(await page.locator('html').getAttribute('class')).toBe('no-js');
    expect(await rows(page, '#r1 .policy-table').count()).toBe(pageLimits.policyRowsPerTable);
    expect(await page.locator('#r1 .table-tools').isVisible()).toBe(false);
    const status = await text(page, '#r1 .table-block[data-kind="policies"] .table-status');
    expect(status).toContain(`Showing the first ${pageLimits.policyRowsPerTable} of 300 policies. Turn on JavaScript`);
    expect(await text(page, `#r${pageLimits.fullSections + 1}`)).toContain(
      `this page shows the first ${pageLimits.fullSections} reports in full`,
    );
    await page.screenshot({ path: join(screenshots, 'html-no-javascript.png') });
    await page.close();
  });

  it('prints without the controls', async () => {
    const { page } = await openShared('three');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#r1 .table-tools').isVisible()).toBe(false);
    expect(await rows(page, '#r1 .policy-table').count()).toBe(100);
    expect(await page.locator('#r3 .policy-table tbody tr').first().isVisible()).toBe(true);
    await page.close();
  });
});
