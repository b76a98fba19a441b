#!/usr/bin/env node
// Posture SARIF (`render -f sarif`) of a large report against JSON.stringify of the same
// parsed report. Time in one process after one check, as the exports are measured (the
// load is the same for both and not what is measured), alternated, medians; peak
// memory of whole processes: the CLI writing the log against a process that reads,
// parses and stringifies the report.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { median, runNode } from './run-node.js';

const { analyseInputs } = await import(new URL('../../dist/jobs/analyse-inputs.js', import.meta.url).href);
const { renderReport } = await import(new URL('../../dist/render/renderers.js', import.meta.url).href);
const cli = fileURLToPath(new URL('../../dist/cspm-report.js', import.meta.url));

async function timed(work) {
  const started = performance.now();
  const bytes = await work();
  return { ms: performance.now() - started, bytes };
}

/** Times `render -f sarif` against JSON.stringify of the parsed report, `runs` alternated rounds, and both peaks. */
export async function benchPostureSarif({ file, out, runs = 3 }) {
  const value = JSON.parse(readFileSync(file, 'utf8'));
  const analysis = await analyseInputs({ value, name: file });
  const rounds = { json: [], sarif: [] };
  let log;
  let jsonBytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const json = await timed(async () => Buffer.from(JSON.stringify(value)).length);
    rounds.json.push(json.ms);
    jsonBytes = json.bytes;
    const sarif = await timed(async () => {
      log = await renderReport(analysis, 'sarif');
      return log.length;
    });
    rounds.sarif.push(sarif.ms);
  }
  const parsed = JSON.parse(Buffer.from(log).toString('utf8'));
  const whole = runNode([cli, 'render', file, '-f', 'sarif', '-o', out]);
  const baseline = runNode([
    '-e',
    `Buffer.from(JSON.stringify(JSON.parse(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'))))`,
  ]);
  return {
    ms: median(rounds.sarif),
    baselineMs: median(rounds.json),
    ratio: median(rounds.sarif) / median(rounds.json),
    bytes: log.length,
    gzipBytes: gzipSync(log).length,
    baselineBytes: jsonBytes,
    results: parsed.runs[0].results.length,
    rules: parsed.runs[0].tool.driver.rules.length,
    failing: parsed.runs[0].properties.failing,
    policies: analysis.summary.policies,
    peakRssMb: whole.peakRssMb,
    baselinePeakRssMb: baseline.peakRssMb,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(
    await benchPostureSarif({ file: process.argv[2] ?? '.bench/report-300000.json', out: '.bench/posture.sarif' }),
  );
}
