import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';

/**
 * The package is an ES module only: `require('cspm-report')` must fail with a message
 * that says what to do, not Node's "No "exports" main defined". A consumer project
 * links this checkout as node_modules/cspm-report, so Node resolves the package.json
 * `exports` as it would for an installed copy.
 */

const tempDir = useTempDir();

function consumer(): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(resolve('.'), join(dir, 'node_modules', 'cspm-report'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  return dir;
}

function runNode(cwd: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('require of the package', () => {
  it('fails with a message that names import and await import()', () => {
    const ran = runNode(consumer(), [
      '-e',
      "try { require('cspm-report') } catch (error) { console.log(error.code); console.log(error.message); process.exit(3) }",
    ]);
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(3);
    expect(ran.stdout).toBe(
      "ERR_REQUIRE_ESM\ncspm-report is an ES module: use import { checkReports } from 'cspm-report' in an ES module, or const { checkReports } = await import('cspm-report') in CommonJS\n",
    );
  });

  it('leaves import() from CommonJS working, as the message advises', () => {
    const ran = runNode(consumer(), ['-e', "import('cspm-report').then((m) => console.log(typeof m.checkReports))"]);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toBe('function\n');
  });
});
