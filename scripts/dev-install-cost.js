#!/usr/bin/env node
// Measures what a development install costs, as the set-up instructions state it: copies
// the committed tree (`git archive HEAD`, so no dist/ and no node_modules) into an empty
// temporary folder, runs `npm ci` there as a newcomer's clone does (its `prepare` script
// builds dist/, so the time includes the build) and prints the packages installed, the
// size of node_modules and the time taken. With --cold npm is given an empty cache of its
// own, so every package is downloaded, as on a first install; without it npm's usual cache
// is used. Extra arguments after `--` go to `npm ci`. Needs git and the npm registry.
// Usage: node scripts/dev-install-cost.js [--cold] [-- <npm ci options>]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const separator = process.argv.indexOf('--');
const own = separator < 0 ? process.argv.slice(2) : process.argv.slice(2, separator);
const npmOptions = separator < 0 ? [] : process.argv.slice(separator + 1);
const unknown = own.filter((arg) => arg !== '--cold');
if (unknown.length > 0) {
  console.error(
    `dev-install-cost: unknown option ${unknown.join(' ')}; usage: node scripts/dev-install-cost.js [--cold] [-- <npm ci options>]`,
  );
  process.exit(2);
}
const cold = own.includes('--cold');

const folder = mkdtempSync(join(tmpdir(), 'cspm-dev-install-'));
const du = (args, path) => execFileSync('du', [...args, path], { encoding: 'utf8' }).split('\t')[0];

/**
 * Packages of the lockfile that this install put on disk: the lock also lists other platforms' builds, which npm
 * skips.
 */
function installedPackages(copy) {
  const lock = JSON.parse(readFileSync(join(copy, 'package-lock.json'), 'utf8'));
  const paths = Object.keys(lock.packages).filter((path) => path.startsWith('node_modules/'));
  return {
    listed: paths.length,
    installed: paths.filter((path) => existsSync(join(copy, path, 'package.json'))).length,
  };
}

try {
  const copy = join(folder, 'cspm-report');
  mkdirSync(copy);
  const archive = execFileSync('git', ['archive', '--format=tar', 'HEAD'], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', copy], { input: archive });
  const cache = cold ? ['--cache', join(folder, 'npm-cache')] : [];
  const args = ['ci', '--no-audit', '--no-fund', ...cache, ...npmOptions];
  // The time depends on the machine's other work as much as on the install: say what that was.
  const loadBefore = loadavg()[0];
  const started = process.hrtime.bigint();
  const run = spawnSync('npm', args, { cwd: copy, stdio: ['ignore', 'ignore', 'inherit'] });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) {
    console.error(`dev-install-cost: npm ${args.join(' ')} failed (exit ${run.status ?? run.signal})`);
    process.exitCode = 1;
  } else {
    const modules = join(copy, 'node_modules');
    const { listed, installed } = installedPackages(copy);
    const built = existsSync(join(copy, 'dist', 'cspm-report.js'));
    console.log(
      `npm ${['ci', '--no-audit', '--no-fund', ...npmOptions].join(' ')} (${cold ? 'empty npm cache: every package downloaded' : "npm's usual cache"})`,
    );
    console.log(`  packages installed: ${installed} (the lockfile lists ${listed}, other platforms' builds included)`);
    console.log(
      `  node_modules: ${du(['-sm'], modules)} MB on disk, ${du(['-sm', '--apparent-size'], modules)} MB apparent`,
    );
    console.log(
      `  time: ${seconds.toFixed(0)} s, ${built ? 'including the build of dist/ by the prepare script' : 'dist/ was not built'}`,
    );
    console.log(
      `  machine: ${availableParallelism()} CPUs, load average ${loadBefore.toFixed(1)} before and ${loadavg()[0].toFixed(1)} after`,
    );
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
