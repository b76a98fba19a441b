#!/usr/bin/env node
// The HTML page of a large report against a blank page in headless Chromium: the
// time from navigation to the first screenshot of each, alternated, medians of
// several runs, plus the render time and the size of the page beside its JSON.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { analyseInputs } from '../../dist/jobs/analyse-inputs.js';
import { buildViewModel } from '../../dist/render/build-view-model.js';
import { renderHtmlView } from '../../dist/render/html/render-html.js';
import { median } from './run-node.js';

/** Debian's chromium with every background service off, as in the tests: these machines have no network. */
export async function launchChromium(profile) {
  return chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Milliseconds from navigation until a screenshot of `url` is taken. */
export async function timeFirstView(context, url) {
  const page = await context.newPage();
  try {
    const started = performance.now();
    await page.goto(url, { waitUntil: 'load', timeout: 600_000 });
    await page.screenshot({ timeout: 600_000 });
    return performance.now() - started;
  } finally {
    await page.close();
  }
}

/** Renders `file` to HTML and measures its first view in Chromium against a blank page. */
export async function benchHtml({ file, runs = 5 }) {
  const view = buildViewModel(await analyseInputs(file));
  const started = performance.now();
  const html = renderHtmlView(view, {});
  const renderMs = performance.now() - started;

  const folder = mkdtempSync(join(tmpdir(), 'cspm-bench-html-'));
  try {
    const pagePath = join(folder, 'report.html');
    const blankPath = join(folder, 'blank.html');
    writeFileSync(pagePath, html);
    writeFileSync(
      blankPath,
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body></body></html>',
    );
    const context = await launchChromium(join(folder, 'profile'));
    const blank = [];
    const report = [];
    try {
      // The first page a browser opens pays for its own start-up: not counted.
      await timeFirstView(context, pathToFileURL(blankPath).href);
      for (let run = 0; run < runs; run += 1) {
        blank.push(await timeFirstView(context, pathToFileURL(blankPath).href));
        report.push(await timeFirstView(context, pathToFileURL(pagePath).href));
      }
    } finally {
      await context.close();
    }
    const bytes = statSync(pagePath).size;
    const jsonBytes = statSync(file).size;
    const blankMs = median(blank);
    const firstViewMs = median(report);
    return {
      name: 'html',
      renderMs,
      bytes,
      jsonBytes,
      sizeRatio: bytes / jsonBytes,
      blankMs,
      firstViewMs,
      firstViewExtraMs: firstViewMs - blankMs,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/bench/html.js <report.json>');
    process.exit(2);
  }
  console.log(await benchHtml({ file }));
}
