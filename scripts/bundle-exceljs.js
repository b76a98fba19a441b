#!/usr/bin/env node
// Part of `npm run build`, after tsc: replaces dist/render/xlsx/exceljs.js (a re-export
// of exceljs) with a bundle of exceljs and what it loads from its dependency tree, and
// writes the licences of every bundled package beside it. exceljs is then a build-time
// dependency: installing cspm-report no longer brings exceljs's 168 packages (45 MB on
// disk, most of them for reading workbooks and zip archives, which the renderer never
// does). See src/render/xlsx/exceljs.ts.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';
import { bundleNotices } from './build/bundle-notices.js';

const outfile = 'dist/render/xlsx/exceljs.js';
const noticesFile = 'dist/render/xlsx/exceljs.licenses.txt';

// tsc's source map describes the re-export this bundle replaces.
rmSync(`${outfile}.map`, { force: true });

const banner = [
  // exceljs and its dependencies are CommonJS: their require() calls of Node's own
  // modules need a require function in an ES module.
  "import { createRequire as __cspmCreateRequire } from 'node:module';",
  'const require = __cspmCreateRequire(import.meta.url);',
  'function __cspmBuffer(value, encodingOrOffset, length) {',
  "  return typeof value === 'number' ? Buffer.alloc(value) : Buffer.from(value, encodingOrOffset, length);",
  '}',
  'Object.setPrototypeOf(__cspmBuffer, Buffer);',
  '__cspmBuffer.prototype = Buffer.prototype;',
].join('\n');

const result = await build({
  stdin: { contents: "export { default } from 'exceljs';", resolveDir: '.', loader: 'js' },
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  banner: { js: banner },
  // archiver-utils and unzipper call `new Buffer(…)`. Node warns about that (DEP0005) for
  // code outside node_modules, which the bundle is in a checkout: the global Buffer is
  // replaced by a function that does the same with Buffer.from and Buffer.alloc.
  define: { Buffer: '__cspmBuffer' },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});

if (!existsSync(dirname(noticesFile))) throw new Error(`${dirname(noticesFile)} is missing: run tsc first`);
writeFileSync(
  noticesFile,
  bundleNotices(result.metafile, 'dist/render/xlsx/exceljs.js bundles exceljs and these packages of its dependency tree,\neach under its own licence, reproduced below.'),
);
