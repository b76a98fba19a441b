#!/usr/bin/env node
// Part of `npm run build`, after tsc: bundles the command line into dist/cspm-report.js.
// The library stays as separate modules for importers; the command line is one file
// because Node's ESM loader resolves, reads and links each module on its own, and for
// the 60 modules of a `check` that was 45 ms of every run. The renderers that load
// pdfkit or exceljs stay in chunks of their own, loaded only when a format needs them;
// packages from node_modules are not bundled, and neither is the bundle of exceljs that
// scripts/bundle-exceljs.js wrote (the library's modules import it too: one copy).
import { chmodSync, readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = 'dist';
const name = 'cspm-report';

// Chunk names carry a content hash: drop the previous build's chunks first.
for (const file of readdirSync(outdir)) {
  if (file.startsWith(`${name}`) && /\.js(\.map)?$/.test(file)) rmSync(`${outdir}/${file}`);
}

await build({
  // From tsc's output, so the bundle is the code that was type-checked; esbuild follows
  // tsc's source maps back to src/.
  entryPoints: [{ in: 'dist/cli/bin.js', out: name }],
  outdir,
  // One level below the package root, like dist/package-root.js: see src/package-root.ts.
  chunkNames: `${name}-[name]-[hash]`,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  plugins: [
    {
      name: 'exceljs-bundle-external',
      setup(plugin) {
        plugin.onResolve({ filter: /\/exceljs\.js$/ }, (args) =>
          args.importer.includes('/render/xlsx/') ? { path: './render/xlsx/exceljs.js', external: true } : undefined,
        );
      },
    },
  ],
  sourcemap: true,
  logLevel: 'warning',
});
chmodSync(`${outdir}/${name}.js`, 0o755);
