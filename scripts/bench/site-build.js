#!/usr/bin/env node
// `cspm-report site DATASET -o DIR` over generated fleet datasets (scripts/generate-fleet-dataset.js)
// of 10,000 accounts × 52 and × 13 weekly scans, against reading the dataset once: a process that
// streams every row and column of its policies table through the same reader (DuckDB, chunk by
// chunk) and does nothing with them. Whole processes, alternated pairs: wall time, CPU time (all
// threads, the engine's included) and peak resident memory; then the site's size on disk against
// the dataset's. Both datasets are generated once into .bench/ and reused.
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, runNode } from './run-node.js';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const bin = fileURLToPath(new URL(`../../${packageJson.bin['cspm-report']}`, import.meta.url));
const cpuHook = fileURLToPath(new URL('./cpu-on-exit.js', import.meta.url));
const reader = new URL('../../dist/query/policy-rows.js', import.meta.url).href;
// Every value of every row handed to JavaScript, as the site's reader hands them, then dropped.
const baselineCode = `const { readPolicyRows } = await import(${JSON.stringify(reader)}); let rows = 0; for await (const chunk of readPolicyRows(process.argv[1], { order: 'none' })) { for (const name of chunk.names) { const read = chunk.column(name); for (let row = 0; row < chunk.rows; row += 1) read(row); } rows += chunk.rows; } if (rows === 0) process.exit(1);`;

/** Accounts of the generated fleets. */
export const accounts = 10_000;

/** The generated dataset of `scans` weekly scans of 10,000 accounts, made once. */
export async function fleetDataset(folder, scans) {
  const dir = join(folder, `fleet-dataset-${accounts}x${scans}`);
  if (existsSync(dir)) return { dir };
  process.stdout.write(`generating ${dir} …\n`);
  const { generateFleetDataset } = await import('../generate-fleet-dataset.js');
  const started = performance.now();
  await generateFleetDataset(dir, accounts, scans);
  return { dir, generatedMs: performance.now() - started };
}

/** Bytes of the files under `dir`, and bytes of the blocks they take on disk (what `du` counts). */
export function sizeOnDisk(dir) {
  let bytes = 0;
  let blocks = 0;
  for (const entry of readdirSync(dir, { recursive: true })) {
    const info = lstatSync(join(dir, entry));
    if (!info.isFile()) continue;
    bytes += info.size;
    blocks += info.blocks * 512;
  }
  return { bytes, blocks };
}

/** A whole process measured: wall time, peak memory, and CPU time as its exit hook wrote it. */
function measured(args) {
  const scratch = mkdtempSync(join(tmpdir(), 'cspm-bench-cpu-'));
  const cpuFile = join(scratch, 'cpu');
  try {
    const run = runNode(['--import', cpuHook, ...args], { env: { ...process.env, CSPM_BENCH_CPU_FILE: cpuFile } });
    if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${run.status}`);
    return { ...run, cpuMs: Number(readFileSync(cpuFile, 'utf8')) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Builds the site of `dir` and reads it once, alternated `runs` times; the last site is kept to be measured. */
function pairs(dir, out, runs) {
  const tool = [];
  const base = [];
  for (let run = 0; run < runs; run += 1) {
    base.push(measured(['--input-type=module', '-e', baselineCode, dir]));
    rmSync(out, { recursive: true, force: true });
    tool.push(measured([bin, 'site', dir, '-o', out, '--quiet']));
  }
  const ratios = tool.map((run, at) => run.ms / base[at].ms);
  return {
    ms: median(tool.map((run) => run.ms)),
    cpuMs: median(tool.map((run) => run.cpuMs)),
    peakRssMb: Math.max(...tool.map((run) => run.peakRssMb)),
    baselineMs: median(base.map((run) => run.ms)),
    baselineCpuMs: median(base.map((run) => run.cpuMs)),
    baselinePeakRssMb: Math.max(...base.map((run) => run.peakRssMb)),
    ratio: median(ratios),
    minRatio: Math.min(...ratios),
    maxRatio: Math.max(...ratios),
  };
}

/**
 * Measures the site's build from datasets of 10,000 accounts × 52 and × 13 scans (generated
 * into `folder` once): medians of `runs` alternated pairs against reading each dataset once,
 * and the sizes of the 52-scan site and dataset.
 */
export async function benchSiteBuild({ folder, runs = 3 }) {
  const results = [];
  for (const scans of [52, 13]) {
    const { dir, generatedMs } = await fleetDataset(folder, scans);
    const out = mkdtempSync(join(tmpdir(), 'cspm-bench-site-'));
    try {
      const measuredPairs = pairs(dir, join(out, 'site'), runs);
      results.push({
        scans,
        dir,
        generatedMs,
        ...measuredPairs,
        site: sizeOnDisk(join(out, 'site')),
        dataset: sizeOnDisk(dir),
      });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
  return { accounts, results };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchSiteBuild({ folder: '.bench', runs: Number(process.argv[2] ?? 1) }), null, 2));
}
