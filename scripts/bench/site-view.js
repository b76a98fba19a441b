#!/usr/bin/env node
// The fleet site (`cspm-report site`) in headless Chromium, opened from its folder
// (file://, no server): the first view against a blank page, a filter, a sort and a
// search of the accounts table, and the opening of an account's page; medians of fresh pages.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { restate, setColour } from '../generate-scans.js';
import { launchChromium } from './html.js';
import { median } from './run-node.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'dist/cspm-report.js');

/** Accounts of the bench's fleet. */
const accountCount = 10_000;
/** Rounds of scans, a week apart: two, so that each account has a change since its previous scan. */
const rounds = ['2024-03-11', '2024-03-18'];
const samples = ['aws-cis', 'azure-csbp', 'office365'];

/**
 * The site the bench measures, built into `folder` (its `site/`) and returned with its
 * number of accounts and build time. The one place that says what the site is made of:
 * today 10,000 accounts of three connectors (copies of the published samples under their
 * own ids), two weekly rounds, built with the CLI; the scans are written once and kept
 * in `folder/scans`, the site is built again on every run.
 */
export function benchSiteFolder(folder) {
  const scans = join(folder, 'scans');
  const written = join(scans, 'complete');
  if (!existsSync(written)) {
    process.stdout.write(`generating ${accountCount.toLocaleString('en-US')} accounts × ${rounds.length} scans …\n`);
    writeFleetScans(scans);
    writeFileSync(written, '');
  }
  const site = join(folder, 'site');
  rmSync(site, { recursive: true, force: true });
  const started = performance.now();
  const run = spawnSync(process.execPath, [bin, 'site', ...rounds.map((round) => join(scans, round)), '-o', site], {
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  if (run.status !== 0) throw new Error(`cspm-report site exited ${run.status}: ${run.stderr}`);
  return { site, accounts: accountCount, buildMs: performance.now() - started };
}

/** The saved scans of the fleet, a folder per round; in the latest, every third account has more Red policies. */
function writeFleetScans(scans) {
  const reports = samples.map((name) => {
    const parsed = JSON.parse(readFileSync(join(root, 'samples', `${name}.json`), 'utf8'));
    return [Array.isArray(parsed) ? parsed : parsed.result].flat()[0];
  });
  rounds.forEach((round, at) => {
    const dir = join(scans, round);
    mkdirSync(dir, { recursive: true });
    const when = new Date(`${round}T06:00:00Z`);
    for (let index = 0; index < accountCount; index += 1) {
      const report = structuredClone(reports[index % reports.length]);
      let reds = at === rounds.length - 1 && index % 3 === 0 ? 1 + (index % 5) : 0;
      for (const policy of report.ResourceCategories.flatMap((category) => category.Policies)) {
        if (reds === 0) break;
        if (policy.Compliance !== 'Green') continue;
        setColour(policy, 'Red');
        reds -= 1;
      }
      restate(report);
      const number = String(index).padStart(5, '0');
      Object.assign(report, {
        AccountId: `acct-${number}`,
        AccountName: `Account ${number} of the payments business unit`,
        JobId: `job-${number}-${at}`,
        LastScannedDate: when.toISOString(),
        LastScannedDateEpochTime: when.getTime() / 1000,
      });
      writeFileSync(join(dir, `acct-${number}.json`), JSON.stringify([report]));
    }
  });
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
