#!/usr/bin/env node
// `npm run audit:bundled`: asks the npm registry's security advisories (the bulk endpoint
// `npm audit` uses) about the packages bundled into dist/, as listed beside each bundle
// by `npm run build` (dist/render/xlsx/exceljs.packages.json). In the lock file they are
// development dependencies, so `npm audit --omit=dev` leaves them out, and a user's
// `npm audit` never sees them: they ship inside cspm-report. An advisory here is one
// against the published package, to be fixed with a new exceljs pin and a release.
// Usage: node scripts/audit-bundled.js [packages.json ...]
// Exit codes: 0 no advisory, 1 advisories found, 2 the registry could not be asked.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const manifests = process.argv.length > 2 ? process.argv.slice(2) : ['dist/render/xlsx/exceljs.packages.json'];

/** The packages of every manifest, as `{ name: [versions] }`. */
function bundled() {
  const packages = {};
  for (const file of manifests) {
    let listed;
    try {
      listed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file}: ${error.code === 'ENOENT' ? 'missing; run npm run build first' : error.message}`);
    }
    for (const [name, versions] of Object.entries(listed))
      packages[name] = [...new Set([...(packages[name] ?? []), ...versions])];
  }
  return packages;
}

/** The registry npm is configured for: `npm run` passes it in the environment. */
function registry() {
  const configured =
    process.env.npm_config_registry || execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
  return configured.replace(/\/+$/, '');
}

async function main() {
  const packages = bundled();
  const url = `${registry()}/-/npm/v1/security/advisories/bulk`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(packages),
  });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const advisories = await response.json();
  const lines = [];
  for (const [name, found] of Object.entries(advisories)) {
    for (const advisory of found) {
      lines.push(
        `${name} ${(packages[name] ?? []).join(', ')}: ${advisory.severity} — ${advisory.title} (vulnerable: ${advisory.vulnerable_versions}) ${advisory.url}`,
      );
    }
  }
  const count = Object.keys(packages).length;
  if (lines.length === 0) {
    console.log(`no advisory against the ${count} bundled packages`);
    return 0;
  }
  console.log(lines.join('\n'));
  console.log(
    `${lines.length} ${lines.length === 1 ? 'advisory' : 'advisories'} against the ${count} bundled packages: they ship inside cspm-report`,
  );
  return 1;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`audit-bundled: ${error.message}`);
  process.exitCode = 2;
}
