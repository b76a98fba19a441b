import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtmlView } from '../../../src/render/html/render-html.js';
import { launchChromium } from '../../support/chromium.js';
import { hasProgram } from '../../support/system-program.js';
import { comparison } from './comparison.js';

/** Screenshots land here for a person to look at; out/ is ignored by git. */
const screenshots = 'out/screenshots';

describe.skipIf(!hasProgram('chromium', 'chromium'))('the Changes section in Chromium', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let folder: string;
  let url: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'cspm-changes-'));
    mkdirSync(screenshots, { recursive: true });
    const path = join(folder, 'changes.html');
    writeFileSync(path, renderHtmlView((await comparison()).view, {}));
    url = pathToFileURL(path).href;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('styles the section under the page policy and shows each colour with its word', async () => {
    const page = await browser.context.newPage();
    await page.addInitScript(
      "window.violations = []; document.addEventListener('securitypolicyviolation', (event) => window.violations.push(event.violatedDirective));",
    );
    await page.goto(url, { waitUntil: 'load' });
    const section = page.locator('#r1-changes');
    expect(await section.locator('h3').innerText()).toBe('Changes since the scan of 2024-03-11 06:40 UTC');
    // The Changes stylesheet is in the page's one style element, which the policy allows by its hash.
    expect(
      await page.evaluate(
        "getComputedStyle(document.querySelector('#r1-changes .change-count-regression')).backgroundColor",
      ),
    ).toBe('rgb(255, 235, 233)');
    expect(await page.evaluate('window.violations')).toEqual([]);
    const first = section.locator('.change-table tbody tr').first();
    expect((await first.locator('.transition').innerText()).replace(/\s+/g, ' ')).toBe('Green → Red');
    expect(
      await page.evaluate(
        "[...document.querySelectorAll('#r1-changes .change-table tbody tr:first-child .transition .badge')].map((badge) => badge.className + ':' + badge.textContent)",
      ),
    ).toEqual(['badge badge-green:Green', 'badge badge-red:Red']);
    expect(await section.locator('.change-table tbody tr').count()).toBe(9);
    await section.screenshot({ path: join(screenshots, 'html-changes.png') });
    await page.close();
  });
});
