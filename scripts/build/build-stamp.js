#!/usr/bin/env node
// The digest of what `npm run build` reads, kept in dist/ by the build, so that `npm test`
// builds only when the build's inputs changed: in a fresh clone `npm ci` has just built
// dist/ (the `prepare` script), and a second build of the same sources was 12 seconds of
// every CI run. The digest covers the files, not their times: a checkout that touches
// every file but changes none still counts as built.
//
//   node scripts/build/build-stamp.js write     after a build: records the digest
//   node scripts/build/build-stamp.js build     builds unless dist/ holds this digest
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const stampFile = join('dist', '.build-inputs');

/**
 * What the build reads: the sources, the build's own scripts and configuration, and the installed packages' lockfile.
 */
const inputs = [
  'src',
  'scripts/bundle-cli.js',
  'scripts/bundle-exceljs.js',
  'scripts/bundle-yaml.js',
  'scripts/build',
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
  'package-lock.json',
];

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => (entry.isDirectory() ? files(join(path, entry.name)) : [join(path, entry.name)]));
}

/** SHA-256 over every input file's path and bytes, in a fixed order. */
export function buildDigest() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files)) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

const mode = process.argv[2];
if (mode === 'write') {
  writeFileSync(stampFile, `${buildDigest()}\n`);
} else if (mode === 'build') {
  const built =
    existsSync('dist/cspm-report.js') &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8').trim() === buildDigest();
  if (!built) {
    // npm sets npm_execpath to its own CLI script when it runs a script; `npm` on PATH is the fallback.
    const npm = process.env.npm_execpath;
    const result = npm
      ? spawnSync(process.execPath, [npm, 'run', 'build', '--silent'], { stdio: 'inherit' })
      : spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
    process.exitCode = result.status ?? 1;
  }
} else {
  process.stderr.write('build-stamp: say write or build\n');
  process.exitCode = 2;
}
