import type { Argv } from 'yargs';
import { checkReports, createClient, CspmError, formatCheckText, hasFailingFindings } from '../../index.js';
import { checkOptionsOf, withFailOnOptions, type FailOnArgs } from '../analysis-options.js';
import { exitCodes, wantsColor, type CliIo } from '../cli-io.js';
import { applicationIdVariable, readServiceSecrets, secretSources, type SecretFileArgs } from '../service-secrets.js';
import { oneValue } from '../shared-options.js';
import { isStandardOutput, writeOutput } from '../write-output.js';
import type { CommandSpec } from './command-spec.js';

/** The arguments of `fetch`. */
export interface FetchArgs extends FailOnArgs, SecretFileArgs {
  license: string;
  account: string;
  job: string;
  benchmark: string;
  output: string;
  'base-url': string | undefined;
  'app-id': string | undefined;
  check: boolean;
  timeout: number | undefined;
}

function builder(yargs: Argv): Argv<FetchArgs> {
  let options = yargs
    .option('license', { type: 'string', demandOption: true, coerce: oneValue('license'), describe: 'license id' })
    .option('account', { type: 'string', demandOption: true, coerce: oneValue('account'), describe: 'account id' })
    .option('job', { type: 'string', demandOption: true, coerce: oneValue('job'), describe: 'scan job id' })
    .option('benchmark', { type: 'string', demandOption: true, coerce: oneValue('benchmark'), describe: 'benchmark id' })
    .option('output', { alias: 'o', type: 'string', default: '-', coerce: oneValue('output'), describe: 'save the envelope to this file (atomically); - is standard output' })
    .option('base-url', { type: 'string', coerce: oneValue('base-url'), describe: "the service's base URL (https) [default: $CSPM_BASE_URL]" })
    .option('app-id', { type: 'string', coerce: oneValue('app-id'), describe: `API application id, to obtain tokens not given [default: $${applicationIdVariable}]` })
    .option('check', { type: 'boolean', default: true, describe: 'check the report and exit as check does (--no-check: save only)' })
    .option('timeout', { type: 'number', describe: 'milliseconds allowed for each attempt [default: 30000]' });
  for (const source of Object.values(secretSources)) {
    options = options.option(source.flag, { type: 'string', coerce: oneValue(source.flag), describe: `read it from this file [default: $${source.variable}]` });
  }
  return withFailOnOptions(options)
    .example('$0 fetch --license L --account A --job J --benchmark CSBP -o report.json', 'save and check an audit summary')
    .example('CSPM_BASE_URL=http://127.0.0.1:8080 $0 fetch … --no-check', 'fetch from a local emulator, save only') as unknown as Argv<FetchArgs>;
}

async function run(args: FetchArgs, io: CliIo): Promise<number> {
  const baseUrl = args['base-url'] ?? io.env['CSPM_BASE_URL'];
  if (baseUrl === undefined || baseUrl === '') throw new CspmError('usage', 'no service: give --base-url or set CSPM_BASE_URL', { data: { option: 'base-url' } });
  if (args.timeout !== undefined && !(args.timeout > 0)) throw new CspmError('usage', '--timeout must be more than 0', { data: { option: 'timeout' } });
  const secrets = await readServiceSecrets(args, args['app-id'], io);
  const client = createClient({ baseUrl, ...secrets, ...(args.timeout === undefined ? {} : { timeoutMs: args.timeout }) });
  const envelope = await client.getAuditSummary({ licenseId: args.license, accountId: args.account, jobId: args.job, benchmarkId: args.benchmark });
  await writeOutput(args.output, `${JSON.stringify(envelope, null, 2)}\n`, io);
  if (!args.check) return exitCodes.ok;
  const toStdout = !isStandardOutput(args.output);
  const analysis = await checkReports({ value: envelope, name: toStdout ? args.output : 'audit summary' }, checkOptionsOf(args));
  // The envelope owns standard output when it is written there; the findings go aside.
  const stream = toStdout ? io.stdout : io.stderr;
  stream.write(formatCheckText(analysis, { color: wantsColor(io, stream, undefined) }));
  return hasFailingFindings(analysis, args['fail-on']) ? exitCodes.findings : exitCodes.ok;
}

/** `cspm-report fetch`: download an audit summary from the service, save it, and check it. */
export const fetchCommand: CommandSpec<FetchArgs> = {
  command: 'fetch',
  describe: "download an audit summary from the service's API, save it and check it",
  builder,
  run,
};
