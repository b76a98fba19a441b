#!/usr/bin/env node
// Part of `npm run build`, after tsc: bundles the command line into dist/cspm-report.js.
// The library stays as separate modules for importers; the command line is one file
// because Node's ESM loader resolves, reads and links each module on its own, and for
// the 60 modules of a `check` that was 45 ms of every run. The renderers that load
// pdfkit or exceljs stay in chunks of their own, loaded only when a format needs them;
// packages from node_modules are not bundled but for yargs (see below;
// their licences ship beside the bundle), and neither is the bundle of exceljs that
// scripts/bundle-exceljs.js wrote (the library's modules import it too: one copy).
import { chmodSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { bundleNotices } from './build/bundle-notices.js';

const outdir = 'dist';
/**
 * yargs and what it imports, bundled into the command line (see the plugin below).
 */
const bundledPackages = new Set([
  'yargs',
  'yargs-parser',
  'cliui',
  'y18n',
  'escalade',
  'string-width',
  'strip-ansi',
  'wrap-ansi',
  'ansi-regex',
  'ansi-styles',
  'emoji-regex',
  'is-fullwidth-code-point',
  'color-convert',
  'color-name',
]);
const name = 'cspm-report';

// Chunk names carry a content hash: drop the previous build's chunks first.
for (const file of readdirSync(outdir)) {
  if (file.startsWith(`${name}`) && /\.js(\.map)?$/.test(file)) rmSync(`${outdir}/${file}`);
}

const result = await build({
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
  plugins: [
    {
      // Packages stay external, but for yargs and the small packages it loads: as some 40
      // modules, each resolved and linked by the ESM loader, they took a tenth of a
      // small run's time. Its locale files are not bundled; the command line sets English.
      name: 'packages-external-but-yargs',
      setup(plugin) {
        plugin.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('node:')) return undefined;
          const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
          return bundledPackages.has(name) ? undefined : { path: args.path, external: true };
        });
      },
    },
    {
      // cliui's ES module entry wraps help text every N characters, splitting words in the
      // middle ("standard inpu|t"); its CommonJS entry wraps at spaces (wrap-ansi) and
      // measures wide characters (string-width). yargs gets the CommonJS one.
      name: 'cliui-word-wrap',
      setup(plugin) {
        plugin.onResolve({ filter: /^cliui$/ }, (args) => ({ path: createRequire(args.importer).resolve('cliui') }));
        // cliui puts an option's [type] on the description's last line when it fits, and
        // "fits" counts no space between them when the line fills its column exactly:
        // "… inside)[array]" (cliui issue #88, open). One character fixes the comparison;
        // a cliui whose code no longer has it fails the build rather than drop the fix.
        plugin.onLoad({ filter: /[\\/]cliui[\\/]build[\\/]index\.cjs$/ }, async (args) => {
          const code = await readFile(args.path, 'utf8');
          const glued = 'if (leadingWhitespace < targetTextWidth) {';
          if (!code.includes(glued))
            throw new Error(
              `cliui changed: ${args.path} has no "${glued}"; check its inline rendering (cliui issue #88) and update scripts/bundle-cli.js`,
            );
          return { contents: code.replace(glued, 'if (leadingWhitespace <= targetTextWidth) {'), loader: 'js' };
        });
      },
    },
    {
      // The precompiled templates are one module of generated code that the library's
      // modules import too: the package ships it once.
      name: 'precompiled-templates-external',
      setup(plugin) {
        plugin.onResolve({ filter: /\/generated\/precompiled-templates\.js$/ }, (args) =>
          args.importer.includes('/render/html/')
            ? { path: './render/html/generated/precompiled-templates.js', external: true }
            : undefined,
        );
      },
    },
    {
      name: 'exceljs-bundle-external',
      setup(plugin) {
        plugin.onResolve({ filter: /\/exceljs\.js$/ }, (args) =>
          args.importer.includes('/render/xlsx/') ? { path: './render/xlsx/exceljs.js', external: true } : undefined,
        );
      },
    },
  ],
  // A CommonJS module in the bundle requires Node's modules; an ES module has no `require`
  // of its own, so the bundle makes one.
  banner: {
    js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
  },
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
chmodSync(`${outdir}/${name}.js`, 0o755);
writeFileSync(
  `${outdir}/${name}.licenses.txt`,
  bundleNotices(
    result.metafile,
    `dist/${name}.js and its chunks bundle these packages, each under its own licence, reproduced below.`,
  ),
);
