#!/usr/bin/env node
// A series of daily scans of the published Azure sample, for `npm run bench -- trend`
// and the trend tests: each scan moves a few policies between Green, Amber and Red,
// with resource counts and every stated total kept consistent, so that each scan checks.
//   node scripts/generate-scans.js <dir> <count> [seed]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const sample = fileURLToPath(new URL('../samples/azure-csbp.json', import.meta.url));
const colours = ['Green', 'Amber', 'Red'];

/** A small deterministic generator (mulberry32), so that a seed gives the same series. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Sets a policy's colour and resources so that they agree (Gray policies are left alone). */
export function setColour(policy, colour) {
  const total = Math.max(policy.TotalResourceCount, 2);
  policy.TotalResourceCount = total;
  policy.PassedResourceCount = colour === 'Green' ? total : colour === 'Red' ? 0 : Math.floor(total / 2);
  policy.Compliance = colour;
}

/** Recomputes the stated totals of a report from its policies (percent: green of assessed). */
export function restate(report) {
  const posture = { Total: 0, Green: 0, Red: 0, Amber: 0, Gray: 0 };
  for (const category of report.ResourceCategories) {
    const counts = { Total: category.Policies.length, Green: 0, Red: 0, Amber: 0, Gray: 0 };
    for (const policy of category.Policies) counts[policy.Compliance] += 1;
    Object.assign(category, counts);
    const assessed = counts.Total - counts.Gray;
    category.CompliancePercent = assessed === 0 ? 0 : Math.round((counts.Green / assessed) * 1e6) / 1e4;
    for (const key of Object.keys(posture)) posture[key] += counts[key];
  }
  const assessed = posture.Total - posture.Gray;
  report.Posture = {
    ...posture,
    CompliancePercent: assessed === 0 ? 0 : Math.round((posture.Green / assessed) * 1e6) / 1e4,
  };
}

/**
 * One scan per day from `start`, each a JSON array of one report as the service saves
 * it. `change` is the share of assessed policies given a random colour in each scan.
 * Returns the paths written, oldest first; file names do not sort by date.
 */
export function writeScans(
  dir,
  count,
  {
    seed = 1,
    change = 0.08,
    start = Date.UTC(2024, 0, 1, 6),
    dates = true,
    name = (index) => `scan-${String((index * 7919) % 100003).padStart(6, '0')}.json`,
  } = {},
) {
  mkdirSync(dir, { recursive: true });
  const next = random(seed);
  const [report] = JSON.parse(readFileSync(sample, 'utf8'));
  // Start from a state that checks: every assessed policy takes the colour its resources give it.
  for (const category of report.ResourceCategories) {
    for (const policy of category.Policies) {
      if (policy.Compliance === 'Gray') {
        policy.PassedResourceCount = 0;
        policy.TotalResourceCount = 0;
        policy.RiskProbability = ' ';
        policy.RiskLevel = '';
      } else setColour(policy, policy.Compliance);
    }
  }
  const paths = [];
  for (let index = 0; index < count; index += 1) {
    for (const category of report.ResourceCategories) {
      for (const policy of category.Policies) {
        if (policy.Compliance !== 'Gray' && next() < change)
          setColour(policy, colours[Math.floor(next() * colours.length)]);
      }
    }
    restate(report);
    const when = new Date(start + index * 86_400_000);
    report.JobId = `${100000 + index}`;
    report.LastScannedDate = dates ? when.toISOString() : null;
    report.LastScannedDateEpochTime = dates ? when.getTime() / 1000 : null;
    const path = join(dir, name(index));
    writeFileSync(path, JSON.stringify([report]));
    paths.push(path);
  }
  return paths;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, count, seed] = process.argv.slice(2);
  if (!dir || !count) {
    console.error('usage: node scripts/generate-scans.js <dir> <count> [seed]');
    process.exit(2);
  }
  console.log(`${writeScans(dir, Number(count), { seed: Number(seed ?? 1) }).length} scans in ${dir}`);
}
