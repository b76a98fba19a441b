#!/usr/bin/env node
// A large Prowler JSON-OCSF file made of Prowler's own example outputs
// (test/fixtures/scanners/prowler/): their findings repeated, each copy in another account
// and on another resource, so that the file has the shape and the text of real findings.
// Usage: node scripts/bench/generate-prowler.js <out.json> [findings]   (default 100,000)
import { closeSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const fixtures = new URL('../../test/fixtures/scanners/prowler/', import.meta.url);
/** Findings per account: a thousand checks and resources, as one account's scan has. */
const perAccount = 1_000;

function realFindings() {
  return readdirSync(fixtures)
    .filter((name) => name.endsWith('.ocsf.json'))
    .sort()
    .flatMap((name) => JSON.parse(readFileSync(new URL(name, fixtures), 'utf8')));
}

/** Finding `index` of the file: a real one, in account `index / perAccount`, on resource `index`. */
function findingAt(real, index) {
  const finding = structuredClone(real[index % real.length]);
  const account = String(100_000_000_000 + Math.floor(index / perAccount));
  if (finding.cloud?.account) {
    finding.cloud.account.uid = account;
    finding.cloud.account.name = `bench-account-${account}`;
  }
  for (const resource of finding.resources ?? []) resource.uid = `${resource.uid}-${index}`;
  if (finding.finding_info) finding.finding_info.uid = `${finding.finding_info.uid}-${index}`;
  return finding;
}

/** Writes `count` findings as one JSON array, Prowler's layout, a chunk at a time. */
export function writeProwlerOcsf(path, count = 100_000) {
  const real = realFindings();
  const fd = openSync(path, 'w');
  try {
    let chunk = '[';
    for (let index = 0; index < count; index += 1) {
      chunk += `${index === 0 ? '' : ','}${JSON.stringify(findingAt(real, index), null, 4)}`;
      if (chunk.length > 1 << 22) {
        writeSync(fd, chunk);
        chunk = '';
      }
    }
    writeSync(fd, `${chunk}]`);
  } finally {
    closeSync(fd);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [path, count] = process.argv.slice(2);
  if (!path) {
    console.error('usage: node scripts/bench/generate-prowler.js <out.json> [findings]');
    process.exit(2);
  }
  writeProwlerOcsf(path, count === undefined ? undefined : Number(count));
}
