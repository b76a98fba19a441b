// The service half of `npm start`: the emulator of the service's REST API runs in this
// process, and the command line talks to it as it would to the real service: onboard an
// Azure account and wait for its first scan, fetch the audit summary, check and render it.
import { createEmulator } from '../../dist/index.js';
import { processIo } from '../../dist/cli/cli-io.js';
import { runCli } from '../../dist/cli/main.js';
import { demoSecrets } from './demo-secrets.js';

const license = 'demo-license';
/** An Azure benchmark of the bundled samples, which the emulator serves by default. */
const benchmark = 'CSBP';
const fetched = 'out/api/azure-fetched.json';
const azureFlags = [
  '--account-name',
  'Demo Payments',
  '--domain-name',
  'contoso.example',
  '--tenant-id',
  'demo-tenant',
  '--ad-application-client-id',
  'demo-client',
  '--subscription-id',
  'demo-subscription',
];

/**
 * The command line's streams with the demo's environment in place of the process's:
 * the secrets reach the commands as they would from a shell, and the process's own
 * environment (a real service's URL or tokens) plays no part. What goes to standard
 * output is also pushed to `capture` when given, to read the printed ids back.
 */
function demoIo(url, capture) {
  const io = processIo();
  const env = {
    CSPM_BASE_URL: url,
    CSPM_LICENSE_TOKEN: demoSecrets.licenseToken,
    CSPM_ACCOUNT_TOKEN: demoSecrets.accountToken,
    CSPM_API_KEY: demoSecrets.apiKey,
    CSPM_AD_CLIENT_SECRET: demoSecrets.adClientSecret,
    ...(process.env.NO_COLOR === undefined ? {} : { NO_COLOR: process.env.NO_COLOR }),
  };
  if (!capture) return { ...io, env };
  const write = (text) => {
    capture.push(String(text));
    return io.stdout.write(text);
  };
  return { ...io, stdout: { write, isTTY: io.stdout.isTTY }, env };
}

/**
 * Runs the service part of the demo under `heading` (the demo's section titles) and
 * returns the exit code of each step, undefined for a step not run because one before
 * it failed.
 */
export async function runServiceDemo(heading) {
  heading('createEmulator({ scanSeconds: 2 })   (the service, emulated in process)');
  const { licenseToken, accountToken, apiKey, applicationSecret } = demoSecrets;
  const emulator = await createEmulator({
    scanSeconds: 2,
    credentials: { licenseToken, accountToken, apiKey, applicationId: 'demo-app', applicationSecret },
  });
  const codes = { onboard: undefined, fetch: undefined };
  try {
    process.stdout.write(`listening on ${emulator.url}\n`);
    heading(`cspm-report onboard azure --license ${license} … --wait --format json`);
    const printed = [];
    codes.onboard = await runCli(
      ['onboard', 'azure', '--license', license, ...azureFlags, '--wait', '--poll-seconds', '1', '--format', 'json'],
      demoIo(emulator.url, printed),
    );
    if (codes.onboard !== 0) return codes;
    const { accountId, jobId } = JSON.parse(printed.join(''));

    // fetch saves the envelope, checks it and renders it beside the file in one step.
    heading(`cspm-report fetch … --benchmark ${benchmark} -o ${fetched} -f html -f xlsx`);
    codes.fetch = await runCli(
      [
        'fetch',
        '--license',
        license,
        '--account',
        accountId,
        '--job',
        jobId,
        '--benchmark',
        benchmark,
        '-o',
        fetched,
        '-f',
        'html',
        '-f',
        'xlsx',
      ],
      demoIo(emulator.url),
    );
    return codes;
  } finally {
    await emulator.close();
  }
}
