import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { hasProgram } from '../support/system-program.js';
import { useTempDir } from '../support/temp-dir.js';

/** Figures the README states, measured again from what they describe. */
const readme = readFileSync('README.md', 'utf8');
const tempDir = useTempDir();

describe('README figures', () => {
  it('states the Node.js version that package.json engines asks for, wherever it names one', () => {
    const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;
    const minimum = /^>=(\d+\.\d+)$/.exec(engines)?.[1];
    expect(minimum).toBeDefined();
    const stated = [...readme.matchAll(/Node\.js (\d+(?:\.\d+)*) or later/g)].map((match) => match[1]);
    expect(stated.length).toBeGreaterThan(1);
    expect(stated.every((version) => version === minimum)).toBe(true);
    const setUp = readme.slice(readme.indexOf('## Set-up on a fresh machine'), readme.indexOf('## Install'));
    expect(setUp).toContain(`Node.js ${minimum} or later`);
  });

  it('counts the packages npm ci --omit=dev installs as the lockfile lists them', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const runtime = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && entry.dev !== true).length;
    expect(/`npm ci --omit=dev --ignore-scripts`, (\d+) packages/.exec(readme)?.[1]).toBe(String(runtime));
  });

  it.runIf(hasProgram('pdfinfo', 'poppler-utils'))('gives the page counts of the sample PDF that pdfinfo reads, in full and with --policies failing', async () => {
    const stated = /`samples\/azure-csbp\.json` makes (\d+) pages, (\d+) with\s+`--policies failing`/.exec(readme);
    expect(stated).not.toBeNull();
    const pages = async (extra: string[]): Promise<number> => {
      const file = join(tempDir(), 'sample.pdf');
      expect((await runInProcess(['render', 'samples/azure-csbp.json', '-f', 'pdf', ...extra, '-o', file])).code).toBe(0);
      return Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    };
    expect([await pages([]), await pages(['--policies', 'failing'])]).toEqual([Number(stated![1]), Number(stated![2])]);
  });
});
