import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const generatorPath = resolve('scripts/generate-report.js');

/**
 * The path of a report of `policies` policies written by scripts/generate-report.js (its
 * defaults: reports of 10 categories of 30 policies), made once and kept in the system's
 * temporary folder under a name keyed by the generator's text: the files of the suite that
 * need a large input share one, across runs too, and a changed generator makes a new one.
 * Written under another name and renamed, so a file run beside it never reads half of it.
 */
export async function generatedReport(policies: number): Promise<string> {
  const key = createHash('sha256').update(readFileSync(generatorPath)).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'cspm-test-reports');
  const path = join(dir, `report-${policies}-${key}.json`);
  if (existsSync(path)) return path;
  mkdirSync(dir, { recursive: true });
  const generator = (await import(pathToFileURL(generatorPath).href)) as { writeReport(path: string, policies: number): Promise<void> };
  const partial = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await generator.writeReport(partial, policies);
  renameSync(partial, path);
  return path;
}
