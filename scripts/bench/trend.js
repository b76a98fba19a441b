#!/usr/bin/env node
// `cspm-report trend` over daily scans of the published sample's size (127 policies),
// as a whole process: time and peak memory at 30 and at 365 scans. Scans are read one
// at a time, so the peak should not grow with their number.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeScans } from '../generate-scans.js';
import { median, runNode } from './run-node.js';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const bin = fileURLToPath(new URL(`../../${packageJson.bin['cspm-report']}`, import.meta.url));

function measure(dir, format, runs) {
  const results = Array.from({ length: runs }, () =>
    runNode([bin, 'trend', dir, '--format', format, '--output', '/dev/null']),
  );
  return {
    ms: median(results.map((run) => run.ms)),
    peakRssMb: median(results.map((run) => run.peakRssMb)),
    exitCodes: [...new Set(results.map((run) => run.status))],
  };
}

/** Times trend as json and html over 30 and 365 scans; medians of `runs`. */
export async function benchTrend({ runs = 3 } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'cspm-bench-trend-'));
  try {
    const results = {};
    for (const count of [30, 365]) {
      const dir = join(root, String(count));
      writeScans(dir, count);
      results[count] = { json: measure(dir, 'json', runs), html: measure(dir, 'html', runs) };
    }
    return results;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
