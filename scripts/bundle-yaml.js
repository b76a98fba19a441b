#!/usr/bin/env node
// Part of `npm run build`, after tsc: bundles the yaml package into one CommonJS file,
// dist/load/yaml/yaml.cjs, which src/load/yaml/yaml-module.ts loads when a run reads a rules,
// exceptions or config file. yaml ships as 74 modules; Node resolves, reads and compiles each on its own,
// and that took 27 ms of every gate run against 13 ms for the one file. The licence
// of what it holds ships beside it.
import { existsSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';
import { bundleNotices } from './build/bundle-notices.js';

const outfile = 'dist/load/yaml/yaml.cjs';
const noticesFile = 'dist/load/yaml/yaml.licenses.txt';

if (!existsSync(dirname(outfile))) throw new Error(`${dirname(outfile)} is missing: run tsc first`);
const result = await build({
  stdin: { contents: "module.exports = require('yaml');", resolveDir: '.', loader: 'js' },
  outfile,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
writeFileSync(
  noticesFile,
  bundleNotices(
    result.metafile,
    'dist/load/yaml/yaml.cjs bundles this package, under its own licence, reproduced below.',
  ),
);
