#!/usr/bin/env node
// `npm run mutate`: mutation testing of the verdict modules with StrykerJS
// (stryker.config.mjs), then a summary of the score per file that is kept in the
// repository (reports/mutation/summary.md): the HTML and JSON reports beside it are not.
// Usage: npm run mutate [-- <stryker options>]   e.g. -- --incremental, -- --mutate src/gate/glob.ts
//          (a run of some modules only, --mutate, leaves the summary as it is)
//        npm run mutate -- --summary-only         rewrites the summary from the last JSON report
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const folder = 'reports/mutation';
const args = process.argv.slice(2);
const summaryOnly = args.includes('--summary-only');
// A run of some modules only (--mutate) says nothing of the others: the kept summary stays as it is.
const partial = args.some((arg) => arg === '--mutate' || arg === '-m' || arg.startsWith('--mutate='));

/** Stryker's statuses that count: detected (killed, timed out) and undetected (survived, not covered). */
const detected = new Set(['Killed', 'Timeout']);
const undetected = new Set(['Survived', 'NoCoverage']);

/** Detected, undetected and the score in percent (null when nothing counts), as Stryker computes it. */
function score(mutants) {
  const caught = mutants.filter((mutant) => detected.has(mutant.status)).length;
  const missed = mutants.filter((mutant) => undetected.has(mutant.status)).length;
  return { caught, missed, percent: caught + missed === 0 ? null : (caught / (caught + missed)) * 100 };
}

function percentText(percent) {
  return percent === null ? 'n/a' : `${percent.toFixed(2)} %`;
}

/** The summary as Markdown: totals, each file's score, each surviving mutant. */
function summarise(report, run) {
  const files = Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b));
  const all = files.flatMap(([, file]) => file.mutants);
  const total = score(all);
  const ignored = all.filter((mutant) => mutant.status === 'Ignored').length;
  const invalid = all.filter((mutant) => mutant.status === 'CompileError' || mutant.status === 'RuntimeError').length;
  const lines = [
    '# Mutation testing of the verdict modules',
    '',
    `Written by \`npm run mutate\` (scripts/mutate.js) from StrykerJS's JSON report; the modules and why are in stryker.config.mjs.`,
    '',
    `- Date: ${run.date}`,
    ...(run.seconds === undefined
      ? []
      : [
          `- Run time: ${Math.round(run.seconds / 60)} min (${Math.round(run.seconds)} s, load average ${run.load} at the end)`,
        ]),
    `- Mutation score: **${percentText(total.percent)}** (${total.caught} of ${total.caught + total.missed} mutants detected; ${ignored} marked equivalent in the source and ignored, ${invalid} that did not run)`,
    '',
    '| file | score | detected | survived | no coverage |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const [path, file] of files) {
    const { caught, percent } = score(file.mutants);
    const survived = file.mutants.filter((mutant) => mutant.status === 'Survived').length;
    const uncovered = file.mutants.filter((mutant) => mutant.status === 'NoCoverage').length;
    lines.push(`| ${path} | ${percentText(percent)} | ${caught} | ${survived} | ${uncovered} |`);
  }
  const left = files.flatMap(([path, file]) =>
    file.mutants.filter((mutant) => undetected.has(mutant.status)).map((mutant) => ({ path, mutant })),
  );
  lines.push('', `## Undetected mutants (${left.length})`, '');
  for (const { path, mutant } of left) {
    const { line, column } = mutant.location.start;
    const replacement = (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80);
    lines.push(
      `- ${path}:${line}:${column} ${mutant.mutatorName} ${mutant.status}: \`${replacement.replace(/`/g, "'")}\``,
    );
  }
  return { text: `${lines.join('\n')}\n`, total };
}

let run = { date: new Date().toISOString().slice(0, 10) };
let status = 0;
if (!summaryOnly) {
  const started = Date.now();
  const stryker = spawnSync(process.execPath, ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', ...args], {
    stdio: 'inherit',
  });
  status = stryker.status ?? 1;
  // A run that reported (its score below the threshold fails it) is summarised all the same.
  const reported = (() => {
    try {
      return statSync(`${folder}/mutation.json`).mtimeMs >= started;
    } catch {
      return false;
    }
  })();
  if (!reported) process.exit(status || 1);
  run = { ...run, seconds: (Date.now() - started) / 1000, load: loadavg()[0].toFixed(1) };
}
const report = JSON.parse(readFileSync(`${folder}/mutation.json`, 'utf8'));
const { text, total } = summarise(report, run);
if (partial) {
  console.log(
    `mutation score ${percentText(total.percent)} of the modules given: ${folder}/mutation.html (${folder}/summary.md is left as it was)`,
  );
} else {
  writeFileSync(`${folder}/summary.md`, text);
  console.log(`mutation score ${percentText(total.percent)}: ${folder}/summary.md, ${folder}/mutation.html`);
}
process.exit(status);
