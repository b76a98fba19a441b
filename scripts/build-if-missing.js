#!/usr/bin/env node
// npm's `prepare` script. npm runs it in a clone installed as a git dependency (after
// installing the clone's devDependencies) and after `npm install` or `npm ci` in a
// clone, where dist/ does not exist yet: build it, so that the package's `bin` and
// `exports` point at files. A clone that already has dist/ is left as it is (`npm start`,
// `npm test` and `npm pack`, through `prepack`, build anyway), so that reinstalling
// dependencies does not cost a build.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const built = [manifest.bin['cspm-report'], manifest.exports['.'].import].every((file) => existsSync(file));
if (!built) {
  // npm sets npm_execpath to its own CLI script when it runs a script; `npm` on PATH is
  // the fallback for a run by hand.
  const npm = process.env.npm_execpath;
  const result = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build', '--silent'], { stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', shell: process.platform === 'win32' });
  process.exitCode = result.status ?? 1;
}
