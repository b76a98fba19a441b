#!/usr/bin/env node
// `cspm-report check` on a large report against plain read + JSON.parse of the same
// file, both as whole Node processes, alternated, medians of several runs.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median, runNode } from './run-node.js';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
// The command as npm installs it: the bundled command line.
const bin = fileURLToPath(new URL(`../../${packageJson.bin['cspm-report']}`, import.meta.url));
const baselineCode =
  "const fs = require('node:fs'); const value = JSON.parse(fs.readFileSync(process.argv[1], 'utf8')); if (!value) process.exit(1);";

/** Times check against read + JSON.parse, alternated; returns the medians and the median ratio of the pairs. */
export async function benchCheck({ file, runs = 5, format = 'json' }) {
  const tool = [];
  const base = [];
  for (let run = 0; run < runs; run += 1) {
    base.push(runNode(['-e', baselineCode, file]));
    tool.push(runNode([bin, 'check', file, '--format', format, '--output', '/dev/null']));
  }
  const fileMb = statSync(file).size / 2 ** 20;
  const ms = median(tool.map((run) => run.ms));
  const baselineMs = median(base.map((run) => run.ms));
  // Each pair ran back to back, so its ratio holds when the shared machine's speed drifts.
  const ratios = tool.map((run, index) => run.ms / base[index].ms);
  const peakRssMb = Math.max(...tool.map((run) => run.peakRssMb));
  return {
    name: 'check',
    fileMb,
    baselineMs,
    ms,
    ratio: median(ratios),
    minRatio: Math.min(...ratios),
    maxRatio: Math.max(...ratios),
    peakRssMb,
    memoryRatio: peakRssMb / fileMb,
    baselinePeakRssMb: Math.max(...base.map((run) => run.peakRssMb)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/bench/check.js <report.json>');
    process.exit(2);
  }
  console.log(await benchCheck({ file }));
}
