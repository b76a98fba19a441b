#!/usr/bin/env node
// A fleet of report files, one account each (879 policies a file, as the service's
// published sample): check and gate on every core against read + JSON.parse of the
// same files in one process and split over as many processes as the tool's jobs, and
// a sharded check (every shard, then merge) against the same floor. Whole processes.
// Two layouts of the same reports: `published`, as the service's sample is laid out
// (Windows PowerShell's ConvertTo-Json, 937 KB a file), and `compact` (no white space,
// 258 KB), where the parse is a smaller part of the work.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { writeReport } from '../generate-report.js';
import { powershellJson } from './powershell-json.js';
import { median } from './run-node.js';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const bin = fileURLToPath(new URL(`../../${packageJson.bin['cspm-report']}`, import.meta.url));
const rssHook = fileURLToPath(new URL('./rss-on-exit.js', import.meta.url));
const generatedAccount = '00000000-0000-4000-8000-000000000001';

// Reads and parses every file whose position modulo argv[2] is argv[3]: the floor, in one process or split.
const floorCode =
  "const fs = require('node:fs'); const dir = process.argv[1]; const [n, i] = [Number(process.argv[2]), Number(process.argv[3])]; " +
  "let count = 0; for (const [k, f] of fs.readdirSync(dir).sort().entries()) { if (k % n !== i) continue; if (JSON.parse(fs.readFileSync(dir + '/' + f, 'utf8'))) count += 1; } if (count === 0) process.exit(1);";

/** The fleet layouts: how each file's JSON is laid out (see the head of this file). */
export const fleetLayouts = ['published', 'compact'];

/**
 * Writes a fleet of `files` reports under `folder` once (distinct AccountIds and names), in a layout of fleetLayouts;
 * returns its folder.
 */
export async function fleetFolder(folder, files, layout = 'compact') {
  const dir = layout === 'compact' ? `${folder}/fleet-${files}` : `${folder}/fleet-${layout}-${files}`;
  if (existsSync(dir) && readdirSync(dir).length === files) return dir;
  const base = `${folder}/fleet-base.json`;
  if (!existsSync(base)) await writeReport(base, 879);
  const compact = readFileSync(base, 'utf8');
  const text = layout === 'compact' ? compact : powershellJson(JSON.parse(compact));
  rmSync(`${dir}.partial`, { recursive: true, force: true });
  mkdirSync(`${dir}.partial`, { recursive: true });
  for (let index = 0; index < files; index += 1) {
    const id = `00000000-0000-4000-8000-${String(100000 + index).padStart(12, '0')}`;
    writeFileSync(
      `${dir}.partial/account-${String(index).padStart(6, '0')}.json`,
      text.replaceAll(generatedAccount, id).replaceAll('Generated Azure', `Account ${index}`),
    );
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(`${dir}.partial`, dir);
  return dir;
}

/** Runs node processes at once; the wall time of all, and the sum of their peaks (they share the machine). */
function runAll(argsList) {
  const started = performance.now();
  return Promise.all(
    argsList.map(
      (args) =>
        new Promise((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', rssHook, ...args], {
            stdio: ['ignore', 'ignore', 'pipe'],
          });
          let stderr = '';
          child.stderr.on('data', (chunk) => (stderr += chunk));
          child.on('error', reject);
          child.on('close', (status) => {
            const rss = /peak-rss-kb (\d+)/.exec(stderr);
            if (status === null || !rss) reject(new Error(`node ${args.join(' ')} failed: ${stderr}`));
            else resolve({ status, peakRssMb: Number(rss[1]) / 1024 });
          });
        }),
    ),
  ).then((results) => ({
    ms: performance.now() - started,
    peakRssMb: results.reduce((sum, r) => sum + r.peakRssMb, 0),
    statuses: results.map((r) => r.status),
  }));
}

/** Times each fleet job against the floors, alternated, medians of `runs`. */
export async function benchFleet({ folder, files, layout = 'compact', runs = 3, jobs = availableParallelism() }) {
  const dir = await fleetFolder(folder, files, layout);
  const shards = jobs;
  const parts = Array.from({ length: shards }, (_, index) => `${folder}/fleet-part-${index + 1}.json`);
  const jobsList = {
    floor1: () => runAll([['-e', floorCode, dir, '1', '0']]),
    floorN: () =>
      runAll(Array.from({ length: jobs }, (_, index) => ['-e', floorCode, dir, String(jobs), String(index)])),
    check: () => runAll([[bin, 'check', dir, '--jobs', String(jobs), '--quiet', '-f', 'text', '-o', '/dev/null']]),
    gate: () =>
      runAll([
        [
          bin,
          'gate',
          dir,
          '--rules',
          'cspm:recommended',
          '--jobs',
          String(jobs),
          '--quiet',
          '-f',
          'text',
          '-o',
          '/dev/null',
        ],
      ]),
    // Shards as a CI matrix runs them: at once, one job each, then the merge.
    sharded: async () => {
      const split = await runAll(
        parts.map((part, index) => [
          bin,
          'check',
          dir,
          '--jobs',
          '1',
          '--quiet',
          '--shard',
          `${index + 1}/${shards}`,
          '-o',
          part,
        ]),
      );
      const merged = await runAll([[bin, 'merge', ...parts, '--quiet', '-f', 'text', '-o', '/dev/null']]);
      return {
        ms: split.ms + merged.ms,
        peakRssMb: Math.max(split.peakRssMb, merged.peakRssMb),
        statuses: [...split.statuses, ...merged.statuses],
        mergeMs: merged.ms,
      };
    },
  };
  const times = Object.fromEntries(Object.keys(jobsList).map((name) => [name, []]));
  for (let run = 0; run < runs; run += 1) {
    for (const [name, job] of Object.entries(jobsList)) times[name].push(await job());
  }
  const summary = (name) => ({
    ms: median(times[name].map((r) => r.ms)),
    peakRssMb: Math.max(...times[name].map((r) => r.peakRssMb)),
    statuses: [...new Set(times[name].flatMap((r) => r.statuses))],
  });
  const result = { files, layout, jobs, dir, fileBytes: statSync(`${dir}/${readdirSync(dir)[0]}`).size };
  for (const name of Object.keys(jobsList)) result[name] = summary(name);
  result.sharded.mergeMs = median(times.sharded.map((r) => r.mergeMs));
  for (const name of ['check', 'gate', 'sharded']) {
    result[name].vsFloorN = median(times[name].map((r, index) => r.ms / times.floorN[index].ms));
    result[name].vsFloor1 = median(times[name].map((r, index) => r.ms / times.floor1[index].ms));
  }
  for (const part of parts) rmSync(part, { force: true });
  return result;
}
