#!/usr/bin/env node
// `cspm-report fetch --accounts` of many accounts from the emulator with 50 ms of
// latency per request: --concurrency 8 against --concurrency 1, both as whole
// processes, and the peak memory of the same run over 50 and over 200 accounts (it
// should not grow with the number of accounts: one report per slot is in memory).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { runNode } from './run-node.js';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const bin = fileURLToPath(new URL(`../../${packageJson.bin['cspm-report']}`, import.meta.url));
const { createClient } = await import(new URL('../../dist/index.js', import.meta.url).href);

/** Made-up credentials for the bench's own emulator: all of them, so that it makes none up and prints none. */
const credentials = {
  CSPM_LICENSE_TOKEN: 'bench-license-token',
  CSPM_ACCOUNT_TOKEN: 'bench-account-token',
  CSPM_API_KEY: 'bench-api-key',
  CSPM_APP_ID: '00000000-0000-4000-8000-00000000be0c',
  CSPM_APP_SECRET: 'bench-app-secret',
};

/** Starts `cspm-report serve` as a child process; resolves with its URL and a stop function. */
async function startEmulator(latencyMs) {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--latency', String(latencyMs)], {
    env: { ...process.env, ...credentials },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its standard error (`stopped on SIGTERM` at the end) is kept for a failed start only.
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const [first] = await createInterface({ input: child.stdout })
    [Symbol.asyncIterator]()
    .next()
    .then(({ value }) => [value]);
  const url = /listening on (\S+)/.exec(first ?? '')?.[1];
  if (!url) throw new Error(`serve did not start: ${first ?? ''} ${errors}`);
  return { url, stop: () => child.kill('SIGTERM') };
}

/** Onboards `count` Azure accounts, 20 at a time; returns the CSV of their CSBP reports. */
async function onboard(url, count) {
  const client = createClient({
    baseUrl: url,
    licenseToken: credentials.CSPM_LICENSE_TOKEN,
    apiKey: credentials.CSPM_API_KEY,
  });
  const rows = [];
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, (_, index) =>
      client.onboardAccount('azure', 'bench-license', {
        AccountName: `Account ${start + index}`,
        DomainName: 'example.com',
        TenantId: 't',
        ADApplicationClientId: 'c',
        ADApplicationClientSecret: 's',
        SubscriptionId: 'sub',
      }),
    );
    for (const { accountId, jobId } of await Promise.all(batch)) rows.push(`bench-license,${accountId},${jobId},CSBP`);
  }
  return `license,account,job,benchmark\n${rows.join('\n')}\n`;
}

/** Times fetch of 200 accounts at concurrency 8 and 1, and peak memory at 50 and 200 accounts. */
export async function benchFetch({ accounts = 200, latencyMs = 50 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'cspm-bench-fetch-'));
  const emulator = await startEmulator(latencyMs);
  try {
    const all = await onboard(emulator.url, accounts);
    const fleet = join(dir, 'fleet.csv');
    writeFileSync(fleet, all);
    const few = join(dir, 'few.csv');
    writeFileSync(few, all.split('\n').slice(0, 51).join('\n') + '\n');
    const env = { ...process.env, ...credentials, CSPM_BASE_URL: emulator.url };
    const fetchRun = (file, concurrency, out) =>
      runNode([bin, 'fetch', '--accounts', file, '--out-dir', join(dir, out), '--concurrency', String(concurrency)], {
        env,
      });
    const parallel = fetchRun(fleet, 8, 'c8');
    const serial = fetchRun(fleet, 1, 'c1');
    const small = fetchRun(few, 8, 'few');
    return {
      accounts,
      latencyMs,
      parallelMs: parallel.ms,
      serialMs: serial.ms,
      speedup: serial.ms / parallel.ms,
      peakRssMb: parallel.peakRssMb,
      smallPeakRssMb: small.peakRssMb,
      memoryRatio: parallel.peakRssMb / small.peakRssMb,
      exitCodes: [...new Set([parallel.status, serial.status, small.status])],
    };
  } finally {
    emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await benchFetch());
}
