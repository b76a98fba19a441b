import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../src/index.js';
import { runInProcess } from '../../support/cli-run.js';
import { launchChromium } from '../../support/chromium.js';
import { hasProgram } from '../../support/system-program.js';
import { siteAccounts, writeSiteFleet } from './site-fleet.js';

describe.skipIf(!hasProgram('chromium', 'chromium'))('the fleet site in Chromium, served by serve --site', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let folder: string;
  let emulator: Emulator;
  let origin: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'cspm-site-served-'));
    const inputs = join(folder, 'scans');
    await writeSiteFleet(inputs, siteAccounts);
    const site = join(folder, 'site');
    const run = await runInProcess(['site', inputs, '-o', site, '--quiet']);
    if (run.code !== 0) throw new Error(run.stderr);
    emulator = await createEmulator({ site });
    origin = new URL(emulator.url).origin;
    browser = await launchChromium();
    context = browser.context;
  });

  afterAll(async () => {
    await browser?.close();
    await emulator?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** A new page, recording every request it makes and every console error and uncaught exception. */
  async function newPage() {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    return { page, requests, errors };
  }

  const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
  const heading = (page: Page) => page.locator('main h1').first();
  const rows = (page: Page) => page.locator('main table tbody tr').filter({ has: page.getByRole('link') });
  const accountLinks = (page: Page) => rows(page).getByRole('link');

  it('clicks through the overview, the accounts and an account, and opens a deep link, asking nothing beyond its origin', async () => {
    const { page, requests, errors } = await newPage();
    const response = await page.goto(emulator.siteUrl ?? '', { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(await response?.headerValue('content-security-policy')).toContain("default-src 'none'");
    await poll(() => heading(page).textContent()).toBe('Fleet posture');
    await poll(() => page.locator('main svg').count()).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Accounts', exact: true }).click();
    await poll(() => heading(page).textContent()).toBe('Accounts');
    await poll(() => accountLinks(page).count()).toBe(siteAccounts.length);

    await page.getByLabel('Connector').selectOption('AWS');
    const aws = siteAccounts.filter((account) => account.sample === 'aws-cis').map((account) => account.name);
    await poll(async () => (await accountLinks(page).allTextContents()).sort()).toEqual([...aws].sort());

    await page.getByRole('button', { name: /^Account/ }).click();
    const sortedBy = page.getByRole('columnheader', { name: /^Account/ });
    await poll(() => sortedBy.getAttribute('aria-sort')).not.toBeNull();
    const order = await sortedBy.getAttribute('aria-sort');
    const ascending = [...aws].sort((a, b) => a.localeCompare(b));
    await poll(() => accountLinks(page).allTextContents()).toEqual(
      order === 'ascending' ? ascending : [...ascending].reverse(),
    );

    await page.getByLabel('Search').fill('payments');
    await poll(() => accountLinks(page).allTextContents()).toEqual(['Payments production']);

    await accountLinks(page).first().click();
    await poll(() => heading(page).textContent()).toBe('Payments production');
    await poll(() => page.locator('main svg').count()).toBeGreaterThan(0);
    const deepLink = page.url();
    expect(deepLink.startsWith(`${origin}/site/`)).toBe(true);

    await page.goBack();
    await poll(() => heading(page).textContent()).toBe('Accounts');
    await poll(() => page.getByLabel('Search').inputValue()).toBe('payments');
    await poll(() => accountLinks(page).allTextContents()).toEqual(['Payments production']);

    const deep = await newPage();
    await deep.page.goto(deepLink, { waitUntil: 'load' });
    await poll(() => heading(deep.page).textContent()).toBe('Payments production');
    await poll(() => deep.page.locator('main svg').count()).toBeGreaterThan(0);

    const all = [...requests, ...deep.requests];
    expect(all.length).toBeGreaterThan(2);
    expect(all.filter((url) => !url.startsWith(`${origin}/site/`))).toEqual([]);
    // The browser's own ask for /favicon.ico is not among a page's requests; a 404 of it would be among its errors.
    expect([...errors, ...deep.errors]).toEqual([]);
  });

  it('answers a file the site does not hold 404 in the browser too, and the page goes on', async () => {
    const { page } = await newPage();
    const missing = await page.goto(`${origin}/site/no-such-file.js`);
    expect(missing?.status()).toBe(404);
    expect(await missing?.headerValue('content-type')).toBe('text/plain; charset=utf-8');
    const index = await page.goto(`${origin}/site/#/accounts`, { waitUntil: 'load' });
    expect(index?.status()).toBe(200);
    await poll(() => heading(page).textContent()).toBe('Accounts');
  });
});
