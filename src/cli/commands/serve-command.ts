import type { Argv } from 'yargs';
import { createEmulator, CspmError, type EmulatorCredentials } from '../../index.js';
import { applicationIdVariable, secretSources, terminalText } from '../../internal.js';
import { exitCodes, type CliIo } from '../cli-io.js';
import { claimStopSignals } from '../stop-signals.js';
import type { CommandSpec } from './command-spec.js';

/** The arguments of `serve`. */
export interface ServeArgs {
  port: number;
  host: string;
  reports: string | undefined;
  scanSeconds: number;
  latency: number | undefined;
  failRate: number | undefined;
  scanFailureRate: number | undefined;
  rateLimit: number | undefined;
  requestTimeout: number;
  site: string | undefined;
}

/** Environment variables of the credentials the emulator accepts: the ones its clients (fetch, onboard) read. */
const credentialVariables = {
  licenseToken: secretSources.licenseToken.variable,
  accountToken: secretSources.accountToken.variable,
  apiKey: secretSources.apiKey.variable,
  applicationId: applicationIdVariable,
  applicationSecret: secretSources.applicationSecret.variable,
} as const satisfies Record<Exclude<keyof EmulatorCredentials, 'generated'>, string>;

function checkArgs(args: ServeArgs): void {
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535)
    throw new CspmError('usage', '--port must be an integer from 0 to 65535', { data: { option: 'port' } });
  if (!(args.scanSeconds >= 0))
    throw new CspmError('usage', '--scan-seconds must be 0 or more', { data: { option: 'scan-seconds' } });
  if (args.failRate !== undefined && !(args.failRate >= 0 && args.failRate <= 1))
    throw new CspmError('usage', '--fail-rate must be from 0 to 1', { data: { option: 'fail-rate' } });
  if (args.scanFailureRate !== undefined && !(args.scanFailureRate >= 0 && args.scanFailureRate <= 1))
    throw new CspmError('usage', '--scan-failure-rate must be from 0 to 1', { data: { option: 'scan-failure-rate' } });
  if (args.latency !== undefined && !(args.latency >= 0))
    throw new CspmError('usage', '--latency must be 0 or more', { data: { option: 'latency' } });
  if (args.rateLimit !== undefined && !(Number.isInteger(args.rateLimit) && args.rateLimit >= 1))
    throw new CspmError('usage', '--rate-limit must be a whole number of 1 or more', {
      data: { option: 'rate-limit' },
    });
  if (!(args.requestTimeout > 0 && args.requestTimeout <= 3600))
    throw new CspmError('usage', '--request-timeout must be above 0 and at most 3600 seconds', {
      data: { option: 'request-timeout' },
    });
}

/** `cspm-report serve`: run a local emulator of the service until SIGINT or SIGTERM. */
export const serveCommand: CommandSpec<ServeArgs> = {
  command: 'serve',
  describe:
    "run a local emulator of the service's REST API (onboarding, tokens, scan status, audit summary), its OpenAPI document at /openapi.json, and with --site a built site at /site/",
  builder: (yargs) =>
    yargs
      .option('port', { type: 'number', default: 0, describe: 'TCP port; 0 picks a free one' })
      .option('host', {
        type: 'string',
        default: '127.0.0.1',
        describe: 'address to listen on (loopback only by default)',
      })
      .option('reports', {
        type: 'string',
        describe: 'folder of the reports to serve (its *.json files); the bundled samples by default',
      })
      .option('scan-seconds', {
        type: 'number',
        default: 0,
        describe: 'seconds a scan job takes (New, Running, Success or Failed); 0: done at once',
      })
      .option('latency', { type: 'number', describe: 'delay every answer by this many milliseconds' })
      .option('fail-rate', { type: 'number', describe: 'answer this share of requests (0 to 1) with 503' })
      .option('scan-failure-rate', {
        type: 'number',
        describe: 'end this share of scan jobs (0 to 1) Failed; their summary answers 409',
      })
      .option('rate-limit', {
        type: 'number',
        describe: 'answer 429 (Retry-After: 1) above this many requests per second',
      })
      .option('request-timeout', {
        type: 'number',
        default: 30,
        describe: 'seconds a request may take to arrive whole; then it is answered 408',
      })
      .option('site', {
        type: 'string',
        describe:
          'also serve this folder of a built site (cspm-report site -o DIR) as static files; its URL, http://HOST:PORT/site/, is printed after the listening line',
      })
      .example('$0 serve --port 8080', 'serve on http://127.0.0.1:8080 until Ctrl-C')
      .example('$0 serve --site site/', 'also serve the site built into site/ at http://127.0.0.1:PORT/site/')
      .example('$0 serve --scan-failure-rate 1', 'every scan job ends Failed, to try a client on failure')
      .example(
        'CSPM_LICENSE_TOKEN=t CSPM_ACCOUNT_TOKEN=a CSPM_API_KEY=k $0 serve',
        'accept fixed credentials',
      ) as unknown as Argv<ServeArgs>,
  async run(args, io: CliIo) {
    checkArgs(args);
    const credentials = Object.fromEntries(
      Object.entries(credentialVariables).map(([name, variable]) => [name, io.env[variable]]),
    );
    const emulator = await createEmulator({
      port: args.port,
      host: args.host,
      reports: args.reports,
      credentials,
      scanSeconds: args.scanSeconds,
      latencyMs: args.latency,
      failRate: args.failRate,
      scanFailureRate: args.scanFailureRate,
      rateLimit: args.rateLimit,
      requestTimeoutMs: Math.round(args.requestTimeout * 1000),
      site: args.site,
    });
    let release = (): void => {};
    const stopped = new Promise<NodeJS.Signals>((resolve) => {
      release = claimStopSignals(resolve);
    });
    io.stdout.write(`listening on ${emulator.url}\n`);
    if (emulator.siteUrl !== undefined) io.stdout.write(`site on ${emulator.siteUrl}\n`);
    if (!emulator.loopbackOnly)
      io.stderr.write(
        `warning: ${emulator.url} is reachable beyond this machine without TLS: tokens, API keys and secrets sent to it travel in clear text over the network\n`,
      );
    for (const name of emulator.credentials.generated)
      io.stderr.write(`${credentialVariables[name]}=${emulator.credentials[name]}\n`);
    // The bundled samples hold the same Azure report twice on purpose: only a folder the
    // user gave is worth a word about what it does not serve.
    if (args.reports !== undefined) {
      for (const { source, pointer, reason } of emulator.reports.skipped)
        io.stderr.write(`not served: ${terminalText(`${source}#${pointer}: ${reason}`)}\n`);
    }
    const signal = await stopped;
    release();
    await emulator.close();
    io.stderr.write(`stopped on ${signal}\n`);
    return exitCodes.ok;
  },
};
