#!/usr/bin/env node
// `cspm-report diff` of two 300,000-policy reports (the second the next scan of the
// first: one policy in 50 changed colour, see next-scan.js) against plain read +
// JSON.parse of both files, as whole Node processes, alternated; the median of the
// pairs' ratios.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median, runNode } from './run-node.js';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const bin = fileURLToPath(new URL(`../../${packageJson.bin['cspm-report']}`, import.meta.url));
const baselineCode =
  "const fs = require('node:fs'); for (const file of process.argv.slice(1)) if (!JSON.parse(fs.readFileSync(file, 'utf8'))) process.exit(1);";

/** Times diff of `old` and `next` against reading and parsing both, alternated. */
export async function benchDiff({ old, next, runs = 5 }) {
  const tool = [];
  const base = [];
  for (let run = 0; run < runs; run += 1) {
    base.push(runNode(['-e', baselineCode, old, next]));
    tool.push(runNode([bin, 'diff', old, next, '--format', 'json', '--output', '/dev/null']));
  }
  const ratios = tool.map((run, index) => run.ms / base[index].ms);
  return {
    ms: median(tool.map((run) => run.ms)),
    baselineMs: median(base.map((run) => run.ms)),
    peakRssMb: median(tool.map((run) => run.peakRssMb)),
    ratio: median(ratios),
    minRatio: Math.min(...ratios),
    maxRatio: Math.max(...ratios),
    exitCodes: [...new Set(tool.map((run) => run.status))],
  };
}
