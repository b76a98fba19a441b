#!/usr/bin/env node
// `npm run fuzz`: the property-based suite of test/property/ for long runs, against the
// built package (dist/). Generated reports, valid and mutated, go through load and check
// (default 100,000 cases) and, valid ones, through the three renderers (default 2,000).
// Every broken invariant is counted and its first case shrunk (for at most a minute, or
// --shrink-seconds) to a smaller one, printed with the seed and path that replay it.
// Usage: npm run fuzz [-- --runs N] [--render-runs N] [--disk-runs N] [--seed S] [--no-shrink] [--shrink-seconds S]
// [--only check|render|disk]
//                    [--save DIR]
//   --runs N alone sets both counts: N through check, N / 50 (at least 1) through the renderers.
//   --save DIR writes each broken invariant's case into DIR as JSON text, to replay with
//   `cspm-report check` or `render`.
//   --disk-runs N: cases written onto a nearly full disk (default 200; N / 500 with --runs),
//   see fuzz-full-disk.js.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { runFullDiskCampaign } from './fuzz-full-disk.js';
import { progressLines } from './fuzz/progress-lines.js';

function option(name) {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function wholeNumber(name, fallback) {
  const text = option(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`fuzz: ${name} takes a whole number`);
    process.exit(2);
  }
  return value;
}

const runs = wholeNumber('--runs', 100_000);
const renderRuns = wholeNumber(
  '--render-runs',
  option('--runs') === undefined ? 2_000 : Math.max(1, Math.round(runs / 50)),
);
const diskRuns = wholeNumber('--disk-runs', option('--runs') === undefined ? 200 : Math.max(1, Math.round(runs / 500)));
const seed = wholeNumber('--seed', Date.now() % 2 ** 31);
const shrink = !process.argv.includes('--no-shrink');
const shrinkSeconds = wholeNumber('--shrink-seconds', 60);
const only = option('--only');
const save = option('--save');

// The properties are TypeScript, shared with `npm test`; esbuild compiles them once into
// the package's cache folder, where their imports of fast-check, exceljs, unpdf and parse5 resolve.
const cache = join('node_modules', '.cache', 'cspm-report-fuzz');
mkdirSync(cache, { recursive: true });
const bundle = join(cache, 'fuzz-cases.js');
await build({
  entryPoints: ['test/property/fuzz-cases.ts'],
  outfile: bundle,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
const cases = await import(pathToFileURL(bundle).href);
const api = {
  ...(await import(pathToFileURL('dist/index.js').href)),
  ...(await import(pathToFileURL('dist/render-entry.js').href)),
};

function seconds(milliseconds) {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

function show(value) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const json = JSON.stringify(text);
  return json.length > 2_000 ? `${json.slice(0, 2_000)}… (${text.length} characters)` : json;
}

async function campaign(name, property, count) {
  if (count === 0 || (only && !name.startsWith(only))) return 0;
  process.stdout.write(`${name}: ${count.toLocaleString('en-US')} cases, seed ${seed}\n`);
  const onProgress = progressLines(name, (line) => process.stdout.write(line));
  const result = await cases.runCampaign(property, {
    seed,
    runs: count,
    shrink,
    shrinkMilliseconds: shrinkSeconds * 1000,
    onProgress,
  });
  const perCase = result.milliseconds / count;
  process.stdout.write(
    `${name}: ${count.toLocaleString('en-US')} cases in ${seconds(result.milliseconds)} (${perCase.toFixed(1)} ms a case, shrinking included), ${result.failures.length} invariants broken\n`,
  );
  for (const failure of result.failures) {
    process.stdout.write(`\n  ✖ ${failure.invariant}: ${failure.count} of ${count} cases\n`);
    process.stdout.write(`    ${failure.message.split('\n')[0].slice(0, 400)}\n`);
    process.stdout.write(`    replay: seed ${failure.seed}, path "${failure.path}"\n`);
    process.stdout.write(`    case: ${show(failure.counterexample)}\n`);
    if (save && typeof failure.counterexample === 'string') {
      mkdirSync(save, { recursive: true });
      const file = join(save, `${name.replace(/\W+/g, '-')}--${failure.invariant.replace(/\W+/g, '-')}.json`);
      writeFileSync(file, failure.counterexample);
      process.stdout.write(`    saved: ${file}\n`);
    }
  }
  process.stdout.write('\n');
  return result.failures.length;
}

/** Outputs written onto a nearly full disk: whole, or absent with exit 2 and the previous file kept. */
async function fullDiskCampaign(count) {
  if (count === 0 || (only && only !== 'disk')) return 0;
  process.stdout.write(`disk: ${count.toLocaleString('en-US')} cases, seed ${seed}\n`);
  const started = performance.now();
  const { failures, cut } = await runFullDiskCampaign({
    renderCase: cases.renderCase(),
    seed,
    count,
    log: (text) => process.stdout.write(text),
  });
  process.stdout.write(
    `disk: ${count.toLocaleString('en-US')} cases in ${seconds(performance.now() - started)}, ${cut} stopped by the full disk, ${failures.length} broken\n`,
  );
  for (const failure of failures.slice(0, 10))
    process.stdout.write(
      `  ✖ case ${failure.index} (${failure.command}, ${failure.free} bytes free): ${failure.message}\n`,
    );
  process.stdout.write('\n');
  return failures.length;
}

const started = performance.now();
let broken = 0;
broken += await campaign(
  'check (valid)',
  cases.validCheckProperty(api, cases.pinnedMutationSizes),
  Math.max(1, Math.round(runs / 10)),
);
broken += await campaign('check', cases.mutatedCheckProperty(api, cases.fuzzMutationSizes), runs);
broken += await campaign('render', cases.renderProperty(api), renderRuns);
broken += await fullDiskCampaign(diskRuns);
process.stdout.write(
  `fuzz: ${seconds(performance.now() - started)} in all, ${broken} broken invariants (seed ${seed})\n`,
);
process.exitCode = broken > 0 ? 1 : 0;
