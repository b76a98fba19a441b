import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

it("npm start goes through the samples and the service's API, exits 0 and prints no secret", async () => {
  // The demo reads samples/ and writes out/ relative to where it runs: a folder of its own,
  // with a link to the samples, keeps the checkout's out/ alone and leaves no stale file
  // to pass the test.
  const dir = tempDir();
  symlinkSync(resolve('samples'), join(dir, 'samples'), 'junction');
  const result = spawnSync(process.execPath, [resolve('scripts/demo.js')], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  // Standard error holds the status lines (what was written, each document's tally) and nothing else: no warning, no
  // error.
  expect(result.stderr).toContain('wrote out/aws-cis.html\n');
  expect(result.stderr.split('\n').filter((line) => line !== '' && !/^(?:wrote |  )/.test(line))).toEqual([]);
  expect(result.status).toBe(0);

  for (const name of ['azure-fetched.json', 'azure-fetched.html', 'azure-fetched.xlsx'])
    expect(existsSync(join(dir, 'out/api', name))).toBe(true);
  // The account's name comes from the onboarding: the file went through the API, not a copy of a sample.
  const envelope = JSON.parse(readFileSync(join(dir, 'out/api/azure-fetched.json'), 'utf8')) as { result: unknown };
  expect(envelope.result).toMatchObject([
    { ConnectorType: 'Azure', BenchmarkId: 'CSBP', AccountName: 'Demo Payments' },
  ]);
  expect(result.stdout).toMatch(/^── cspm-report onboard azure .*\n\{"accountId":"[^"]+","jobId":"[^"]+"\}\n/m);

  const { demoSecrets } = (await import(pathToFileURL(resolve('scripts/demo/demo-secrets.js')).href)) as {
    demoSecrets: Record<string, string>;
  };
  expect(Object.keys(demoSecrets)).toHaveLength(5);
  for (const secret of Object.values(demoSecrets)) expect(`${result.stdout}${result.stderr}`).not.toContain(secret);
});
