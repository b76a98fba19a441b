import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../support/clean-clone.js';

/**
 * The image built and run: `check` on the bundled samples, mounted at /work. This needs
 * a Docker engine, and these machines have the client only, with no way to install an
 * engine: without one the test skips with a line saying so, under CI=true too. The
 * Dockerfile's facts are checked without an engine (dockerfile-facts.test.ts).
 */

const engine = spawnSync('docker', ['info'], { encoding: 'utf8', timeout: 30_000 }).status === 0;
if (!engine)
  console.warn(
    'skipped: the container image build and run: no Docker engine answers `docker info` (a Docker engine is needed; CI=true does not make this fail, as none can be installed here)',
  );

function docker(args: string[]): { status: number | null; output: string } {
  const result = spawnSync('docker', args, {
    cwd: repositoryRoot,
    encoding: 'utf8',
    timeout: 900_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.runIf(engine)('the container image', () => {
  it('builds, and checks the samples as a non-root user', () => {
    const tag = 'cspm-report:test';
    const built = docker(['build', '--quiet', '--tag', tag, '.']);
    expect(built.status, built.output).toBe(0);
    const checked = docker([
      'run',
      '--rm',
      '--volume',
      `${repositoryRoot}/samples:/work:ro`,
      tag,
      'check',
      'aws-cis.json',
      'office365.json',
    ]);
    expect(checked.output).toBe(
      'aws-cis.json: 1 report, 59 policies, no findings\noffice365.json: 1 report, 73 policies, no findings\n\n✔ no findings in 2 files, 2 valid reports, 132 policies\n',
    );
    expect(checked.status).toBe(0);
    const user = docker(['run', '--rm', '--entrypoint', 'id', tag, '-u']);
    expect(user.output.trim()).not.toBe('0');
  }, 900_000);
});
