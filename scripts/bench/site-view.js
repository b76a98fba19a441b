#!/usr/bin/env node
// The fleet site (`cspm-report site`) in headless Chromium, opened from its folder
// (file://, no server): the first view against a blank page, a filter, a sort and a
// search of the accounts table, and the opening of an account's page; medians of fresh pages.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium } from './html.js';
import { median } from './run-node.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'dist/cspm-report.js');

/** Weekly scans of each account of the bench's fleet: a year. */
const scanCount = 52;

/**
 * The site the bench measures, built into `folder/site-view/site` and returned with its
 * number of accounts and build time. The one place that says what the site is made of:
 * the generated fleet dataset of 10,000 accounts × 52 weekly scans that the site-build
 * job measures too (scripts/generate-fleet-dataset.js, made once into `folder`), built
 * with the CLI on every run.
 */
export async function benchSiteFolder(folder) {
  const { fleetDataset, accounts } = await import('./site-build.js');
  const { dir } = await fleetDataset(folder, scanCount);
  const site = join(folder, 'site-view', 'site');
  rmSync(site, { recursive: true, force: true });
  mkdirSync(join(folder, 'site-view'), { recursive: true });
  const started = performance.now();
  const run = spawnSync(process.execPath, [bin, 'site', dir, '-o', site], {
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  if (run.status !== 0) throw new Error(`cspm-report site exited ${run.status}: ${run.stderr}`);
  return { site, accounts, scans: scanCount, buildMs: performance.now() - started };
}

/**
 * What the bench waits for, as a person sees it: the overview's figures (drawn only
 * once its data has arrived), the accounts table's rows, an account's heading and chart.
 */
const drawn = {
  overview: 'main .figure .value',
  accountRow: 'main table tbody tr a',
  chart: 'main svg',
};

/**
 * Runs in the page before its own scripts (an init script is not bound by the page's
 * Content-Security-Policy): notes the time since navigation start at the first animation
 * frame after `selector` is in the document, the frame that shows it. A MutationObserver
 * sees the element as soon as it is added, so no polling interval adds to the figure.
 */
function noteWhenDrawn(selector) {
  const scope = globalThis;
  const observer = new MutationObserver(() => {
    if (!scope.document.querySelector(selector)) return;
    observer.disconnect();
    scope.requestAnimationFrame(() => (scope.drawnAt = scope.performance.now()));
  });
  observer.observe(scope.document, { childList: true, subtree: true });
}

/** Milliseconds from navigation start until `selector` is on screen in a fresh page of `url`. */
async function timeDrawn(context, url, selector) {
  const page = await context.newPage();
  try {
    await page.addInitScript(noteWhenDrawn, selector);
    await page.goto(url, { waitUntil: 'commit', timeout: 600_000 });
    // Asked from here rather than with waitForFunction, whose polling evaluates text in the
    // page, which the site's policy (no 'unsafe-eval') refuses; the figure is the page's own.
    for (;;) {
      const drawnAt = await page.evaluate(() => globalThis.drawnAt);
      if (drawnAt !== undefined) return drawnAt;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await page.close();
  }
}

/**
 * Runs in the page: performance.now() just before `act` (which dispatches the event the
 * page script handles), then one requestAnimationFrame after another until the table's
 * view's text differs from before (and holds `includes`, when given), and performance.now() in that frame, the one
 * that shows them. The page redraws in its event handler today; the frames also wait for
 * a redraw that comes later (a debounce, a chunk still loading).
 */
async function timeInPage(page, action) {
  return page.evaluate(
    async ({ action }) => {
      const scope = globalThis;
      const document = scope.document;
      // The view's text: its rows and its count of them ("Showing 2 of 4 accounts"); the rows in
      // sight alone may not change (a filter that keeps the first rows).
      const rowsText = () => document.querySelector('main')?.textContent ?? '';
      const frame = () => new Promise((resolve) => scope.requestAnimationFrame(resolve));
      const before = rowsText();
      const started = scope.performance.now();
      if (action.kind === 'select') {
        const select = [...document.querySelectorAll('label')]
          .find((label) => label.textContent.trim().startsWith(action.label))
          ?.querySelector('select');
        select.value = action.value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      } else if (action.kind === 'type') {
        const input = document.querySelector('main input[type=search]');
        input.value = action.value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      } else {
        const button = [...document.querySelectorAll('main th button')].find((one) =>
          one.textContent.trim().startsWith(action.column),
        );
        button.click();
      }
      do await frame();
      while (rowsText() === before || (action.includes !== undefined && !rowsText().includes(action.includes)));
      return scope.performance.now() - started;
    },
    { action },
  );
}

/** A fresh page of the accounts table, its rows drawn. */
async function accountsPage(context, url) {
  const page = await context.newPage();
  await page.goto(`${url}#/accounts`, { waitUntil: 'load', timeout: 600_000 });
  await page.waitForSelector(drawn.accountRow, { timeout: 600_000 });
  return page;
}

/** Milliseconds from the click on an account's link to its heading and chart on screen. */
async function timeAccountPage(context, url) {
  const page = await accountsPage(context, url);
  try {
    return await page.evaluate(
      async ({ row, chart }) => {
        const scope = globalThis;
        const document = scope.document;
        const link = document.querySelector(row);
        const name = link.textContent.trim();
        const frame = () => new Promise((resolve) => scope.requestAnimationFrame(resolve));
        const started = scope.performance.now();
        link.click();
        do await frame();
        while (document.querySelector('main h1')?.textContent.trim() !== name || !document.querySelector(chart));
        return scope.performance.now() - started;
      },
      { row: drawn.accountRow, chart: drawn.chart },
    );
  } finally {
    await page.close();
  }
}

/**
 * Opens the site of `site` from its folder in headless Chromium and measures, each the
 * median of `runs` fresh pages: the first view against a blank page, a filter by
 * connector, a search, a sort by a column, and the opening of an account.
 */
export async function measureSiteView({ site, runs = 5 }) {
  const scratch = mkdtempSync(join(tmpdir(), 'cspm-bench-site-view-'));
  try {
    const blankPath = join(scratch, 'blank.html');
    writeFileSync(
      blankPath,
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body></body></html>',
    );
    const blank = pathToFileURL(blankPath).href;
    const url = pathToFileURL(join(site, 'index.html')).href;
    const context = await launchChromium(join(scratch, 'profile'));
    const figures = { blank: [], firstView: [], filter: [], search: [], sort: [], account: [] };
    try {
      // The first page a browser opens pays for its own start-up: not counted.
      await timeDrawn(context, blank, 'body');
      for (let run = 0; run < runs; run += 1) {
        figures.blank.push(await timeDrawn(context, blank, 'body'));
        figures.firstView.push(await timeDrawn(context, url, drawn.overview));
        const page = await accountsPage(context, url);
        try {
          figures.filter.push(await timeInPage(page, { kind: 'select', label: 'Connector', value: 'AWS' }));
          figures.search.push(await timeInPage(page, { kind: 'type', value: '0042', includes: '0042' }));
        } finally {
          await page.close();
        }
        const sorting = await accountsPage(context, url);
        try {
          figures.sort.push(await timeInPage(sorting, { kind: 'sort', column: 'Account' }));
        } finally {
          await sorting.close();
        }
        figures.account.push(await timeAccountPage(context, url));
      }
    } finally {
      await context.close();
    }
    const medians = Object.fromEntries(Object.entries(figures).map(([name, values]) => [name, median(values)]));
    return { ...medians, extraMs: medians.firstView - medians.blank, runs };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
