import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { keptTemporary } from './kept-temporary.js';

const generatorPath = resolve('scripts/generate-report.js');

/**
 * The path of a report of `policies` policies written by scripts/generate-report.js (its
 * defaults: reports of 10 categories of 30 policies), made once and kept in the system's
 * temporary folder under a name keyed by the generator's text: the files of the suite that
 * need a large input share one, across runs too, and a changed generator makes a new one.
 */
export async function generatedReport(policies: number): Promise<string> {
  const key = createHash('sha256').update(readFileSync(generatorPath)).digest('hex').slice(0, 16);
  return keptTemporary(join('cspm-test-reports', `report-${policies}-${key}.json`), async (path) => {
    const generator = (await import(pathToFileURL(generatorPath).href)) as {
      writeReport(path: string, policies: number): Promise<void>;
    };
    await generator.writeReport(path, policies);
  });
}
