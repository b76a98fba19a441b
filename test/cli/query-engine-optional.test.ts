import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bin } from '../support/bin-run.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * The SQL engine (@duckdb/node-api) is an optional dependency that `query` alone loads.
 * The built command line is run with a module hook that makes the package impossible
 * to resolve, as on an installation without it, and notes any attempt: every other
 * command runs without one, and `query` says in one line how to add it.
 */

const tempDir = useTempDir();

function withoutEngine(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const dir = tempDir();
  writeFileSync(
    join(dir, 'hooks.mjs'),
    // The hooks run on a thread of their own, whose process.stderr may not be flushed before
    // the command exits: the note is written to the descriptor at once.
    `import { writeSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@duckdb/')) {
    writeSync(2, 'ENGINE IMPORTED\\n');
    throw Object.assign(new Error("Cannot find package '" + specifier + "'"), { code: 'ERR_MODULE_NOT_FOUND' });
  }
  return next(specifier, context);
}
`,
  );
  writeFileSync(
    join(dir, 'register.mjs'),
    `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n`,
  );
  const result = spawnSync(process.execPath, ['--import', join(dir, 'register.mjs'), bin, ...args], {
    encoding: 'utf8',
    timeout: 30_000,
    killSignal: 'SIGKILL',
    env: { ...process.env, NO_COLOR: '1' },
    cwd: process.cwd(),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the optional SQL engine', () => {
  it.each([
    ['check', ['check', 'samples/aws-cis.json', '-f', 'json']],
    ['render', ['render', 'samples/aws-cis.json', '-f', 'csv', '-o', '-']],
    ['rules', ['rules']],
    ['help', ['--help']],
    ['query help', ['query', '--help']],
    ['the saved queries', ['query', '--list-presets']],
  ])('is never loaded by %s', (_name, args) => {
    const run = withoutEngine(args);
    expect(run.stderr).not.toContain('ENGINE IMPORTED');
    expect(run.status === 0 || run.status === 1).toBe(true);
  });

  it('is loaded by a query, which says in one line how to add it (exit 2)', () => {
    const run = withoutEngine(['query', tempDir(), 'SELECT 1']);
    expect(run.stderr).toBe(
      'ENGINE IMPORTED\ncspm-report: the SQL engine is not installed: query needs the optional package @duckdb/node-api; add it with: npm install @duckdb/node-api\n',
    );
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
  });

  it('stays out of the bundle: imported only dynamically, by one chunk, and kept external', () => {
    const files = readdirSync('dist').filter((name) => /^cspm-report.*\.js$/.test(name));
    const mentions = files.flatMap((name) =>
      [
        ...readFileSync(join('dist', name), 'utf8').matchAll(
          /(?:\bimport\s*\(|\bfrom\s*|\brequire\s*\()\s*["']@duckdb\/[^"']*["']\)?/g,
        ),
      ].map((match) => `${name}: ${match[0]}`),
    );
    expect(mentions).toHaveLength(1);
    expect(mentions[0]).toMatch(/^cspm-report-chunk-\w+\.js: import\("@duckdb\/node-api"\)$/);
    expect(readFileSync(join('dist', 'cspm-report.js'), 'utf8')).not.toContain('@duckdb');
    // Bundled, the package's classes would be defined in the bundle; external, they are not.
    for (const name of files)
      expect(readFileSync(join('dist', name), 'utf8'), name).not.toMatch(/class DuckDBInstance\b/);
    expect(readFileSync('scripts/bundle-cli.js', 'utf8')).not.toMatch(/bundledPackages = new Set\(\[[^\]]*@duckdb/);
  });
});
