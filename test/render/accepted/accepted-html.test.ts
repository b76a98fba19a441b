import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtmlView } from '../../../src/render/html/render-html.js';
import { launchChromium } from '../../support/chromium.js';
import { hasProgram } from '../../support/system-program.js';
import { hostileAccepted, hostileReason, sampleAccepted } from './accepted-view.js';

/** Screenshots land here for a person to look at; out/ is ignored by git. */
const screenshots = 'out/screenshots';

describe.skipIf(!hasProgram('chromium', 'chromium'))('the Accepted risks of the HTML page, in Chromium', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let folder: string;

  async function open(name: string, html: string): Promise<Page> {
    const path = join(folder, `${name}.html`);
    writeFileSync(path, html);
    const page = await context.newPage();
    await page.addInitScript(
      "window.violations = []; document.addEventListener('securitypolicyviolation', (event) => window.violations.push(event.violatedDirective));",
    );
    await page.goto(pathToFileURL(path).href, { waitUntil: 'load' });
    return page;
  }

  const text = async (page: Page, selector: string) =>
    ((await page.locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'cspm-accepted-html-'));
    mkdirSync(screenshots, { recursive: true });
    browser = await launchChromium();
    context = browser.context;
  });

  afterAll(async () => {
    await browser?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('lists every exception with its owner, approver, reason and expiry, and names the expired one', async () => {
    const { view, options } = await sampleAccepted(-1);
    const page = await open('sample', renderHtmlView(view, options));
    const rows = page.locator('#accepted-risks .accepted-table tbody tr');
    expect(await rows.count()).toBe(3);
    const first = await text(page, '#accepted-risks .accepted-table tbody tr');
    expect(first).toContain('EXC-1');
    expect(first).toContain('active: 90 days left');
    expect(first).toContain('VMDiskEncryption (Contoso Production)');
    expect(first).toContain('platform@example.com');
    expect(first).toContain('ciso@example.com');
    expect(first).toContain('Accepted until the platform migration ends.');
    expect(await text(page, '#accepted-risks .accepted-expired')).toMatch(
      /^EXC-2 expired on \d{4}-\d\d-\d\d \(owner platform@example\.com\): it no longer applies, and VMJustInTimeAccess \(Contoso Production\) fails again\.$/,
    );
    expect(await text(page, '#accepted-risks .accepted-unused')).toContain('unused: matches no policy');
    expect(await text(page, '#accepted-risks .accepted-files')).toMatch(
      /exceptions\.yaml · SHA-256 [0-9a-f]{64} · 3 exceptions/,
    );
    expect(await text(page, '#accepted-risks .eyebrow')).toBe(`Exceptions judged on ${view.acceptedRisks?.judgedOn}`);
    expect(await text(page, '.page-meta a[href="#accepted-risks"]')).toBe(
      `${view.rollup.figures.percentText} as scanned; 1 policy accepted`,
    );
    expect(await page.evaluate('window.violations')).toEqual([]);
    await page.locator('#accepted-risks').screenshot({ path: join(screenshots, 'html-accepted-risks.png') });
    await page.locator('#r1 .action-list').screenshot({ path: join(screenshots, 'html-accepted-actions.png') });
    await page.close();
  });

  it('marks the accepted policy beside its colour, which stays as scanned, also in rows the script draws', async () => {
    const { view, options } = await sampleAccepted(10);
    const page = await open('renewed', renderHtmlView(view, options));
    const accepted = page.locator('#r1 .policy-table tbody tr', { hasText: 'accepted · EXC-1' });
    expect(await accepted.count()).toBe(1);
    expect(await accepted.locator('td:nth-child(5) .badge').innerText()).toBe('Red');
    expect(await accepted.locator('.accepted-mark').innerText()).toMatch(/^accepted · EXC-1, until \d{4}-\d\d-\d\d$/);
    expect(await page.locator('#r1 .action-table .accepted-mark').count()).toBe(2);
    await accepted.screenshot({ path: join(screenshots, 'html-accepted-policy-row.png') });
    // A sort redraws every row from the data: the marks come back with them.
    await page.locator('#r1 .policy-table th[data-key="severity"] button').click();
    await expect.poll(() => page.locator('#r1 .policy-table th[aria-sort]').count()).toBe(1);
    const marks = page.locator('#r1 .policy-table .accepted-mark');
    await expect
      .poll(() => marks.allInnerTexts(), { timeout: 10_000 })
      .toEqual([
        expect.stringMatching(/^accepted · EXC-1, until /),
        expect.stringMatching(/^accepted · EXC-2, until .* \(10 days left\)$/),
      ]);
    expect(await page.locator('#r1 .policy-table .accepted-mark-expiring').count()).toBe(1);
    expect(await page.evaluate('window.violations')).toEqual([]);
    await page.close();
  });

  it('shows hostile exception text as text and runs none of it', async () => {
    const { view, options } = await hostileAccepted();
    const page = await open('hostile', renderHtmlView(view, options));
    expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
    expect(await text(page, '#accepted-risks .reason')).toBe(hostileReason.replace(/\s+/g, ' ').trim());
    expect(await text(page, '#accepted-risks .accepted-table td.code')).toBe('EXC-<i>9</i>');
    expect(await page.locator('#accepted-risks b, #accepted-risks i').count()).toBe(0);
    expect(await page.locator('#r1 .policy-table .accepted-mark').innerText()).toContain('EXC-<i>9</i>');
    await page.locator('#accepted-risks').screenshot({ path: join(screenshots, 'html-accepted-hostile.png') });
    await page.close();
  });

  it('gives the executive page the count, the expired exception and the nearest expiries', async () => {
    const { view, options } = await sampleAccepted(-1);
    const page = await open('executive', renderHtmlView(view, { ...options, tier: 'executive' }));
    expect(await text(page, '#accepted-risks .accepted-summary')).toBe(
      `1 policy accepted · 1 active · 1 expired · 1 unused (exceptions judged on ${view.acceptedRisks?.judgedOn}). Accepted policies keep the colour the scan gave them; the full tier lists every exception.`,
    );
    expect(await text(page, '#accepted-risks .accepted-expired')).toMatch(/^EXC-2 expired on .*VMJustInTimeAccess/);
    expect(await page.locator('#accepted-risks .accepted-nearest li').allTextContents()).toEqual([
      expect.stringMatching(
        /^EXC-1 · \d{4}-\d\d-\d\d \(90 days left\) · VMDiskEncryption \(Contoso Production\) · owner platform@example\.com$/,
      ),
    ]);
    expect(await page.locator('.action-table .accepted-mark').allTextContents()).toEqual([
      expect.stringMatching(/^accepted · EXC-1, until /),
    ]);
    expect(await page.evaluate('window.violations')).toEqual([]);
    await page.locator('#accepted-risks').screenshot({ path: join(screenshots, 'html-accepted-executive.png') });
    await page.close();
  });

  it('gives the overview of several reports both ways', async () => {
    const { view, options } = await sampleAccepted(-1, ['samples/azure-csbp.json', 'samples/aws-cis.json']);
    const page = await open('overview', renderHtmlView(view, options));
    expect(await text(page, '#overview .accepted-figure-line')).toBe(
      `Compliance ${view.rollup.figures.percentText} as scanned; 1 policy accepted: accepted policies keep their colour (see Accepted risks).`,
    );
    expect(await text(page, '#r2 .accepted-figure-line')).toContain('as scanned; 0 policies accepted');
    await page.close();
  });
});
