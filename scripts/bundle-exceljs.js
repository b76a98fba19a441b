#!/usr/bin/env node
// Part of `npm run build`, after tsc: replaces dist/render/xlsx/exceljs.js (a re-export
// of exceljs) with a bundle of exceljs and what it loads from its dependency tree, and
// writes the licences of every bundled package beside it. exceljs is then a build-time
// dependency: installing cspm-report no longer brings exceljs's 168 packages (45 MB on
// disk, most of them for reading workbooks and zip archives, which the renderer never
// does). See src/render/xlsx/exceljs.ts.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

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

/** The folder of each package the bundle took code from, keyed by folder. */
const packageFolders = new Set();
for (const input of Object.keys(result.metafile.inputs)) {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (match) packageFolders.add(match[1]);
}

const licenceFile = /^(licen[sc]e|copying|notice)(\.|-|$)/i;
const sections = [...packageFolders].sort().map((folder) => {
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const stated = manifest.license ?? (manifest.licenses ?? []).map((entry) => entry.type).join(' OR ');
  const licence = stated || 'no licence stated in its package.json';
  const texts = readdirSync(folder)
    .filter((name) => licenceFile.test(name))
    .sort()
    .map((name) => readFileSync(join(folder, name), 'utf8').trim());
  const author = typeof manifest.author === 'string' ? manifest.author : manifest.author?.name;
  const text = texts.length > 0 ? texts.join('\n\n') : `The package ships no licence text${author ? `; its author is ${author}` : ''}.`;
  return `${manifest.name} ${manifest.version} (${licence})\n${'-'.repeat(60)}\n${text}\n`;
});

if (!existsSync(dirname(noticesFile))) throw new Error(`${dirname(noticesFile)} is missing: run tsc first`);
writeFileSync(
  noticesFile,
  `dist/render/xlsx/exceljs.js bundles exceljs and these packages of its dependency tree,\n` +
    `each under its own licence, reproduced below.\n\n${sections.join('\n')}`,
);
