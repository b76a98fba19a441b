// The jobs of `npm run bench`, by name: what each measures, whether it needs the large
// generated reports, and how it runs. The runner (scripts/bench.js), its usage line and the
// blocks docs/performance.md records (one per job) all come from this one list. Each job
// loads its measuring module when it runs: listing the jobs loads none of them (nor the build).
import { existsSync, mkdirSync, statSync } from 'node:fs';

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const x = (ratio) => `${ratio.toFixed(2)}×`;
/** The peaks of an export's whole render process and of one that reads, parses and stringifies the report. */
const peaks = (r) =>
  `peak ${r.peakRssMb.toFixed(0)} MB (whole render process) vs ${r.baselinePeakRssMb.toFixed(0)} MB (read, parse, stringify)`;

/**
 * Each job of the bench. `run` gets the large reports (`big`: 300,000 policies, `small`: 30,000),
 * the pairs to run, the bench folder, the fleet options, `report(policies)` to generate another,
 * and `log`, which prints a result line and keeps it for `--record`.
 */
export const benchJobs = {
  check: {
    what: '300,000 policies, whole CLI process vs read + JSON.parse',
    needsReports: true,
    async run({ big, runs, log }) {
      const { benchCheck } = await import('./check.js');
      const r = await benchCheck({ file: big, runs });
      log(
        `check  ${s(r.ms)} vs read+JSON.parse ${s(r.baselineMs)} = ${x(r.ratio)} (whole processes; median of ${runs} alternated pairs, range ${x(r.minRatio)}–${x(r.maxRatio)}); peak ${r.peakRssMb.toFixed(0)} MB = ${x(r.memoryRatio)} the file (read+parse alone: ${r.baselinePeakRssMb.toFixed(0)} MB)`,
      );
    },
  },
  prowler: {
    what: "a Prowler JSON-OCSF file of 100,000 findings (made of Prowler's example outputs), whole CLI process vs read + JSON.parse",
    needsReports: false,
    async run({ runs, folder, log }) {
      const { benchCheck } = await import('./check.js');
      const { writeProwlerOcsf } = await import('./generate-prowler.js');
      const file = `${folder}/prowler-100000.ocsf.json`;
      if (!existsSync(file)) {
        mkdirSync(folder, { recursive: true });
        process.stdout.write(`generating ${file} …\n`);
        writeProwlerOcsf(file, 100_000);
      }
      const r = await benchCheck({ file, runs });
      log(
        `prowler check of 100,000 findings (${mb(statSync(file).size)}) ${s(r.ms)} vs read+JSON.parse ${s(r.baselineMs)} = ${x(r.ratio)} (whole processes; median of ${runs} alternated pairs, range ${x(r.minRatio)}–${x(r.maxRatio)}); peak ${r.peakRssMb.toFixed(0)} MB (read+parse alone: ${r.baselinePeakRssMb.toFixed(0)} MB)`,
      );
    },
  },
  gate: {
    what: '300,000 policies, six assertions, whole CLI process vs read + JSON.parse',
    needsReports: true,
    async run({ big, runs, log }) {
      const { benchGate } = await import('./gate.js');
      for (const r of await benchGate({ file: big, runs })) {
        log(
          `${r.name}: ${s(r.ms)} vs read+JSON.parse ${s(r.baselineMs)} = ${x(r.ratio)} (six assertions, whole processes; median of ${runs} alternated pairs, range ${x(r.minRatio)}–${x(r.maxRatio)}); exit ${r.exitCodes.join(', ')}`,
        );
      }
    },
  },
  diff: {
    what: 'two reports of 300,000 policies, whole CLI process vs read + JSON.parse of both',
    needsReports: true,
    async run({ big, runs, folder, log }) {
      const { benchDiff } = await import('./diff.js');
      const { writeNextScan } = await import('./next-scan.js');
      // Next week's scan: one policy in 50 changed colour (6,000 changes).
      const next = `${folder}/report-300000-next.json`;
      if (!existsSync(next)) {
        process.stdout.write(`generating ${next} …\n`);
        await writeNextScan(big, next, 50);
      }
      const r = await benchDiff({ old: big, next, runs });
      log(
        `diff   ${s(r.ms)} vs read+JSON.parse of both ${s(r.baselineMs)} = ${x(r.ratio)} (whole processes; median of ${runs} alternated pairs, range ${x(r.minRatio)}–${x(r.maxRatio)}); peak ${r.peakRssMb.toFixed(0)} MB; exit ${r.exitCodes.join(', ')}`,
      );
    },
  },
  trend: {
    what: '30 and 365 daily scans of 127 policies, whole CLI process: time and peak memory',
    needsReports: true,
    async run({ log }) {
      const { benchTrend } = await import('./trend.js');
      const r = await benchTrend();
      for (const [count, byFormat] of Object.entries(r)) {
        for (const [format, m] of Object.entries(byFormat))
          log(
            `trend  ${count} scans -f ${format}: ${s(m.ms)}, peak ${m.peakRssMb.toFixed(0)} MB; exit ${m.exitCodes.join(', ')}`,
          );
      }
    },
  },
  xlsx: {
    what: '300,000 policies, styled workbook vs plain exceljs streaming of the same rows (unstyled)',
    needsReports: true,
    async run({ big, log }) {
      const { benchXlsx } = await import('./xlsx.js');
      const r = await benchXlsx({ file: big });
      log(
        `xlsx   ${s(r.ms)} vs plain exceljs streaming of the same rows (action list, policies, POA&M) ${s(r.baselineMs)} = ${x(r.ratio)}; peak ${r.peakRssMb.toFixed(0)} MB (whole render process); ${mb(r.bytes)}`,
      );
    },
  },
  pdf: {
    what: '30,000 policies vs a plain pdfkit loop drawing the same rows',
    needsReports: true,
    async run({ small, log }) {
      const { benchPdf } = await import('./pdf.js');
      const r = await benchPdf({ file: small });
      log(
        `pdf    ${s(r.ms)} vs plain pdfkit loop ${s(r.baselineMs)} = ${x(r.ratio)}; ${r.pages} pages, ${mb(r.bytes)}`,
      );
    },
  },
  html: {
    what: '300,000 policies, file size vs JSON, first view in Chromium vs a blank page',
    needsReports: true,
    async run({ big, log }) {
      const { benchHtml } = await import('./html.js');
      const r = await benchHtml({ file: big });
      log(
        `html   ${mb(r.bytes)} = ${x(r.sizeRatio)} the JSON; rendered in ${s(r.renderMs)}; first view ${s(r.firstViewMs)} vs blank page ${s(r.blankMs)} (+${s(r.firstViewExtraMs)})`,
      );
    },
  },
  findings: {
    what: 'each findings format but json vs json, 125,000 and 20,000 findings, in process',
    needsReports: true,
    async run({ runs, log }) {
      const { benchFindingsFormats } = await import('./findings-formats.js');
      for (const count of [125_000, 20_000]) {
        for (const r of await benchFindingsFormats({ count, runs })) {
          log(
            `${r.name.padEnd(6)} ${r.findings.toLocaleString('en-US')} findings: ${s(r.ms)} vs json ${s(r.baselineMs)} = ${x(r.ratio)} (median of ${runs} alternated pairs); ${mb(r.bytes)} vs ${mb(r.baselineBytes)}`,
          );
        }
      }
    },
  },
  exports: {
    what: 'CSV and HDF of 300,000 policies vs JSON.stringify of the same report (to UTF-8 bytes), in process',
    needsReports: true,
    async run({ big, runs, log }) {
      const { benchExports } = await import('./exports.js');
      for (const r of await benchExports({ file: big, runs: Math.max(3, Math.min(runs, 7)) })) {
        log(
          `${r.name.padEnd(6)} ${r.policies.toLocaleString('en-US')} policies: ${s(r.ms)} vs JSON.stringify to UTF-8 bytes ${s(r.baselineMs)} = ${x(r.ratio)} ` +
            `(the string alone ${s(r.textBaselineMs)}: ${x(r.textRatio)}; in process, after one check; medians); ${mb(r.bytes)} vs ${mb(r.baselineBytes)}`,
        );
      }
    },
  },
  ocsf: {
    what: 'OCSF events (render -f ocsf) of 300,000 policies vs JSON.stringify of the same report (to UTF-8 bytes); largest chunk; peak memory of both as whole processes',
    needsReports: true,
    async run({ big, runs, folder, log }) {
      const { benchOcsf } = await import('./ocsf.js');
      const r = await benchOcsf({
        file: big,
        out: `${folder}/events.ocsf.jsonl`,
        runs: Math.max(3, Math.min(runs, 7)),
      });
      log(
        `ocsf   ${r.policies.toLocaleString('en-US')} policies: ${s(r.ms)} vs JSON.stringify to UTF-8 bytes ${s(r.baselineMs)} = ${x(r.ratio)} ` +
          `(in process, after one check; medians); ${r.events.toLocaleString('en-US')} events, ${mb(r.bytes)} vs ${mb(r.baselineBytes)}, largest chunk ${mb(r.largestChunk)}; ` +
          peaks(r),
      );
    },
  },
  sarif: {
    what: 'posture SARIF (render -f sarif) of 300,000 policies vs JSON.stringify of the same report (to UTF-8 bytes); peak memory of both as whole processes',
    needsReports: true,
    async run({ big, runs, folder, log }) {
      const { benchPostureSarif } = await import('./posture-sarif.js');
      const r = await benchPostureSarif({
        file: big,
        out: `${folder}/posture.sarif`,
        runs: Math.max(3, Math.min(runs, 7)),
      });
      log(
        `sarif  ${r.policies.toLocaleString('en-US')} policies (${r.failing.red.toLocaleString('en-US')} Red, ${r.failing.amber.toLocaleString('en-US')} Amber): ${s(r.ms)} vs JSON.stringify to UTF-8 bytes ${s(r.baselineMs)} = ${x(r.ratio)} ` +
          `(in process, after one check; medians); ${r.results.toLocaleString('en-US')} results, ${r.rules.toLocaleString('en-US')} rules, ${mb(r.bytes)}, ${mb(r.gzipBytes)} gzip-compressed; ` +
          peaks(r),
      );
    },
  },
  parquet: {
    what: 'the policies table (render -f parquet) of 300,000 policies vs JSON.stringify of the same report (to UTF-8 bytes), in process; file sizes; peak memory of both as whole processes; the dataset (--out-dir) of fleets of 100 and 1,000 files of 879 policies',
    needsReports: true,
    async run({ big, runs, folder, log }) {
      const { fleetFolder } = await import('./fleet.js');
      const { benchParquet, benchParquetFleet } = await import('./parquet.js');
      const r = await benchParquet({
        file: big,
        out: `${folder}/report.parquet`,
        runs: Math.max(3, Math.min(runs, 7)),
      });
      log(
        `parquet ${r.policies.toLocaleString('en-US')} policies: ${s(r.ms)} vs JSON.stringify to UTF-8 bytes ${s(r.baselineMs)} = ${x(r.ratio)} (in process, after one check; medians); ` +
          `${mb(r.bytes)} vs ${mb(r.jsonBytes)} (the report file: ${mb(r.fileBytes)}); figures table ${s(r.figuresMs)}, ${(r.figuresBytes / 1024).toFixed(0)} KB; ` +
          `peak ${r.peakRssMb.toFixed(0)} MB (whole render process, ${s(r.cliMs)}) vs ${r.baselinePeakRssMb.toFixed(0)} MB (read, parse, stringify)`,
      );
      const folders = [];
      for (const files of [100, 1_000]) folders.push(await fleetFolder(folder, files));
      for (const m of benchParquetFleet({ folders })) {
        log(
          `parquet dataset of ${m.files.toLocaleString('en-US')} files of 879 policies: ${s(m.ms)}, peak ${m.peakRssMb.toFixed(0)} MB (whole process); ${mb(m.bytes)} vs ${mb(m.inputBytes)} of JSON`,
        );
      }
    },
  },
  fetch: {
    what: '200 accounts from `cspm-report serve --latency 50`, --concurrency 8 vs 1; peak memory at 50 and 200',
    needsReports: true,
    async run({ log }) {
      const { benchFetch } = await import('./fetch.js');
      const r = await benchFetch();
      log(
        `fetch  ${r.accounts} accounts, ${r.latencyMs} ms latency: --concurrency 8 ${s(r.parallelMs)} vs --concurrency 1 ${s(r.serialMs)} = ${x(r.speedup)} faster; peak ${r.peakRssMb.toFixed(0)} MB at ${r.accounts} accounts vs ${r.smallPeakRssMb.toFixed(0)} MB at 50 (${x(r.memoryRatio)}); exit ${r.exitCodes.join(', ')}`,
      );
    },
  },
  fleet: {
    what: "1,000, 5,000 and 10,000 files of 879 policies (--fleet-files N,M), laid out as the service's published sample and compact (--fleet-layouts published,compact), generated once into .bench/: check, gate (--jobs = CPUs) and a sharded check + merge vs read + JSON.parse in one process and split over as many; one file of 1,000,000 policies vs read + JSON.parse; the fleet tier's HTML of 5,000 accounts: first view in Chromium vs a blank page",
    needsReports: true,
    async run({ runs, folder, layouts, fleetSizes, report, log }) {
      const { benchCheck } = await import('./check.js');
      const { benchFleet } = await import('./fleet.js');
      const { benchFleetHtml } = await import('./fleet-html.js');
      for (const layout of layouts) {
        for (const files of fleetSizes) {
          const r = await benchFleet({ folder, files, layout, runs: Math.min(runs, 3) });
          const floor = `read+JSON.parse ${s(r.floor1.ms)} in 1 process, ${s(r.floorN.ms)} split over ${r.jobs}`;
          log(
            `fleet  ${files.toLocaleString('en-US')} files of 879 policies, ${layout} layout (${mb(r.fileBytes)} a file; ${floor}; peak ${r.floor1.peakRssMb.toFixed(0)} MB in 1 process):`,
          );
          for (const name of ['check', 'gate', 'sharded']) {
            const what =
              name === 'sharded'
                ? `check as ${r.jobs} shards at once + merge (${s(r.sharded.mergeMs)} of it merge)`
                : `${name} --jobs ${r.jobs}`;
            log(
              `  ${what}: ${s(r[name].ms)} = ${x(r[name].vsFloorN)} the ${r.jobs}-process floor, ${x(r[name].vsFloor1)} the 1-process one; peak ${r[name].peakRssMb.toFixed(0)} MB; exit ${r[name].statuses.join(', ')}`,
            );
          }
        }
      }
      const page = await benchFleetHtml({ file: `${folder}/fleet-base.json`, runs: Math.min(runs, 5) });
      log(
        `fleet  HTML of the fleet tier, ${page.accounts.toLocaleString('en-US')} accounts: ${mb(page.bytes)}, rendered in ${s(page.renderMs)}; first view in Chromium ${s(page.firstViewMs)} vs a blank page ${s(page.blankMs)}`,
      );
      const huge = await report(1_000_000);
      const r = await benchCheck({ file: huge, runs: Math.min(runs, 5), format: 'text' });
      log(
        `fleet  one file of 1,000,000 policies (${mb(statSync(huge).size)}): check -f text ${s(r.ms)} vs read+JSON.parse ${s(r.baselineMs)} = ${x(r.ratio)} (median of ${Math.min(runs, 5)} alternated pairs); peak ${r.peakRssMb.toFixed(0)} MB (read+parse alone: ${r.baselinePeakRssMb.toFixed(0)} MB)`,
      );
    },
  },
  query: {
    what: "SQL over a dataset of 10,000,000 policy rows (Parquet, partitioned by scan date and benchmark): each query's time and peak memory",
    needsReports: false,
    async run({ runs, folder, log }) {
      const { benchQuery } = await import('./query.js');
      const r = await benchQuery({ folder, runs: Math.min(runs, 3) });
      if (r.generatedMs !== undefined)
        log(`query  generated ${r.rows.toLocaleString('en-US')} policy rows in ${s(r.generatedMs)} (${r.dir})`);
      for (const q of r.results) {
        log(
          `query  ${q.name} over ${r.rows.toLocaleString('en-US')} policy rows: ${s(q.ms)} (whole process, median of ${Math.min(runs, 3)}; node alone starts in ${s(r.startMs)}); peak ${q.peakRssMb.toFixed(0)} MB; exit ${q.exitCodes.join(', ')}`,
        );
      }
    },
  },
  'site-view': {
    what: "the fleet site of 10,000 accounts × 52 weekly scans (cspm-report site of the site-build job's dataset) opened from its folder in Chromium: first view vs a blank page, filter by connector, search and sort of the accounts table, an account's page (medians of fresh pages)",
    needsReports: false,
    async run({ runs, folder, log }) {
      const { benchSiteFolder, measureSiteView } = await import('./site-view.js');
      const built = await benchSiteFolder(folder);
      const pages = Math.min(runs, 7);
      const r = await measureSiteView({ site: built.site, runs: pages });
      const ms = (value) => `${value.toFixed(0)} ms`;
      log(
        `site-view ${built.accounts.toLocaleString('en-US')} accounts × ${built.scans} scans (built in ${s(built.buildMs)}): first view ${ms(r.firstView)} vs blank page ${ms(r.blank)} (+${ms(r.extraMs)}); ` +
          `filter by connector ${ms(r.filter)}, search ${ms(r.search)}, sort by account ${ms(r.sort)}; account page ${ms(r.account)} (medians of ${pages} fresh pages)`,
      );
    },
  },
  'site-build': {
    what: "the static site (cspm-report site) of generated fleet datasets of 10,000 accounts × 52 and × 13 weekly scans, whole CLI process vs a process that streams every row and column of the dataset's policies table through the same reader: time, CPU, peak memory (13 vs 52 scans), the site's size against the dataset's",
    needsReports: false,
    async run({ runs, folder, log }) {
      const { benchSiteBuild } = await import('./site-build.js');
      const pct = (part, whole) => `${((part / whole) * 100).toFixed(1)} %`;
      const r = await benchSiteBuild({ folder, runs: Math.min(runs, 3) });
      for (const m of r.results) {
        const what = `site   ${r.accounts.toLocaleString('en-US')} accounts × ${m.scans} scans`;
        if (m.generatedMs !== undefined) log(`${what}: dataset generated in ${s(m.generatedMs)} (${m.dir})`);
        log(
          `${what}: build ${s(m.ms)} (CPU ${s(m.cpuMs)}) vs reading the dataset once ${s(m.baselineMs)} (CPU ${s(m.baselineCpuMs)}) = ${x(m.ratio)} (whole processes; median of ${Math.min(runs, 3)} alternated pairs, range ${x(m.minRatio)}–${x(m.maxRatio)}); peak ${m.peakRssMb.toFixed(0)} MB (reading once: ${m.baselinePeakRssMb.toFixed(0)} MB)`,
        );
        log(
          `${what}: site ${mb(m.site.bytes)} (${mb(m.site.blocks)} on disk) = ${pct(m.site.bytes, m.dataset.bytes)} of the dataset's ${mb(m.dataset.bytes)} (${pct(m.site.blocks, m.dataset.blocks)} of its ${mb(m.dataset.blocks)} on disk)`,
        );
      }
      const [of52, of13] = r.results;
      log(
        `site   peak memory of the build: ${of13.peakRssMb.toFixed(0)} MB at 13 scans, ${of52.peakRssMb.toFixed(0)} MB at 52 (${x(of52.peakRssMb / of13.peakRssMb)} for 4× the scans)`,
      );
    },
  },
};
