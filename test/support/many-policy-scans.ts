import { join } from 'node:path';

/** The report generator and next-scan writer of the benchmarks: plain scripts, typed here. */
interface Generators {
  writeReport(path: string, policies: number): Promise<void>;
  writeNextScan(from: string, to: string, every: number): Promise<void>;
}

async function generators(): Promise<Generators> {
  // Paths in variables: the scripts are plain JavaScript without declarations.
  const report = '../../scripts/generate-report.js';
  const next = '../../scripts/bench/next-scan.js';
  const { writeReport } = (await import(report)) as Pick<Generators, 'writeReport'>;
  const { writeNextScan } = (await import(next)) as Pick<Generators, 'writeNextScan'>;
  return { writeReport, writeNextScan };
}

/**
 * Writes two scans of `policies` generated policies (1,000 reports of 300 for 300,000),
 * the later with one policy in `every` (by default 50) of another colour, as `npm run
 * bench -- diff` compares them: thousands of regressions and fixes among hundreds of
 * thousands unchanged. A test of what a diff writes of its changes takes fewer policies
 * and more of them changed: the same changes, and fewer unchanged policies to load.
 */
export async function writeManyPolicyScans(
  dir: string,
  policies: number,
  every = 50,
): Promise<{ old: string; next: string }> {
  const { writeReport, writeNextScan } = await generators();
  const old = join(dir, `scan-${policies}-old.json`);
  const next = join(dir, `scan-${policies}-new.json`);
  await writeReport(old, policies);
  await writeNextScan(old, next, every);
  return { old, next };
}
