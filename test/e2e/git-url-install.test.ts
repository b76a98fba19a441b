import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cloneHead, headCommit, repositoryRoot, runProgram } from '../support/clean-clone.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * `npm install git+file://…#<commit>`: what `npm install github:OWNER/cspm-report#v0.1.0`
 * does, from a local repository. npm clones it, installs its devDependencies there and
 * runs its `prepare` script, which builds dist/, then packs and installs the result.
 * That installs all the devDependencies (from npm's cache) and builds: about a minute on
 * an idle 2-core machine, which is why it is in the end-to-end tier (`npm run test:e2e`).
 */

const tempDir = useTempDir();

describe('npm install of a git URL', () => {
  it('builds the package in the clone it installs, and its command runs', () => {
    const repository = cloneHead(join(tempDir(), 'repository'), false);
    const project = tempDir();
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
    const install = runProgram(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', `git+file://${repository}#${headCommit()}`],
      project,
    );
    expect(install.status, install.output).toBe(0);
    expect(existsSync(join(project, 'node_modules', 'cspm-report', 'dist', 'cspm-report.js'))).toBe(true);
    const sample = join(repositoryRoot, 'samples', 'aws-cis.json');
    const check = runProgram('npx', ['--no-install', 'cspm-report', 'check', sample], project);
    expect(check.output).toBe(
      `${sample}: 1 report, 59 policies, no findings\n\n✔ no findings in 1 file, 1 valid report, 59 policies\n`,
    );
    expect(check.status).toBe(0);
  }, 600_000);
});
