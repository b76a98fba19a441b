#!/usr/bin/env node
// The CSV and HDF exports of a large report against JSON.stringify of the same report,
// in one process after one check (the load is the same for all and not what is
// measured): each makes the bytes of the whole document, as a file is written from
// them (the exports as chunks, the baseline as JSON.stringify's string encoded to
// UTF-8), alternated, medians. The string alone, not encoded, is timed and shown too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median } from './run-node.js';

const { analyseInputs } = await import(new URL('../../dist/jobs/analyse-inputs.js', import.meta.url).href);
const { renderReport } = await import(new URL('../../dist/render/renderers.js', import.meta.url).href);

/** The bytes of a rendered body, read to the end as a file writer would, without joining them. */
/** The bytes of a rendered body, read to the end without joining them. */
export async function byteCount(body) {
  if (body instanceof Uint8Array) return body.length;
  let bytes = 0;
  for await (const chunk of body) bytes += chunk.length;
  return bytes;
}

/** The time `work` takes, and the byte count it returns. */
export async function timed(work) {
  const started = performance.now();
  const bytes = await work();
  return { ms: performance.now() - started, bytes };
}

/** Times `-f csv` and `-f hdf` against JSON.stringify of the parsed report, `runs` alternated rounds. */
export async function benchExports({ file, runs = 3 }) {
  const value = JSON.parse(readFileSync(file, 'utf8'));
  const analysis = await analyseInputs({ value, name: file });
  const rounds = { json: [], jsonText: [], csv: [], hdf: [] };
  const sizes = {};
  for (let run = 0; run < runs; run += 1) {
    for (const [name, work] of [
      ['json', async () => Buffer.from(JSON.stringify(value)).length],
      ['jsonText', async () => Buffer.byteLength(JSON.stringify(value))],
      ['csv', async () => byteCount(await renderReport(analysis, 'csv'))],
      ['hdf', async () => byteCount(await renderReport(analysis, 'hdf'))],
    ]) {
      const { ms, bytes } = await timed(work);
      rounds[name].push(ms);
      sizes[name] = bytes;
    }
  }
  const json = median(rounds.json);
  const jsonText = median(rounds.jsonText);
  return ['csv', 'hdf'].map((name) => ({
    name,
    ms: median(rounds[name]),
    baselineMs: json,
    ratio: median(rounds[name]) / json,
    textBaselineMs: jsonText,
    textRatio: median(rounds[name]) / jsonText,
    bytes: sizes[name],
    baselineBytes: sizes.json,
    policies: analysis.summary.policies,
  }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await benchExports({ file: process.argv[2] ?? '.bench/report-300000.json' }));
}
