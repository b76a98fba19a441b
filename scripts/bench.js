#!/usr/bin/env node
// `npm run bench`: generates large reports once (into .bench/) and measures each job
// against a plain baseline in the same run, printing the ratios docs/performance.md records.
//   check: 300,000 policies, whole CLI process vs read + JSON.parse
//   gate:  300,000 policies, six assertions, whole CLI process vs read + JSON.parse
//   xlsx:  300,000 policies, styled workbook vs plain exceljs streaming of the same rows (unstyled)
//   pdf:   30,000 policies vs a plain pdfkit loop drawing the same rows
//   html:  300,000 policies, file size vs JSON, first view in Chromium vs a blank page
//   findings: each findings format but json vs json, 125,000 and 20,000 findings, in process
//   diff:  two reports of 300,000 policies, whole CLI process vs read + JSON.parse of both
//   trend: 30 and 365 daily scans of 127 policies, whole CLI process: time and peak memory
//   exports: CSV and HDF of 300,000 policies vs JSON.stringify of the same report (to UTF-8 bytes), in process
//   ocsf:  OCSF events (render -f ocsf) of 300,000 policies vs JSON.stringify of the same report (to UTF-8 bytes); largest chunk; peak memory of both as whole processes
//   sarif: posture SARIF (render -f sarif) of 300,000 policies vs JSON.stringify of the same report (to UTF-8 bytes); peak memory of both as whole processes
//   parquet: the policies table (render -f parquet) of 300,000 policies vs JSON.stringify of the same report (to UTF-8 bytes), in process;
//          file sizes; peak memory of both as whole processes; the dataset (--out-dir) of fleets of 100 and 1,000 files of 879 policies
//   fetch: 200 accounts from `cspm-report serve --latency 50`, --concurrency 8 vs 1; peak memory at 50 and 200
//   query: SQL over a dataset of 10,000,000 policy rows (Parquet, partitioned by scan date and benchmark): each query's time and peak memory
//   fleet: 1,000, 5,000 and 10,000 files of 879 policies, laid out as the service's published sample and compact:
//          check, gate (--jobs = CPUs) and a sharded check + merge vs read + JSON.parse
//          in one process and split over as many processes; one file of 1,000,000 policies vs read + JSON.parse
//          the fleet tier's HTML of 5,000 accounts: first view in Chromium vs a blank page
//          (--fleet-files N,M to choose the fleet sizes, --fleet-layouts published,compact the layouts;
//          fleets are generated once into .bench/)
// Usage: npm run bench [-- check gate diff trend xlsx pdf html findings exports ocsf sarif parquet fetch fleet query] [--runs N] [--record]
//   (check, gate, diff, findings: N alternated pairs, default 11; --record writes what the run printed, dated,
//   into docs/performance.md under "The last run of npm run bench")
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { writeReport } from './generate-report.js';
import { benchCheck } from './bench/check.js';
import { benchDiff } from './bench/diff.js';
import { writeNextScan } from './bench/next-scan.js';
import { benchTrend } from './bench/trend.js';
import { benchExports } from './bench/exports.js';
import { benchFetch } from './bench/fetch.js';
import { benchFleet, fleetFolder, fleetLayouts } from './bench/fleet.js';
import { benchFleetHtml } from './bench/fleet-html.js';
import { benchFindingsFormats } from './bench/findings-formats.js';
import { benchGate } from './bench/gate.js';
import { benchHtml } from './bench/html.js';
import { benchPdf } from './bench/pdf.js';
import { benchOcsf } from './bench/ocsf.js';
import { benchParquet, benchParquetFleet } from './bench/parquet.js';
import { benchPostureSarif } from './bench/posture-sarif.js';
import { benchQuery } from './bench/query.js';
import { benchXlsx } from './bench/xlsx.js';
import { withBenchRun } from './bench/record.js';

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
// The result lines, kept for --record as they are printed.
const printed = [];
const log = console.log;
console.log = (...parts) => {
  printed.push(parts.join(' '));
  log(...parts);
};
const wanted = (name) => chosen.length === 0 || chosen.includes(name);

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
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const x = (ratio) => `${ratio.toFixed(2)}×`;

// Only the sections over reports need the large reports: `bench -- query` generates none.
const needsReports = chosen.length === 0 || chosen.some((name) => name !== 'query');
const big = needsReports ? await report(300_000) : undefined;
const small = needsReports ? await report(30_000) : undefined;
if (needsReports) process.stdout.write(`report of 300,000 policies: ${mb(statSync(big).size)}; of 30,000: ${mb(statSync(small).size)}\n\n`);

if (wanted('check')) {
  const r = await benchCheck({ file: big, runs });
  console.log(`check  ${s(r.ms)} vs read+JSON.parse ${s(r.baselineMs)} = ${x(r.ratio)} (whole processes; median of ${runs} alternated pairs, range ${x(r.minRatio)}–${x(r.maxRatio)}); peak ${r.peakRssMb.toFixed(0)} MB = ${x(r.memoryRatio)} the file (read+parse alone: ${r.baselinePeakRssMb.toFixed(0)} MB)`);
}
if (wanted('gate')) {
  for (const r of await benchGate({ file: big, runs })) {
    console.log(`${r.name}: ${s(r.ms)} vs read+JSON.parse ${s(r.baselineMs)} = ${x(r.ratio)} (six assertions, whole processes; median of ${runs} alternated pairs, range ${x(r.minRatio)}–${x(r.maxRatio)}); exit ${r.exitCodes.join(', ')}`);
  }
}
if (wanted('diff')) {
  // Next week's scan: one policy in 50 changed colour (6,000 changes).
  const next = `${folder}/report-300000-next.json`;
  if (!existsSync(next)) {
    process.stdout.write(`generating ${next} …\n`);
    await writeNextScan(big, next, 50);
  }
  const r = await benchDiff({ old: big, next, runs });
  console.log(`diff   ${s(r.ms)} vs read+JSON.parse of both ${s(r.baselineMs)} = ${x(r.ratio)} (whole processes; median of ${runs} alternated pairs, range ${x(r.minRatio)}–${x(r.maxRatio)}); peak ${r.peakRssMb.toFixed(0)} MB; exit ${r.exitCodes.join(', ')}`);
}
if (wanted('trend')) {
  const r = await benchTrend();
  for (const [count, byFormat] of Object.entries(r)) {
    for (const [format, m] of Object.entries(byFormat)) console.log(`trend  ${count} scans -f ${format}: ${s(m.ms)}, peak ${m.peakRssMb.toFixed(0)} MB; exit ${m.exitCodes.join(', ')}`);
  }
}
if (wanted('xlsx')) {
  const r = await benchXlsx({ file: big });
  console.log(`xlsx   ${s(r.ms)} vs plain exceljs streaming of the same rows (action list, policies, POA&M) ${s(r.baselineMs)} = ${x(r.ratio)}; peak ${r.peakRssMb.toFixed(0)} MB (whole render process); ${mb(r.bytes)}`);
}
if (wanted('pdf')) {
  const r = await benchPdf({ file: small });
  console.log(`pdf    ${s(r.ms)} vs plain pdfkit loop ${s(r.baselineMs)} = ${x(r.ratio)}; ${r.pages} pages, ${mb(r.bytes)}`);
}
if (wanted('html')) {
  const r = await benchHtml({ file: big });
  console.log(`html   ${mb(r.bytes)} = ${x(r.sizeRatio)} the JSON; rendered in ${s(r.renderMs)}; first view ${s(r.firstViewMs)} vs blank page ${s(r.blankMs)} (+${s(r.firstViewExtraMs)})`);
}
if (wanted('findings')) {
  for (const count of [125_000, 20_000]) {
    for (const r of await benchFindingsFormats({ count, runs })) {
      console.log(`${r.name.padEnd(6)} ${r.findings.toLocaleString('en-US')} findings: ${s(r.ms)} vs json ${s(r.baselineMs)} = ${x(r.ratio)} (median of ${runs} alternated pairs); ${mb(r.bytes)} vs ${mb(r.baselineBytes)}`);
    }
  }
}
if (wanted('exports')) {
  for (const r of await benchExports({ file: big, runs: Math.max(3, Math.min(runs, 7)) })) {
    console.log(
      `${r.name.padEnd(6)} ${r.policies.toLocaleString('en-US')} policies: ${s(r.ms)} vs JSON.stringify to UTF-8 bytes ${s(r.baselineMs)} = ${x(r.ratio)} ` +
        `(the string alone ${s(r.textBaselineMs)}: ${x(r.textRatio)}; in process, after one check; medians); ${mb(r.bytes)} vs ${mb(r.baselineBytes)}`,
    );
  }
}
if (wanted('ocsf')) {
  const r = await benchOcsf({ file: big, out: `${folder}/events.ocsf.jsonl`, runs: Math.max(3, Math.min(runs, 7)) });
  console.log(
    `ocsf   ${r.policies.toLocaleString('en-US')} policies: ${s(r.ms)} vs JSON.stringify to UTF-8 bytes ${s(r.baselineMs)} = ${x(r.ratio)} ` +
      `(in process, after one check; medians); ${r.events.toLocaleString('en-US')} events, ${mb(r.bytes)} vs ${mb(r.baselineBytes)}, largest chunk ${mb(r.largestChunk)}; ` +
      `peak ${r.peakRssMb.toFixed(0)} MB (whole render process) vs ${r.baselinePeakRssMb.toFixed(0)} MB (read, parse, stringify)`,
  );
}
if (wanted('sarif')) {
  const r = await benchPostureSarif({ file: big, out: `${folder}/posture.sarif`, runs: Math.max(3, Math.min(runs, 7)) });
  console.log(
    `sarif  ${r.policies.toLocaleString('en-US')} policies (${r.failing.red.toLocaleString('en-US')} Red, ${r.failing.amber.toLocaleString('en-US')} Amber): ${s(r.ms)} vs JSON.stringify to UTF-8 bytes ${s(r.baselineMs)} = ${x(r.ratio)} ` +
      `(in process, after one check; medians); ${r.results.toLocaleString('en-US')} results, ${r.rules.toLocaleString('en-US')} rules, ${mb(r.bytes)}, ${mb(r.gzipBytes)} gzip-compressed; ` +
      `peak ${r.peakRssMb.toFixed(0)} MB (whole render process) vs ${r.baselinePeakRssMb.toFixed(0)} MB (read, parse, stringify)`,
  );
}
if (wanted('parquet')) {
  const r = await benchParquet({ file: big, out: `${folder}/report.parquet`, runs: Math.max(3, Math.min(runs, 7)) });
  console.log(
    `parquet ${r.policies.toLocaleString('en-US')} policies: ${s(r.ms)} vs JSON.stringify to UTF-8 bytes ${s(r.baselineMs)} = ${x(r.ratio)} (in process, after one check; medians); ` +
      `${mb(r.bytes)} vs ${mb(r.jsonBytes)} (the report file: ${mb(r.fileBytes)}); figures table ${s(r.figuresMs)}, ${(r.figuresBytes / 1024).toFixed(0)} KB; ` +
      `peak ${r.peakRssMb.toFixed(0)} MB (whole render process, ${s(r.cliMs)}) vs ${r.baselinePeakRssMb.toFixed(0)} MB (read, parse, stringify)`,
  );
  const folders = [];
  for (const files of [100, 1_000]) folders.push(await fleetFolder(folder, files));
  for (const m of benchParquetFleet({ folders })) {
    console.log(`parquet dataset of ${m.files.toLocaleString('en-US')} files of 879 policies: ${s(m.ms)}, peak ${m.peakRssMb.toFixed(0)} MB (whole process); ${mb(m.bytes)} vs ${mb(m.inputBytes)} of JSON`);
  }
}
if (wanted('fetch')) {
  const r = await benchFetch();
  console.log(`fetch  ${r.accounts} accounts, ${r.latencyMs} ms latency: --concurrency 8 ${s(r.parallelMs)} vs --concurrency 1 ${s(r.serialMs)} = ${x(r.speedup)} faster; peak ${r.peakRssMb.toFixed(0)} MB at ${r.accounts} accounts vs ${r.smallPeakRssMb.toFixed(0)} MB at 50 (${x(r.memoryRatio)}); exit ${r.exitCodes.join(', ')}`);
}
if (wanted('fleet')) {
  for (const layout of layouts) {
    for (const files of fleetSizes) {
      const r = await benchFleet({ folder, files, layout, runs: Math.min(runs, 3) });
      const floor = `read+JSON.parse ${s(r.floor1.ms)} in 1 process, ${s(r.floorN.ms)} split over ${r.jobs}`;
      console.log(`fleet  ${files.toLocaleString('en-US')} files of 879 policies, ${layout} layout (${mb(r.fileBytes)} a file; ${floor}; peak ${r.floor1.peakRssMb.toFixed(0)} MB in 1 process):`);
      for (const name of ['check', 'gate', 'sharded']) {
        const what = name === 'sharded' ? `check as ${r.jobs} shards at once + merge (${s(r.sharded.mergeMs)} of it merge)` : `${name} --jobs ${r.jobs}`;
        console.log(`  ${what}: ${s(r[name].ms)} = ${x(r[name].vsFloorN)} the ${r.jobs}-process floor, ${x(r[name].vsFloor1)} the 1-process one; peak ${r[name].peakRssMb.toFixed(0)} MB; exit ${r[name].statuses.join(', ')}`);
      }
    }
  }
  const page = await benchFleetHtml({ file: `${folder}/fleet-base.json`, runs: Math.min(runs, 5) });
  console.log(`fleet  HTML of the fleet tier, ${page.accounts.toLocaleString('en-US')} accounts: ${mb(page.bytes)}, rendered in ${s(page.renderMs)}; first view in Chromium ${s(page.firstViewMs)} vs a blank page ${s(page.blankMs)}`);
  const huge = await report(1_000_000);
  const r = await benchCheck({ file: huge, runs: Math.min(runs, 5), format: 'text' });
  console.log(`fleet  one file of 1,000,000 policies (${mb(statSync(huge).size)}): check -f text ${s(r.ms)} vs read+JSON.parse ${s(r.baselineMs)} = ${x(r.ratio)} (median of ${Math.min(runs, 5)} alternated pairs); peak ${r.peakRssMb.toFixed(0)} MB (read+parse alone: ${r.baselinePeakRssMb.toFixed(0)} MB)`);
}
if (wanted('query')) {
  const r = await benchQuery({ folder, runs: Math.min(runs, 3) });
  if (r.generatedMs !== undefined) console.log(`query  generated ${r.rows.toLocaleString('en-US')} policy rows in ${s(r.generatedMs)} (${r.dir})`);
  for (const q of r.results) {
    console.log(`query  ${q.name} over ${r.rows.toLocaleString('en-US')} policy rows: ${s(q.ms)} (whole process, median of ${Math.min(runs, 3)}; node alone starts in ${s(r.startMs)}); peak ${q.peakRssMb.toFixed(0)} MB; exit ${q.exitCodes.join(', ')}`);
  }
}

if (record) {
  const path = new URL('../docs/performance.md', import.meta.url);
  writeFileSync(path, withBenchRun(readFileSync(path, 'utf8'), printed, { jobs: chosen, date: new Date().toISOString().slice(0, 10) }));
  log(`recorded in ${path.pathname}`);
}
