import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * One library per task among the package's dependencies: two CSV libraries
 * (one writing, one reading) were two sets of quirks, advisories and upgrades for one
 * format. csv-parse reads the accounts file of `fetch --accounts`; the CSV export quotes
 * its few fields that need it with its own two lines.
 */
const csvLibraries = ['papaparse', 'csv-parse', 'csv-stringify', 'fast-csv', '@fast-csv/format', 'd3-dsv'];

describe('the dependencies', () => {
  it('hold one CSV library, with the type packages of no other', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    const declared = Object.keys({
      ...manifest.dependencies,
      ...manifest.devDependencies,
      ...manifest.optionalDependencies,
    });
    const named = (name: string): boolean =>
      csvLibraries.includes(name) || csvLibraries.some((library) => name === `@types/${library}`);
    expect(declared.filter(named)).toEqual(['csv-parse']);
  });

  it("are the lock file root entry's: package.json and package-lock.json name the same", () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, unknown>;
    const root = (
      JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, Record<string, unknown>> }
    ).packages[''];
    for (const list of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'])
      expect(root?.[list], list).toEqual(manifest[list]);
  });
});
