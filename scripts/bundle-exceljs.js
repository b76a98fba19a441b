#!/usr/bin/env node
// Part of `npm run build`, after tsc: replaces dist/render/xlsx/exceljs.js (a re-export
// of exceljs) with a bundle of exceljs and what it loads from its dependency tree, and
// writes the licences of every bundled package beside it. exceljs is then a build-time
// dependency: installing cspm-report no longer brings exceljs's 168 packages (45 MB on
// disk, most of them for reading workbooks and zip archives, which the renderer never
// does). See src/render/xlsx/exceljs.ts.
//
// What the bundle holds stays visible to an audit: exceljs is a devDependency pinned to
// an exact version (refused here otherwise), so the lock file names every version the
// bundle is built from and `npm audit` reports on them; exceljs.packages.json lists them
// beside the bundle, and `npm run audit:bundled` asks the registry's advisories about
// exactly those, as shipped code rather than development tools.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';
import { bundledPackages, bundleNotices } from './build/bundle-notices.js';

const outfile = 'dist/render/xlsx/exceljs.js';
const noticesFile = 'dist/render/xlsx/exceljs.licenses.txt';
const packagesFile = 'dist/render/xlsx/exceljs.packages.json';

const pinned = JSON.parse(readFileSync('package.json', 'utf8')).devDependencies?.exceljs;
const installed = JSON.parse(readFileSync('node_modules/exceljs/package.json', 'utf8')).version;
if (!/^\d+\.\d+\.\d+$/.test(pinned ?? ''))
  throw new Error(
    `package.json: exceljs is ${pinned ?? 'missing'}; the bundle is built from an exact version (src/render/xlsx/pinned-workbook-writer.ts relies on its internals)`,
  );
if (installed !== pinned)
  throw new Error(`node_modules/exceljs is ${installed}, package.json pins ${pinned}: run npm ci before building`);

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
  bundleNotices(
    result.metafile,
    'dist/render/xlsx/exceljs.js bundles exceljs and these packages of its dependency tree,\neach under its own licence, reproduced below.',
  ),
);
writeFileSync(packagesFile, `${JSON.stringify(bundledPackages(result.metafile), null, 2)}\n`);
