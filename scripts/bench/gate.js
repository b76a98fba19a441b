#!/usr/bin/env node
// `cspm-report gate` with six assertions on a large report against plain read +
// JSON.parse of the same file, both as whole Node processes, alternated, medians of
// several runs. The gate's own work (matching, counting by severity) should stay
// small beside the loading that check already pays for. Measured twice: as check is
// (the verdict on standard output), and with the result files a pipeline keeps.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, runNode } from './run-node.js';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const bin = fileURLToPath(new URL(`../../${packageJson.bin['cspm-report']}`, import.meta.url));
const baselineCode =
  "const fs = require('node:fs'); const value = JSON.parse(fs.readFileSync(process.argv[1], 'utf8')); if (!value) process.exit(1);";

/**
 * Six assertions touching every kind of work: figures, a severity count, a category, a policy, a roll-up and the
 * findings.
 */
const rules = `assertions:
  - {name: posture, metric: compliancePercent, min: 10}
  - {name: no critical red, metric: redPolicies, severity: Critical, max: 1000000}
  - {name: assessed, level: warn, metric: assessedPercent, min: 50}
  - {name: one category, level: warn, metric: failingPolicies, category: "Generated - Category 1", max: 0}
  - {name: one policy, level: warn, metric: policy, policy: Policy0x0, mustNotBe: Red}
  - {name: fleet, metric: amberPolicies, severity: High, max: 1000000, aggregate: all}
`;

/**
 * The median ratio of the pairs (each ran back to back, so it holds when the shared machine's speed drifts) and their
 * range.
 */
function pairRatios(tool, base) {
  const ratios = tool.map((run, index) => run.ms / base[index].ms);
  return {
    ms: median(tool.map((run) => run.ms)),
    ratio: median(ratios),
    minRatio: Math.min(...ratios),
    maxRatio: Math.max(...ratios),
    exitCodes: [...new Set(tool.map((run) => run.status))],
  };
}

/**
 * Times gate against read + JSON.parse, alternated: as `check` is measured (the verdict
 * on standard output), and with the outputs a pipeline keeps as well (`--result` and
 * `-f json`, each a 2 MB file of the 5,001 results). Returns one entry for each.
 */
export async function benchGate({ file, runs = 5 }) {
  const dir = mkdtempSync(join(tmpdir(), 'cspm-bench-gate-'));
  const rulesFile = join(dir, 'gate-rules.yaml');
  writeFileSync(rulesFile, rules);
  const plain = [];
  const withOutputs = [];
  const base = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      base.push(runNode(['-e', baselineCode, file]));
      plain.push(runNode([bin, 'gate', file, '--rules', rulesFile]));
      withOutputs.push(
        runNode([
          bin,
          'gate',
          file,
          '--rules',
          rulesFile,
          '--result',
          join(dir, 'gate.json'),
          '--format',
          'json',
          '--output',
          join(dir, 'findings.json'),
        ]),
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const baselineMs = median(base.map((run) => run.ms));
  return [
    { name: 'gate', baselineMs, ...pairRatios(plain, base) },
    { name: 'gate with --result and -f json', baselineMs, ...pairRatios(withOutputs, base) },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/bench/gate.js <report.json>');
    process.exit(2);
  }
  console.log(await benchGate({ file }));
}
