#!/usr/bin/env node
// The XLSX renderer on a large report against a plain exceljs streaming writer (default
// options: no styles, no shared strings) writing the same rows and columns: those of the
// action list, policies and POA&M sheets, which hold all but a few dozen of its rows.
// Both run in this process, alternated, from the same view model: loading and checking
// the report are excluded from both. Peak memory is the peak RSS (see peak-rss.js) of
// a child process that loads, checks and renders once, so that it counts the renderer
// with its input and not the baseline's runs.
// Usage: node scripts/bench/xlsx.js <report.json> [--runs 3]   (after npm run build)
import ExcelJS from 'exceljs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { analyseInputs } from '../../dist/jobs/analyse-inputs.js';
import { buildViewModel } from '../../dist/render/build-view-model.js';
import { actionSheet } from '../../dist/render/xlsx/action-sheet.js';
import { policiesSheet } from '../../dist/render/xlsx/policies-sheet.js';
import { poamSheet } from '../../dist/render/xlsx/poam-sheet.js';
import { renderXlsxView } from '../../dist/render/xlsx/render-xlsx.js';
import { peakRssKb } from './peak-rss.js';

const self = fileURLToPath(import.meta.url);
const generator = fileURLToPath(new URL('../generate-report.js', import.meta.url));

/** A stream that only counts the bytes written to it. */
function countingSink() {
  let bytes = 0;
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      bytes += chunk.length;
      callback();
    },
  });
  return { stream, bytes: () => bytes };
}

/**
 * The baseline: exceljs's streaming writer as its documentation shows it, writing the
 * same rows and columns as the workbook's three large sheets (the action list, the
 * policies and the POA&M: one row per policy and two per failing one), the same cell
 * values, without a style.
 */
async function writePlain(view) {
  const sink = countingSink();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink.stream });
  for (const table of [actionSheet(view), policiesSheet(view), poamSheet(view)]) {
    const sheet = workbook.addWorksheet(table.name);
    sheet.addRow(table.columns.map((column) => column.header)).commit();
    for (const row of table.rows()) sheet.addRow(table.columns.map((column) => column.value(row))).commit();
    sheet.commit();
  }
  await workbook.commit();
  return sink.bytes();
}

/** The renderer, read to the end as the CLI reads it. */
async function writeStyled(view) {
  const body = await renderXlsxView(view, {});
  if (body instanceof Uint8Array) return body.length;
  let bytes = 0;
  for await (const chunk of body) bytes += chunk.length;
  return bytes;
}

async function timed(write, view) {
  globalThis.gc?.();
  const started = performance.now();
  const bytes = await write(view);
  return { ms: performance.now() - started, bytes };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function loadView(file) {
  return buildViewModel(await analyseInputs(file));
}

/** Peak RSS in MB of a child process that loads, checks and renders the report once. */
function measurePeakRss(file) {
  const result = spawnSync(process.execPath, [self, '--peak-rss', file], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`peak RSS run failed: ${result.stderr}`);
  return JSON.parse(result.stdout).peakRssMb;
}

/**
 * Times the renderer against the plain streaming writer (medians of `runs` alternated
 * runs). Without the file, a report of `policies` policies is generated into it first.
 */
export async function benchXlsx({ file, policies = 300_000, runs = 3 }) {
  if (!existsSync(file)) {
    const made = spawnSync(process.execPath, [generator, String(policies), file], { stdio: 'inherit' });
    if (made.status !== 0) throw new Error(`could not generate ${file}`);
  }
  const view = await loadView(file);
  const plain = [];
  const styled = [];
  for (let run = 0; run < runs; run += 1) {
    plain.push(await timed(writePlain, view));
    styled.push(await timed(writeStyled, view));
  }
  const baselineMs = Math.round(median(plain.map((run) => run.ms)));
  const ms = Math.round(median(styled.map((run) => run.ms)));
  return {
    name: 'xlsx',
    baselineMs,
    ms,
    ratio: Math.round((ms / baselineMs) * 100) / 100,
    peakRssMb: measurePeakRss(file),
    bytes: styled[0]?.bytes ?? 0,
  };
}

if (process.argv[1] === self) {
  const args = process.argv.slice(2);
  if (args[0] === '--peak-rss') {
    const view = await loadView(args[1]);
    await writeStyled(view);
    console.log(JSON.stringify({ peakRssMb: Math.round(peakRssKb() / 1024) }));
  } else if (args[0]) {
    const runsAt = args.indexOf('--runs');
    console.log(await benchXlsx({ file: args[0], runs: runsAt > 0 ? Number(args[runsAt + 1]) : 3 }));
  } else {
    console.error('usage: node scripts/bench/xlsx.js <report.json> [--runs 3]');
    process.exit(2);
  }
}
