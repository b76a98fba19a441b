import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { renderExecutiveHtmlView } from '../../../src/render/html/render-executive-html.js';
import { launchChromium } from '../../support/chromium.js';
import { hasProgram } from '../../support/system-program.js';

describe.skipIf(!hasProgram('chromium', 'chromium'))('the executive HTML page in Chromium', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'cspm-executive-'));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser.close();
    rmSync(folder, { recursive: true, force: true });
  });

  async function open(sample: string): Promise<Page> {
    const path = join(folder, `${sample.replace(/\W/g, '-')}.html`);
    writeFileSync(path, renderExecutiveHtmlView(buildViewModel(await analyseInputs(sample)), { tier: 'executive' }));
    const page = await browser.context.newPage();
    await page.goto(pathToFileURL(path).href, { waitUntil: 'load' });
    return page;
  }

  // textContent, not innerText: the eyebrow is upper-cased by CSS.
  const eyebrows = (page: Page) =>
    page.locator('section.report:not(.overview) .report-header .eyebrow').allTextContents();

  it('numbers the reports from 1, as the full tier does', async () => {
    const page = await open('samples/azure-multi-benchmark.json');
    expect(await eyebrows(page)).toEqual([
      'Benchmark report 1 of 3',
      'Benchmark report 2 of 3',
      'Benchmark report 3 of 3',
    ]);
  });

  it('numbers a lone report 1', async () => {
    const page = await open('samples/azure-csbp.json');
    expect(await eyebrows(page)).toEqual(['Benchmark report 1']);
  });

  it('ranks the worst categories 1 to n', async () => {
    const page = await open('samples/azure-multi-benchmark.json');
    const list = page.locator('.worst-list').first();
    // The number Chromium draws before each item: the item's ordinal value.
    const ranks = await page.evaluate("[...document.querySelector('.worst-list').children].map((item) => item.value)");
    expect(ranks).toEqual([1, 2, 3]);
    // Ranked by what fails, heaviest first: the weighted Red of each item never grows down the list.
    const items = await list.locator('li').allTextContents();
    const weights = items.map((item) => Number(/weighted (\d+)/.exec(item)?.[1]));
    expect(weights.every((weight) => Number.isInteger(weight))).toBe(true);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    expect(items[0]).toContain('Azure - Compute (IaaS)');
  });
});
