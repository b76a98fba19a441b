#!/usr/bin/env node
// The fleet tier's HTML page of 5,000 accounts in headless Chromium against a blank page:
// the time from navigation to the first screenshot of each, alternated, medians.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { addFleetReport, createFleetFigures } from '../../dist/analyse/fleet/add-fleet-report.js';
import { analyseInputs } from '../../dist/jobs/analyse-inputs.js';
import { renderFleet } from '../../dist/render/fleet/fleet-renderers.js';
import { launchChromium, timeFirstView } from './html.js';
import { median } from './run-node.js';

/** Fleet figures of `accounts` reports: the reports of `file` again and again, each under its own account. */
async function fleetOf(file, accounts) {
  const analysis = await analyseInputs(file, { placeFindings: false });
  const reports = analysis.sources.flatMap((source) => source.reports);
  const fleet = createFleetFigures(analysis.percentFormula);
  for (let index = 0; index < accounts; index += 1) {
    const analysed = reports[index % reports.length];
    const report = {
      ...analysed.report,
      AccountId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      AccountName: `Account ${index} of the platform team`,
    };
    addFleetReport(fleet, `fleet/account-${index}.json`, { ...analysed, report });
  }
  return fleet;
}

/** Renders the fleet page of `accounts` accounts and measures its first view in Chromium against a blank page. */
export async function benchFleetHtml({ file, accounts = 5_000, runs = 5 }) {
  const fleet = await fleetOf(file, accounts);
  const started = performance.now();
  const chunks = [];
  for await (const chunk of await renderFleet(fleet, 'html'))
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  const renderMs = performance.now() - started;
  const folder = mkdtempSync(join(tmpdir(), 'cspm-bench-fleet-html-'));
  try {
    const pagePath = join(folder, 'fleet.html');
    const blankPath = join(folder, 'blank.html');
    writeFileSync(pagePath, Buffer.concat(chunks));
    writeFileSync(
      blankPath,
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body></body></html>',
    );
    const context = await launchChromium(join(folder, 'profile'));
    const blank = [];
    const page = [];
    try {
      await timeFirstView(context, pathToFileURL(blankPath).href);
      for (let run = 0; run < runs; run += 1) {
        blank.push(await timeFirstView(context, pathToFileURL(blankPath).href));
        page.push(await timeFirstView(context, pathToFileURL(pagePath).href));
      }
    } finally {
      await context.close();
    }
    return { accounts, renderMs, bytes: statSync(pagePath).size, blankMs: median(blank), firstViewMs: median(page) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
