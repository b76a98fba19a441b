// The licence notices of a bundle: one section per package esbuild took code from,
// with the licence its package.json states and the licence files it ships.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const licenceFile = /^(licen[sc]e|copying|notice)(\.|-|$)/i;

/**
 * The notices text for a bundle built with `metafile: true`.
 *
 * @param metafile  esbuild's metafile of the bundle
 * @param heading   the first lines: which file bundles what
 */
export function bundleNotices(metafile, heading) {
  const sections = [...packageFolders(metafile)].sort().map((folder) => {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    const stated = manifest.license ?? (manifest.licenses ?? []).map((entry) => entry.type).join(' OR ');
    const licence = stated || 'no licence stated in its package.json';
    const texts = readdirSync(folder)
      .filter((name) => licenceFile.test(name))
      .sort()
      .map((name) => readFileSync(join(folder, name), 'utf8').trim());
    const author = typeof manifest.author === 'string' ? manifest.author : manifest.author?.name;
    const text =
      texts.length > 0
        ? texts.join('\n\n')
        : `The package ships no licence text${author ? `; its author is ${author}` : ''}.`;
    return `${manifest.name} ${manifest.version} (${licence})\n${'-'.repeat(60)}\n${text}\n`;
  });
  return `${heading}\n\n${sections.join('\n')}`;
}

/** The node_modules folders of the packages esbuild took code from. */
function packageFolders(metafile) {
  const folders = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) folders.add(match[1]);
  }
  return folders;
}

/**
 * The packages a bundle holds, as `{ name: [versions] }`: the body npm's bulk advisory
 * endpoint takes, so that scripts/audit-bundled.js can ask about exactly what ships.
 *
 * @param metafile  esbuild's metafile of the bundle
 */
export function bundledPackages(metafile) {
  const packages = {};
  for (const folder of [...packageFolders(metafile)].sort()) {
    const { name, version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    packages[name] = [...new Set([...(packages[name] ?? []), version])].sort();
  }
  return Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a < b ? -1 : 1)));
}
