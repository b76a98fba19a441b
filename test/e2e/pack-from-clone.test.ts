import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneHead, repositoryRoot, runProgram } from '../support/clean-clone.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * `npm pack` in a fresh clone, which has no dist/: the `prepack` script builds it, so
 * the tarball's `bin` and `exports` point at files. Then the tarball is installed into
 * an empty project the way the README says, and its command runs there.
 */

const tempDir = useTempDir();
const sample = join(repositoryRoot, 'samples', 'aws-cis.json');

interface Packed {
  clone: string;
  tarball: string;
  entries: string[];
}

let packed: Packed;

// The clone and the tarball serve every test of the file: packing builds, which takes a while.
const packDir = mkdtempSync(join(tmpdir(), 'cspm-pack-'));
afterAll(() => rmSync(packDir, { recursive: true, force: true }));

beforeAll(() => {
  const dir = packDir;
  const clone = cloneHead(join(dir, 'clone'), true);
  expect(existsSync(join(clone, 'dist'))).toBe(false);
  const pack = runProgram('npm', ['pack', '--silent', '--pack-destination', dir], clone);
  expect(pack.status, pack.output).toBe(0);
  const name = readdirSync(dir).find((file) => file.endsWith('.tgz'));
  expect(name, pack.output).toBeDefined();
  const tarball = join(dir, name!);
  const listing = runProgram('tar', ['-tzf', tarball], dir);
  expect(listing.status, listing.output).toBe(0);
  packed = { clone, tarball, entries: listing.stdout.split('\n').filter(Boolean) };
}, 240_000);

/** An empty project with the tarball installed by npm; returns its folder. */
function installTarball(): string {
  const project = tempDir();
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  const install = runProgram(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', packed.tarball],
    project,
  );
  expect(install.status, install.output).toBe(0);
  return project;
}

describe('npm pack from a fresh clone', () => {
  it('ships the built command line, the library and the require stub', () => {
    expect(packed.entries).toEqual(
      expect.arrayContaining([
        'package/dist/cspm-report.js',
        'package/dist/index.js',
        'package/dist/index.d.ts',
        'package/esm-only.cjs',
        'package/package.json',
      ]),
    );
    expect(
      packed.entries.filter((entry) => entry.startsWith('package/src/') || entry.startsWith('package/test/')),
    ).toEqual([]);
  });

  it('installs into an empty project, where npx runs the command and require says to import', () => {
    const project = installTarball();
    const check = runProgram('npx', ['--no-install', 'cspm-report', 'check', sample], project);
    expect(check.output).toBe(
      `${sample}: 1 report, 59 policies, no findings\n\n✔ no findings in 1 file, 1 valid report, 59 policies\n`,
    );
    expect(check.status).toBe(0);
    const required = runProgram(process.execPath, ['-e', "require('cspm-report')"], project);
    expect(required.status).toBe(1);
    expect(required.output).toContain("cspm-report is an ES module: use import { checkReports } from 'cspm-report'");
  }, 120_000);
});
