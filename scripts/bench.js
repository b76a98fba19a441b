#!/usr/bin/env node
// `npm run bench`: generates large reports once (into .bench/) and measures each job
// against a plain baseline in the same run, printing the ratios docs/performance.md records.
// The jobs, and what each measures, are in scripts/bench/jobs.js.
// Usage: npm run bench [-- JOB …] [--runs N] [--record]   (JOB: a job of scripts/bench/jobs.js; every job when none)
//   (check, gate, diff, findings: N alternated pairs, default 11; --record writes each job's
//   lines, dated, into its block of docs/performance.md, "Measured by the bench")
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { writeReport } from './generate-report.js';
import { fleetLayouts } from './bench/fleet.js';
import { benchJobs } from './bench/jobs.js';
import { withBenchRecords } from './bench/record.js';

const folder = '.bench';
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
// Eleven pairs by default: a median of five moved by ±0.08 on a shared machine.
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 11;
if (!Number.isInteger(runs) || runs < 1) {
  console.error('bench: --runs takes a whole number ≥ 1');
  process.exit(2);
}
const fleetAt = args.indexOf('--fleet-files');
const fleetSizes = fleetAt >= 0 ? args[fleetAt + 1].split(',').map(Number) : [1_000, 5_000, 10_000];
if (fleetSizes.some((size) => !Number.isInteger(size) || size < 2)) {
  console.error('bench: --fleet-files takes whole numbers ≥ 2, comma-separated');
  process.exit(2);
}
const layoutsAt = args.indexOf('--fleet-layouts');
const layouts = layoutsAt >= 0 ? args[layoutsAt + 1].split(',') : fleetLayouts;
if (layouts.some((layout) => !fleetLayouts.includes(layout))) {
  console.error(`bench: --fleet-layouts takes ${fleetLayouts.join(', ')}, comma-separated`);
  process.exit(2);
}
const optionIndexes = new Set([runsAt, fleetAt, layoutsAt].filter((at) => at >= 0).flatMap((at) => [at, at + 1]));
const record = args.includes('--record');
const chosen = args.filter((_, index) => !optionIndexes.has(index) && args[index] !== '--record');
const unknown = chosen.filter((name) => !Object.hasOwn(benchJobs, name));
if (unknown.length > 0) {
  console.error(`bench: no job ${unknown.join(', ')}; the jobs are ${Object.keys(benchJobs).join(', ')}`);
  process.exit(2);
}
const names = chosen.length === 0 ? Object.keys(benchJobs) : chosen;
// The options a recorded block names: what another run needs to measure the same.
const options = args.filter((_, index) => optionIndexes.has(index));

async function report(policies) {
  const path = `${folder}/report-${policies}.json`;
  if (!existsSync(path)) {
    mkdirSync(folder, { recursive: true });
    process.stdout.write(`generating ${path} …\n`);
    await writeReport(path, policies);
  }
  return path;
}

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

// Only the jobs over reports need the large reports: `bench -- query` generates none.
const needsReports = names.some((name) => benchJobs[name].needsReports);
const big = needsReports ? await report(300_000) : undefined;
const small = needsReports ? await report(30_000) : undefined;
if (needsReports)
  process.stdout.write(
    `report of 300,000 policies: ${mb(statSync(big).size)}; of 30,000: ${mb(statSync(small).size)}\n\n`,
  );

// Each job's result lines, as printed; with --record, written into its block as soon as the
// job ends, so that a long run stopped part way keeps what it measured.
const page = new URL('../docs/performance.md', import.meta.url);
const date = new Date().toISOString().slice(0, 10);
for (const name of names) {
  const printed = [];
  const log = (line) => {
    printed.push(line);
    console.log(line);
  };
  await benchJobs[name].run({ big, small, runs, folder, layouts, fleetSizes, report, log });
  if (record) {
    writeFileSync(page, withBenchRecords(readFileSync(page, 'utf8'), { [name]: printed }, { options, date }));
    console.log(`recorded in ${page.pathname}`);
  }
}
