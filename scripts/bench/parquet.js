#!/usr/bin/env node
// Parquet (`render -f parquet`, the policies table) of a large report against
// JSON.stringify of the same parsed report: time in one process after one check, as
// the exports are measured (the load is the same for both and not what is measured),
// alternated, medians; file sizes; peak memory of whole processes: the CLI writing the
// file against a process that reads, parses and stringifies the report. Then the
// dataset of a fleet (`render DIR -f parquet --out-dir LAKE`) at two sizes: time and
// peak memory, which should not grow with the number of files.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { byteCount, timed } from './exports.js';
import { median, runNode } from './run-node.js';

const { analyseInputs } = await import(new URL('../../dist/jobs/analyse-inputs.js', import.meta.url).href);
const { renderReport } = await import(new URL('../../dist/render/renderers.js', import.meta.url).href);
const cli = fileURLToPath(new URL('../../dist/cspm-report.js', import.meta.url));

/** The total size of the files below a folder. */
function folderBytes(dir) {
  return readdirSync(dir, { recursive: true })
    .map((name) => statSync(join(dir, name)))
    .filter((info) => info.isFile())
    .reduce((sum, info) => sum + info.size, 0);
}

/**
 * Times `-f parquet` and `-f parquet-figures` against JSON.stringify of the parsed report, `runs` alternated rounds,
 * and the peaks.
 */
export async function benchParquet({ file, out, runs = 3 }) {
  const value = JSON.parse(readFileSync(file, 'utf8'));
  const analysis = await analyseInputs({ value, name: file });
  const rounds = { json: [], parquet: [], figures: [] };
  const sizes = {};
  for (let run = 0; run < runs; run += 1) {
    for (const [name, work] of [
      ['json', async () => Buffer.from(JSON.stringify(value)).length],
      ['parquet', async () => byteCount(await renderReport(analysis, 'parquet'))],
      ['figures', async () => byteCount(await renderReport(analysis, 'parquet-figures'))],
    ]) {
      const { ms, bytes } = await timed(work);
      rounds[name].push(ms);
      sizes[name] = bytes;
    }
  }
  const whole = runNode([cli, 'render', file, '-f', 'parquet', '-o', out]);
  const baseline = runNode([
    '-e',
    `Buffer.from(JSON.stringify(JSON.parse(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'))))`,
  ]);
  return {
    ms: median(rounds.parquet),
    figuresMs: median(rounds.figures),
    baselineMs: median(rounds.json),
    ratio: median(rounds.parquet) / median(rounds.json),
    bytes: sizes.parquet,
    figuresBytes: sizes.figures,
    jsonBytes: sizes.json,
    fileBytes: statSync(file).size,
    policies: analysis.summary.policies,
    peakRssMb: whole.peakRssMb,
    cliMs: whole.ms,
    baselinePeakRssMb: baseline.peakRssMb,
  };
}

/** `render DIR -f parquet --out-dir LAKE` over each fleet folder: time, peak memory, dataset size. */
export function benchParquetFleet({ folders }) {
  return folders.map((dir) => {
    const lake = mkdtempSync(join(dir, '..', 'lake-'));
    try {
      const run = runNode([cli, 'render', dir, '-f', 'parquet', '--out-dir', lake, '--quiet']);
      if (run.status !== 0) throw new Error(`render ${dir} -f parquet --out-dir exited ${run.status}`);
      return {
        files: readdirSync(dir).length,
        ms: run.ms,
        peakRssMb: run.peakRssMb,
        bytes: folderBytes(lake),
        inputBytes: folderBytes(dir),
      };
    } finally {
      rmSync(lake, { recursive: true, force: true });
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(
    await benchParquet({ file: process.argv[2] ?? '.bench/report-300000.json', out: '.bench/report.parquet' }),
  );
}
