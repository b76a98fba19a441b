#!/usr/bin/env node
// The site's accounts table in two formats, for the same rows: the compressed JSON chunk
// the site writes (`dataChunk`), and Parquet (hyparquet-writer's defaults) read in the
// page by hyparquet. Sizes on disk; in headless Chromium, from file:// as a site folder is
// opened, the time from adding the data's <script> to the rows, from the data in hand to
// the rows, and a first view: navigation start to a number drawn from the rows, against a
// blank page that draws a number too, alternated, medians.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { accountColumns, dataChunk } from '../../dist/render/site/render-site.js';
import { random } from '../generate-scans.js';
import { launchChromium } from './html.js';
import { median } from './run-node.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A seeded generator (mulberry32, the scans generator's): the same fleet on every run. */
const seeded = random;

/** A key as the site makes them: the first 16 hex digits of a SHA-256 of the parts. */
const keyOf = (...parts) => createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);

/** The benchmarks of each connector, as a fleet's reports name them. */
const connectors = {
  AWS: ['CIS Amazon Web Services Foundations Benchmark v3.0.0', 'AWS Foundational Security Best Practices v1.0.0'],
  Azure: ['CIS Microsoft Azure Foundations Benchmark v2.1.0', 'Microsoft Cloud Security Benchmark v1'],
  GCP: ['CIS Google Cloud Platform Foundation Benchmark v2.0.0'],
  OCI: ['CIS Oracle Cloud Infrastructure Foundations Benchmark v2.0.0'],
};
const teams = ['payments', 'identity', 'search', 'billing', 'data', 'platform', 'mobile', 'web', 'ml', 'security'];
const stages = ['prod', 'staging', 'dev', 'test', 'sandbox', 'shared'];

/** The rows of a fleet of `count` accounts, one benchmark each, as the site's builder makes them. */
export function makeSiteAccounts(count, seed = 20261203) {
  const random = seeded(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const int = (low, high) => low + Math.floor(random() * (high - low + 1));
  const hex = (digits) => Array.from({ length: digits }, () => int(0, 15).toString(16)).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
  const names = Object.keys(connectors);
  const latest = Date.parse('2026-11-30T00:00:00Z');
  return Array.from({ length: count }, (_, row) => {
    const connector = names[row % names.length];
    const benchmarkName = pick(connectors[connector]);
    const benchmarkId = keyOf('benchmark', benchmarkName);
    const accountId = connector === 'AWS' ? String(int(1e11, 999999999999)) : uuid();
    const total = int(60, 420);
    const gray = int(0, Math.floor(total / 5));
    const red = random() < 0.25 ? 0 : int(0, Math.floor((total - gray) / 3));
    const amber = int(0, Math.floor((total - gray - red) / 6));
    const green = total - gray - red - amber;
    const assessed = total - gray;
    const percent = random() < 0.02 ? null : (green / assessed) * 100;
    const scans = int(1, 30);
    const before = green + int(-8, 8);
    const change = percent === null || scans === 1 ? null : percent - (Math.max(0, before) / assessed) * 100;
    const critical = int(0, Math.floor(red / 6));
    const high = int(0, Math.floor((red - critical) / 2));
    const medium = int(0, red - critical - high);
    return {
      key: keyOf(accountId, benchmarkId),
      accountId,
      accountName: `${pick(teams)}-${pick(stages)}-${int(1, 99)}`,
      connector,
      benchmarkId,
      benchmarkName,
      benchmarkKey: keyOf(benchmarkId),
      lastScan: new Date(latest - int(0, 7 * 24 * 3600) * 1000).toISOString(),
      jobId: uuid(),
      percent,
      change,
      red,
      amber,
      redBySeverity: [critical, high, medium, red - critical - high - medium],
      accepted: random() < 0.1 ? int(1, 5) : 0,
      scans,
      lost: random() < 0.03,
      shard: Math.floor(row / 64),
    };
  });
}

/** The site's own `inflate`, taken from its page script, so that the chunk is read as the site reads it. */
function siteInflate() {
  const script = readFileSync(join(root, 'templates', 'site-base.js'), 'utf8');
  const found = /^( *)async function inflate\(packed\) \{\n[\s\S]*?\n\1\}\n/m.exec(script);
  if (!found) throw new Error('templates/site-base.js: no `async function inflate(packed)` to measure');
  return found[0];
}

/** hyparquet's reader as one minified browser script: what a page reading Parquet has to load first. */
async function bundleReader() {
  const result = await build({
    stdin: { contents: "export { parquetRead } from 'hyparquet';", resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'hyparquet',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].contents;
}

/**
 * What every page shares: the figures it keeps for the bench, and `shown`, set after the
 * first frame that holds the number (a frame, then a task: the frame has been painted).
 */
const pageHead = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head>
<body><p>Accounts with red policies: <output id="count"></output></p><script>
window.figures = {};
function draw(count) {
  document.getElementById('count').textContent = String(count);
  requestAnimationFrame(() => setTimeout(() => { window.figures.shown = performance.now(); }));
}
function addScript(src) {
  window.figures.added = performance.now();
  const script = document.createElement('script');
  script.src = src;
  document.head.append(script);
}
</script>`;

/** The pages: a blank one that draws a constant, the chunk's and Parquet's, each loading its data as a site would. */
function pages(inflate, redColumn) {
  const blank = `${pageHead}<script>draw(0);</script></body></html>\n`;
  const chunk = `${pageHead}<script>
${inflate}
window.cspmSite = {
  async receive(name, packed) {
    window.figures.inHand = performance.now();
    const value = await inflate(packed);
    window.figures.rows = performance.now();
    draw(value.rows.filter((row) => row[${redColumn}] > 0).length);
  },
};
addScript('accounts.js');
</script></body></html>\n`;
  const parquet = `${pageHead}<script src="hyparquet.min.js"></script><script>
window.receiveParquet = (packed) => {
  window.figures.inHand = performance.now();
  const binary = atob(packed);
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at += 1) bytes[at] = binary.charCodeAt(at);
  window.figures.bytes = performance.now();
  hyparquet.parquetRead({
    file: bytes.buffer,
    onComplete(rows) {
      window.figures.rows = performance.now();
      draw(rows.filter((row) => row[${redColumn}] > 0).length);
    },
  });
};
addScript('accounts-parquet.js');
</script></body></html>\n`;
  return { blank, chunk, parquet };
}

/** The figures one page kept, once its number is on screen. */
async function visit(context, url) {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 600_000 });
    await page.waitForFunction(() => window.figures?.shown !== undefined, undefined, { timeout: 600_000 });
    const figures = await page.evaluate(() => window.figures);
    const count = await page.locator('#count').textContent();
    return { ...figures, count: Number(count) };
  } finally {
    await page.close();
  }
}

/** The median of one figure over runs, or of the difference of two. */
const medianOf = (runs, end, start) => median(runs.map((run) => run[end] - (start ? run[start] : 0)));

/**
 * Writes the accounts table of `accounts` generated accounts as the site's chunk and as
 * Parquet, and measures each in Chromium `runs` times, alternated with a blank page.
 */
export async function benchSiteFormat({ accounts = 10_000, runs = 5 } = {}) {
  const rows = makeSiteAccounts(accounts);
  const table = rows.map((account) => accountColumns.map((column) => account[column]));
  const json = JSON.stringify({ columns: accountColumns, rows: table });
  const chunk = dataChunk('accounts', { columns: accountColumns, rows: table });
  const parquetBytes = Buffer.from(
    parquetWriteBuffer({ columnData: accountColumns.map((name, at) => ({ name, data: table.map((row) => row[at]) })) }),
  );
  const parquetScript = `window.receiveParquet("${parquetBytes.toString('base64')}");\n`;
  const reader = await bundleReader();
  const expected = rows.filter((account) => account.red > 0).length;

  const folder = mkdtempSync(join(tmpdir(), 'cspm-bench-site-format-'));
  try {
    const html = pages(siteInflate(), accountColumns.indexOf('red'));
    writeFileSync(join(folder, 'accounts.js'), chunk);
    writeFileSync(join(folder, 'accounts-parquet.js'), parquetScript);
    writeFileSync(join(folder, 'hyparquet.min.js'), reader);
    const urls = {};
    for (const [name, body] of Object.entries(html)) {
      writeFileSync(join(folder, `${name}.html`), body);
      urls[name] = pathToFileURL(join(folder, `${name}.html`)).href;
    }
    const context = await launchChromium(join(folder, 'profile'));
    const seen = { blank: [], chunk: [], parquet: [] };
    try {
      // The first page a browser opens pays for its own start-up: not counted.
      await visit(context, urls.blank);
      for (let run = 0; run < runs; run += 1) {
        for (const name of ['blank', 'chunk', 'parquet']) seen[name].push(await visit(context, urls[name]));
      }
    } finally {
      await context.close();
    }
    for (const name of ['chunk', 'parquet']) {
      const wrong = seen[name].find((figures) => figures.count !== expected);
      if (wrong) throw new Error(`${name} page counted ${wrong.count} accounts with red policies, not ${expected}`);
    }
    return {
      accounts,
      runs,
      withRed: expected,
      jsonBytes: Buffer.byteLength(json),
      blank: { firstViewMs: medianOf(seen.blank, 'shown') },
      chunk: {
        bytes: Buffer.byteLength(chunk),
        deflateBytes: Buffer.from(/"([^"]*)"\);\n$/.exec(chunk)[1], 'base64').length,
        scriptToRowsMs: medianOf(seen.chunk, 'rows', 'added'),
        inHandToRowsMs: medianOf(seen.chunk, 'rows', 'inHand'),
        firstViewMs: medianOf(seen.chunk, 'shown'),
      },
      parquet: {
        bytes: parquetBytes.length,
        scriptBytes: Buffer.byteLength(parquetScript),
        readerBytes: reader.length,
        readerGzipBytes: gzipSync(reader, { level: 9 }).length,
        scriptToRowsMs: medianOf(seen.parquet, 'rows', 'added'),
        inHandToRowsMs: medianOf(seen.parquet, 'rows', 'inHand'),
        bytesToRowsMs: medianOf(seen.parquet, 'rows', 'bytes'),
        firstViewMs: medianOf(seen.parquet, 'shown'),
      },
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Prints the figures of {@link benchSiteFormat} as a small table, one line a call of `log`. */
export function printSiteFormat(r, log = console.log) {
  const kb = (bytes) => `${(bytes / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} KB`;
  const ms = (value) => `${value.toFixed(1)} ms`;
  const extra = (value) => `${ms(value)} (+${(value - r.blank.firstViewMs).toFixed(1)})`;
  const rows = [
    ['', 'JSON chunk', 'Parquet'],
    ['compressed bytes', `${kb(r.chunk.deflateBytes)} (DEFLATE)`, `${kb(r.parquet.bytes)} (.parquet)`],
    ['as a script (base64)', kb(r.chunk.bytes), kb(r.parquet.scriptBytes)],
    ['reader library', '0 (browser)', `${kb(r.parquet.readerBytes)} (${kb(r.parquet.readerGzipBytes)} gzip)`],
    ['<script> added → rows', ms(r.chunk.scriptToRowsMs), ms(r.parquet.scriptToRowsMs)],
    ['base64 in hand → rows', ms(r.chunk.inHandToRowsMs), ms(r.parquet.inHandToRowsMs)],
    ['bytes in hand → rows', '', ms(r.parquet.bytesToRowsMs)],
    ['first view (vs blank)', extra(r.chunk.firstViewMs), extra(r.parquet.firstViewMs)],
  ];
  const widths = [0, 1, 2].map((at) => Math.max(...rows.map((row) => row[at].length)));
  log(
    `site data format: ${r.accounts.toLocaleString('en')} accounts (${kb(r.jsonBytes)} of JSON, ${r.withRed.toLocaleString('en')} with red), medians of ${r.runs} runs in Chromium from file://; blank page first view ${ms(r.blank.firstViewMs)}`,
  );
  for (const row of rows)
    log(
      row
        .map((cell, at) => cell.padEnd(widths[at]))
        .join('  ')
        .trimEnd(),
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [accounts = 10_000, runs = 5] = process.argv.slice(2).map(Number);
  if (!Number.isInteger(accounts) || accounts < 1 || !Number.isInteger(runs) || runs < 1) {
    console.error('usage: node scripts/bench/site-format.js [accounts] [runs]');
    process.exit(2);
  }
  printSiteFormat(await benchSiteFormat({ accounts, runs }));
}
