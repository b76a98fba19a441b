import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { expect, it } from 'vitest';
import { bin } from '../support/bin-run.js';
import { runInProcess } from '../support/cli-run.js';

it('serve prints its URL first, answers a request and exits 0 on SIGTERM', async () => {
  const child = spawn(process.execPath, [bin, 'serve'], {
    env: { ...process.env, CSPM_LICENSE_TOKEN: 'lt', CSPM_ACCOUNT_TOKEN: 'at', CSPM_API_KEY: 'key' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit');
  try {
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = line.slice('listening on '.length);
    const response = await fetch(`${url}/onboarding/license/L1/account/aws`, {
      method: 'POST',
      headers: { Authorization: 'Bearer lt', 'Content-Type': 'application/json' },
      body: JSON.stringify({ AccountName: 'Shop', AWSAccountId: '123456789012', AWSRoleName: 'audit' }),
    });
    expect(((await response.json()) as { statusCode: number }).statusCode).toBe(200);
  } finally {
    child.kill('SIGTERM');
  }
  const [code] = (await exited) as [number | null];
  expect(code).toBe(0);
  // The bundled samples hold one Azure report twice on purpose: nothing to warn about.
  expect(stderr).not.toContain('not served');
  expect(stderr).toContain('stopped on SIGTERM');
  expect(stderr).not.toContain('clear text');
}, 20_000);

it('serve warns on standard error, in one line, that credentials travel in clear text when it listens beyond loopback', async () => {
  const child = spawn(process.execPath, [bin, 'serve', '--host', '0.0.0.0'], {
    env: {
      ...process.env,
      CSPM_LICENSE_TOKEN: 'lt',
      CSPM_ACCOUNT_TOKEN: 'at',
      CSPM_API_KEY: 'key',
      CSPM_APP_ID: 'app',
      CSPM_APP_SECRET: 'shh',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    expect(line).toMatch(/^listening on http:\/\/0\.0\.0\.0:\d+$/);
  } finally {
    child.kill('SIGTERM');
  }
  await exited;
  const warnings = stderr.split('\n').filter((text) => text.includes('clear text'));
  expect(warnings).toEqual([expect.stringMatching(/^warning: .*0\.0\.0\.0.* without TLS/)]);
}, 20_000);

it.each([
  ['--scan-failure-rate', '1.5'],
  ['--scan-failure-rate', '-0.1'],
  ['--fail-rate', '2'],
])('serve refuses %s %s with one line and exit 2, before listening', async (option, value) => {
  const result = await runInProcess(['serve', option, value]);
  expect(result).toEqual({
    code: 2,
    stdout: '',
    stderr: `cspm-report: invalid usage: ${option} must be from 0 to 1\n`,
  });
});
