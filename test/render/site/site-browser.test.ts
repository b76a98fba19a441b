import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../../support/cli-run.js';
import { launchChromium } from '../../support/chromium.js';
import { hasProgram } from '../../support/system-program.js';
import { siteAccounts, siteExceptionsYaml, writeSiteFleet } from './site-fleet.js';
import { pooledPercent, recountFleet, type AccountRecount } from './site-recount.js';
import { manyAccountsSite } from './many-accounts-site.js';
import { renderSite } from '../../../src/render/site/render-site.js';

/** What axe-core reports of a rule broken. */
interface Violation {
  id: string;
  impact: string;
}

/** Screenshots land here for a person to look at; out/ is ignored by git. */
const screenshots = 'out/screenshots';

describe.skipIf(!hasProgram('chromium', 'chromium'))('the fleet site in Chromium, opened from its folder', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let folder: string;
  let site: string;
  let bigSite: string;
  let recount: Map<string, AccountRecount>;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'cspm-site-browser-'));
    mkdirSync(screenshots, { recursive: true });
    const inputs = join(folder, 'scans');
    await writeSiteFleet(inputs, siteAccounts);
    recount = recountFleet(inputs);
    site = join(folder, 'site');
    const exceptions = join(folder, 'risks.yaml');
    writeFileSync(exceptions, siteExceptionsYaml);
    const run = await runInProcess(['site', inputs, '-o', site, '--quiet', '--exceptions', exceptions]);
    if (run.code !== 0) throw new Error(run.stderr);
    copyFileSync('node_modules/axe-core/axe.min.js', join(site, 'axe.min.js'));
    bigSite = join(folder, 'big-site');
    for (const file of renderSite(manyAccountsSite(10_000))) {
      const path = join(bigSite, ...file.path.split('/'));
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.body);
    }
    browser = await launchChromium();
    context = browser.context;
  });

  afterAll(async () => {
    await browser?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** A page of a site at `hash`, recording every request and every console error and uncaught exception. */
  async function open(root: string, hash = '', width = 1280) {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${pathToFileURL(join(root, 'index.html')).href}${hash}`, { waitUntil: 'load' });
    await page.locator('main h1').first().waitFor();
    return { page, requests, errors };
  }

  const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
  const rows = (page: Page) => page.locator('table.accounts tbody tr:not(.spacer)');
  const figure = (page: Page, label: string) =>
    page
      .locator('.figure')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('.value');

  async function seriousViolations(page: Page): Promise<string[]> {
    // From the site's folder: its policy lets no inline script run, a test's neither.
    await page.addScriptTag({ url: 'axe.min.js' });
    const result = await page.evaluate(async () => {
      const scope = globalThis as unknown as {
        document: unknown;
        axe: { run(context: unknown, options: { preload: boolean }): Promise<{ violations: Violation[] }> };
      };
      // No preload: axe would fetch the style sheets again, which the site's policy forbids (and reports).
      return scope.axe.run(scope.document, { preload: false });
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id);
  }

  it('opens the overview with the fleet figures the scans hold, asking for nothing but its own files', async () => {
    const { page, requests, errors } = await open(site);
    await poll(() => page.locator('main h1').textContent()).toBe('Fleet posture');
    await poll(() => figure(page, 'Fleet compliance').textContent()).toBe(
      `${pooledPercent(recount.values()).toFixed(1)} %`,
    );
    const reds = [...recount.values()].reduce((sum, account) => sum + account.red, 0);
    await poll(() => figure(page, 'Red policies').textContent()).toBe(String(reds));
    await poll(() => page.locator('svg.chart').count()).toBe(2);
    const dropped = page.locator('section', { hasText: 'Biggest drops' }).locator('tbody tr');
    await poll(() => dropped.allTextContents()).toEqual([expect.stringMatching(/^Payments production.*−/)]);
    const lost = page.locator('section', { hasText: 'Accounts with no scan in the latest round' }).locator('tbody tr');
    await poll(() => lost.allTextContents()).toEqual([expect.stringMatching(/^Sandbox.*2024-03-11$/)]);
    await poll(() => figure(page, 'Accounts that dropped').textContent()).toBe('1');
    await page.screenshot({ path: join(screenshots, 'site-overview-1280.png'), fullPage: true });
    const root = pathToFileURL(site).href;
    expect(requests.filter((url) => !url.startsWith(`${root}/`))).toEqual([]);
    expect(requests.map((url) => url.slice(root.length + 1)).sort()).toEqual([
      'data/overview.js',
      'index.html',
      'site-account.js',
      'site-accounts.js',
      'site-base.js',
      'site-overview.js',
      'site-policies.js',
      'site-script.js',
      'site.css',
    ]);
    expect(errors).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('filters, sorts and searches the accounts, opens one, and comes back to the same view', async () => {
    const { page, errors } = await open(site);
    await page.getByRole('link', { name: 'Accounts', exact: true }).click();
    await poll(() => page.locator('.count').textContent()).toBe('Showing 4 of 4 accounts');
    await page.getByLabel('Connector').selectOption('AWS');
    await poll(() => page.locator('.count').textContent()).toBe('Showing 2 of 4 accounts');
    expect(page.url()).toMatch(/#\/accounts\?connector=AWS$/);
    await page.getByRole('button', { name: 'Red' }).click();
    await page.getByRole('button', { name: /^Red/ }).click();
    await poll(() => page.getByRole('columnheader', { name: /^Red/ }).getAttribute('aria-sort')).toBe('descending');
    const byRed = ['aws-payments', 'aws-sandbox'].sort(
      (a, b) => (recount.get(b)?.red ?? 0) - (recount.get(a)?.red ?? 0),
    );
    await poll(() => rows(page).locator('.id').allTextContents()).toEqual(byRed);
    await poll(() => rows(page).locator('td:nth-child(6)').allTextContents()).toEqual(
      byRed.map((id) => String(recount.get(id)?.red)),
    );
    await page.getByLabel('Search').fill('payments');
    await poll(() => page.locator('.count').textContent()).toBe('Showing 1 of 4 accounts');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Payments production' }).click();
    await poll(() => page.locator('main h1').textContent()).toBe('Payments production');
    const counted = recount.get('aws-payments') as AccountRecount;
    await poll(() => page.locator('tr.failing').count()).toBe(counted.red + counted.amber);
    await poll(() => page.locator('tr.failing').first().locator('.badge').textContent()).toBe('Red');
    // Three Green policies turned Red in the latest round.
    await poll(() => page.locator('tr.changed').count()).toBe(3);
    await poll(() => figure(page, 'Red policies').textContent()).toBe(String(counted.red));
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'site-account-1280.png') });
    await page.goBack();
    await poll(() => page.locator('main h1').textContent()).toBe('Accounts');
    await poll(() => page.getByLabel('Connector').inputValue()).toBe('AWS');
    await poll(() => page.getByLabel('Search').inputValue()).toBe('payments');
    await poll(() => rows(page).count()).toBe(1);
    await page.goBack();
    await poll(() => page.getByRole('columnheader', { name: /^Red/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(errors).toEqual([]);
  });

  it('reopens a view from a link, and shows report text as text', async () => {
    const { page, errors } = await open(site, '#/accounts?connector=Azure');
    await poll(() => rows(page).count()).toBe(1);
    const link = rows(page).getByRole('link');
    await poll(() => link.textContent()).toBe('<img src=x onerror=alert(1)> Data platform');
    const key = (await link.getAttribute('href')) ?? '';
    const deep = await open(site, key, 390);
    await poll(() => deep.page.locator('main h1').textContent()).toBe('<img src=x onerror=alert(1)> Data platform');
    await poll(() => deep.page.locator('main img').count()).toBe(0);
    const counted = recount.get('azure-data') as AccountRecount;
    await poll(() => deep.page.locator('tr.failing').count()).toBe(counted.red + counted.amber);
    await deep.page.screenshot({ path: join(screenshots, 'site-account-390.png'), fullPage: true });
    const missing = await open(site, '#/account/0000000000000000');
    await poll(() => missing.page.getByRole('alert').textContent()).toContain('could not be shown');
    expect([...errors, ...deep.errors]).toEqual([]);
  });

  it('keeps the range of the chart in the URL, and back undoes it', async () => {
    const { page } = await open(site);
    await poll(() => page.getByRole('button', { name: '90 days' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: '7 days' }).click();
    await poll(() => page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(page.url()).toMatch(/#\/\?range=7$/);
    // The latest week holds two of the three rounds (the first is 14 days back).
    await poll(() => page.locator('svg.chart').first().locator('circle').count()).toBe(2);
    await page.goBack();
    await poll(() => page.getByRole('button', { name: '90 days' }).getAttribute('aria-pressed')).toBe('true');
    await poll(() => page.locator('svg.chart').first().locator('circle').count()).toBe(3);
  });

  it('opens a policy from the list of policies: where it fails, since when, accepted or not; and back', async () => {
    const { page, errors } = await open(site);
    const worst = page.locator('section', { hasText: 'Policies failing in the most accounts' });
    await poll(() => worst.locator('tbody tr').count()).toBe(10);
    await page.getByRole('link', { name: 'Policies', exact: true }).click();
    await page.getByLabel('Search').fill('hardware MFA');
    await page.getByRole('link', { name: "Ensure hardware MFA is enabled for the 'root' user account" }).click();
    await poll(() => page.locator('main h1').textContent()).toBe(
      "1.6 Ensure hardware MFA is enabled for the 'root' user account",
    );
    await poll(() => figure(page, 'Failing accounts').textContent()).toBe('2');
    await poll(() => figure(page, 'Accepted').textContent()).toBe('1');
    const failing = page.locator('tr.failing');
    await poll(() => failing.locator('td:first-child').allTextContents()).toEqual(['Payments production', 'Sandbox']);
    // Red since the first round, 14 days before the payments account's latest scan.
    await poll(() => failing.first().locator('td').allTextContents()).toEqual([
      'Payments production',
      'AWS',
      'Red',
      '2024-03-04',
      '14',
      '2024-03-04',
      'EXC-A (until 2024-06-30)',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'site-policy-1280.png'), fullPage: true });
    await page.goBack();
    await poll(() => page.getByLabel('Search').inputValue()).toBe('hardware MFA');
    await page.goBack();
    await poll(() => page.locator('main h1').textContent()).toBe('Fleet posture');
    const risks = page.locator('section', { hasText: 'Accepted risks and the nearest expiries' }).locator('tbody tr');
    await poll(() => risks.locator('td:first-child').allTextContents()).toEqual(['EXC-B', 'EXC-A']);
    // Report and exceptions text as text: the owner's markup is shown as typed.
    await poll(() => risks.first().locator('td:nth-child(5)').textContent()).toBe('<b>secops</b>@example.com');
    await poll(() => page.locator('main b').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('lists every policy, filters and searches them, and keeps the filter in the URL', async () => {
    const { page, errors } = await open(site, '#/policies');
    await poll(() => page.locator('.count').textContent()).toBe('Showing 259 of 259 policies');
    await page.getByLabel('Benchmark').selectOption({ label: 'CIS Amazon Web Services Foundations Benchmark v1.4.0' });
    await poll(() => page.locator('.count').textContent()).toBe('Showing 59 of 259 policies');
    await page.getByLabel('Search').fill('root');
    await poll(() => page.locator('table.policies tbody tr').count()).toBeGreaterThan(0);
    expect(decodeURIComponent(page.url())).toMatch(/#\/policies\?benchmark=CIS.*&q=root$/);
    const reopened = await open(site, new URL(page.url()).hash, 390);
    await poll(() => reopened.page.getByLabel('Search').inputValue()).toBe('root');
    await poll(() => reopened.page.locator('.count').textContent()).toBe(await page.locator('.count').textContent());
    await reopened.page.screenshot({ path: join(screenshots, 'site-policies-390.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect([...errors, ...reopened.errors]).toEqual([]);
  });

  it("shows an account's accepted risks beside its failing policies", async () => {
    const { page, errors } = await open(site);
    await page.getByRole('link', { name: 'Accounts', exact: true }).click();
    await page.getByRole('link', { name: 'Payments production' }).click();
    await poll(() => figure(page, 'Accepted risks').textContent()).toBe('1');
    const accepted = page.locator('tr.accepted');
    await poll(() => accepted.locator('td').allTextContents()).toEqual([
      '1.6',
      "Ensure hardware MFA is enabled for the 'root' user account",
      'High',
      'EXC-A',
      'identity@example.com',
      '2024-06-30',
    ]);
    await poll(() => page.locator('tr.failing', { hasText: 'EXC-A' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'site-account-accepted-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it("shows a dataset's figures as query reads them from the dataset", async () => {
    const lake = join(folder, 'lake');
    const written = await runInProcess([
      'render',
      join(folder, 'scans'),
      '-f',
      'parquet',
      '--out-dir',
      lake,
      '--show-paths',
    ]);
    expect(written.code, written.stderr).toBe(0);
    const fromLake = join(folder, 'site-of-lake');
    const built = await runInProcess(['site', lake, '-o', fromLake, '--quiet']);
    expect(built.code, built.stderr).toBe(0);
    const latest =
      "SELECT * FROM figures WHERE level = 'report' QUALIFY row_number() OVER (PARTITION BY account_id, benchmark_id ORDER BY scan_time DESC) = 1";
    const queried = await runInProcess([
      'query',
      lake,
      `SELECT 100.0 * sum(green) / sum(policies - gray) AS percent, sum(red) AS red FROM (${latest})`,
      '-f',
      'json',
    ]);
    expect(queried.code, queried.stderr).toBe(0);
    const [fleet] = JSON.parse(queried.stdout) as [{ percent: number; red: number }];
    const { page, errors } = await open(fromLake);
    await poll(() => figure(page, 'Fleet compliance').textContent()).toBe(`${fleet.percent.toFixed(1)} %`);
    await poll(() => figure(page, 'Red policies').textContent()).toBe(String(fleet.red));
    const perAccount = await runInProcess([
      'query',
      lake,
      `SELECT account_name, red FROM (${latest}) ORDER BY red DESC, account_name`,
      '-f',
      'json',
    ]);
    const accounts = JSON.parse(perAccount.stdout) as { account_name: string; red: number }[];
    await page.getByRole('link', { name: 'Accounts', exact: true }).click();
    await page.getByRole('button', { name: /^Red/ }).click();
    await page.getByRole('button', { name: /^Red/ }).click();
    await poll(() => rows(page).locator('td:nth-child(6)').allTextContents()).toEqual(
      accounts.map((account) => String(account.red)),
    );
    expect(errors).toEqual([]);
  });

  it('keeps only the rows in sight in the page among 10,000 accounts, and filters them', async () => {
    const { page, errors } = await open(bigSite, '#/accounts?sort=account');
    await poll(() => page.locator('.count').textContent()).toBe('Showing 10000 of 10000 accounts');
    expect(await rows(page).count()).toBeLessThan(60);
    await poll(() => rows(page).first().locator('.id').textContent()).toBe('acct-00000');
    await page.locator('.table-wrap.virtual').evaluate((element) => (element.scrollTop = element.scrollHeight));
    await poll(() => rows(page).last().locator('.id').textContent()).toBe('acct-09999');
    expect(await rows(page).count()).toBeLessThan(60);
    await page.getByLabel('Search').fill('acct-0999');
    await poll(() => page.locator('.count').textContent()).toBe('Showing 10 of 10000 accounts');
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Red of severity').selectOption('Critical');
    await poll(() => page.locator('.count').textContent()).toBe('Showing 5000 of 10000 accounts');
    await page.screenshot({ path: join(screenshots, 'site-accounts-1280.png') });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: join(screenshots, 'site-accounts-390.png') });
    expect(errors).toEqual([]);
  });
});
