#!/usr/bin/env node
// OCSF events (`render -f ocsf`) of a large report against JSON.stringify of the same
// parsed report. Time in one process after one check, as the exports are measured (the
// load is the same for both and not what is measured), alternated, medians; the largest
// chunk the stream hands on; peak memory of whole processes: the CLI writing the events
// against a process that reads, parses and stringifies the report. The generated report
// states no scan time, so the events take --now's.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { timed } from './exports.js';
import { median, runNode } from './run-node.js';

const { analyseInputs } = await import(new URL('../../dist/jobs/analyse-inputs.js', import.meta.url).href);
const { renderReport } = await import(new URL('../../dist/render/renderers.js', import.meta.url).href);
const cli = fileURLToPath(new URL('../../dist/cspm-report.js', import.meta.url));

/** Bytes, lines and the largest chunk of a rendered body, read to the end as a file writer would. */
async function streamed(body) {
  let bytes = 0;
  let lines = 0;
  let largest = 0;
  for await (const chunk of body) {
    bytes += chunk.length;
    largest = Math.max(largest, chunk.length);
    for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, at + 1)) lines += 1;
  }
  return { bytes, lines, largest };
}

/** Times `render -f ocsf` against JSON.stringify of the parsed report, `runs` alternated rounds, and both peaks. */
export async function benchOcsf({ file, out, runs = 3 }) {
  const value = JSON.parse(readFileSync(file, 'utf8'));
  const analysis = await analyseInputs({ value, name: file });
  const now = new Date();
  const rounds = { json: [], ocsf: [] };
  let events;
  let jsonBytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const json = await timed(async () => Buffer.from(JSON.stringify(value)).length);
    rounds.json.push(json.ms);
    jsonBytes = json.bytes;
    const ocsf = await timed(async () => streamed(await renderReport(analysis, 'ocsf', { now })));
    rounds.ocsf.push(ocsf.ms);
    events = ocsf.bytes;
  }
  const whole = runNode([cli, 'render', file, '-f', 'ocsf', '--now', '-o', out]);
  const baseline = runNode([
    '-e',
    `Buffer.from(JSON.stringify(JSON.parse(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'))))`,
  ]);
  return {
    ms: median(rounds.ocsf),
    baselineMs: median(rounds.json),
    ratio: median(rounds.ocsf) / median(rounds.json),
    bytes: events.bytes,
    events: events.lines,
    largestChunk: events.largest,
    baselineBytes: jsonBytes,
    policies: analysis.summary.policies,
    peakRssMb: whole.peakRssMb,
    baselinePeakRssMb: baseline.peakRssMb,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(
    await benchOcsf({ file: process.argv[2] ?? '.bench/report-300000.json', out: '.bench/events.ocsf.jsonl' }),
  );
}
