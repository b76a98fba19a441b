#!/usr/bin/env node
// Measures what `npm install cspm-report` puts on disk, as docs/performance.md records it: packs
// the project, installs the tarball with its production dependencies into an empty
// temporary folder and prints `du` of its node_modules (disk usage and apparent size),
// with the bundled fonts apart, first without the optional SQL engine (the base install,
// `--omit=optional`), then with it, as npm installs by default. Needs the npm registry.
// Usage: node scripts/installed-size.js
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const folder = mkdtempSync(join(tmpdir(), 'cspm-size-'));
const run = (program, args, cwd) =>
  execFileSync(program, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
const du = (args, path) => run('du', [...args, path]).split('\t')[0];

try {
  run('npm', ['pack', '--silent', '--pack-destination', folder]);
  const tarball = readdirSync(folder).find((name) => name.endsWith('.tgz'));
  writeFileSync(join(folder, 'package.json'), '{"private":true}\n');
  const modules = join(folder, 'node_modules');
  for (const [label, extra] of [
    ['base install (--omit=optional)', ['--omit=optional']],
    ['with the optional SQL engine (@duckdb/node-api)', []],
  ]) {
    rmSync(modules, { recursive: true, force: true });
    run('npm', ['install', '--silent', '--omit=dev', ...extra, '--no-audit', '--no-fund', `./${tarball}`], folder);
    console.log(
      `${label}: node_modules ${du(['-sh'], modules)} on disk, ${du(['-sh', '--apparent-size'], modules)} apparent`,
    );
    console.log(`  cspm-report itself: ${du(['-sh'], join(modules, 'cspm-report'))}`);
    console.log(`  bundled fonts (cspm-report/fonts): ${du(['-sh'], join(modules, 'cspm-report', 'fonts'))}`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
