#!/usr/bin/env node
// The CSV and HDF exports of a large report against JSON.stringify of the same report,
// in one process after one check (the load is the same for all and not what is
// measured): each renders the whole document into memory, alternated, medians.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median } from './run-node.js';

const { checkReports, collectBytes, renderReport } = await import(new URL('../../dist/index.js', import.meta.url).href);

async function timed(work) {
  const started = performance.now();
  const bytes = await work();
  return { ms: performance.now() - started, bytes };
}

/** Times `-f csv` and `-f hdf` against JSON.stringify of the parsed report, `runs` alternated rounds. */
export async function benchExports({ file, runs = 3 }) {
  const value = JSON.parse(readFileSync(file, 'utf8'));
  const analysis = await checkReports({ value, name: file });
  const rounds = { json: [], csv: [], hdf: [] };
  const sizes = {};
  for (let run = 0; run < runs; run += 1) {
    for (const [name, work] of [
      ['json', async () => Buffer.byteLength(JSON.stringify(value))],
      ['csv', async () => (await collectBytes(await renderReport(analysis, 'csv'))).length],
      ['hdf', async () => (await collectBytes(await renderReport(analysis, 'hdf'))).length],
    ]) {
      const { ms, bytes } = await timed(work);
      rounds[name].push(ms);
      sizes[name] = bytes;
    }
  }
  const json = median(rounds.json);
  return ['csv', 'hdf'].map((name) => ({ name, ms: median(rounds[name]), baselineMs: json, ratio: median(rounds[name]) / json, bytes: sizes[name], baselineBytes: sizes.json, policies: analysis.summary.policies }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await benchExports({ file: process.argv[2] ?? '.bench/report-300000.json' }));
}
