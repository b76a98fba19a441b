import type { Argv } from 'yargs';
import { CspmError, type DocumentFormat } from '../../index.js';
import { documentFormats, formatCheckText, terminalText } from '../../internal.js';
import { checkOptionsOf, withFailOnOptions, type FailOnArgs } from '../analysis-options.js';
import { exitCodes, wantsColor, type CliIo } from '../cli-io.js';
import { readAccountsFile } from '../fetch/accounts-file.js';
import { fetchMany } from '../fetch/fetch-many.js';
import { fetchReport } from '../fetch/fetch-report.js';
import { allBenchmarks, type FetchTarget } from '../fetch/fetch-target.js';
import { placeReport, plannedFiles } from '../fetch/place-reports.js';
import { assertSafeOutputs } from '../output-guard.js';
import { serviceClientOf, withServiceOptions, type ServiceArgs } from '../service-options.js';
import { secretSources } from '../service-secrets.js';
import { oneValue } from '../shared-options.js';
import { isStandardOutput } from '../write-output.js';
import type { CommandSpec } from './command-spec.js';

/** The arguments of `fetch`. */
export interface FetchArgs extends FailOnArgs, ServiceArgs {
  license: string | undefined;
  account: string | undefined;
  job: string | undefined;
  benchmark: string | undefined;
  accounts: string | undefined;
  output: string | undefined;
  'out-dir': string | undefined;
  format: DocumentFormat[] | undefined;
  concurrency: number;
  check: boolean;
}

const idOptions = ['license', 'account', 'job', 'benchmark'] as const;

function builder(yargs: Argv): Argv<FetchArgs> {
  const options = yargs
    .option('license', { type: 'string', coerce: oneValue('license'), describe: 'license id' })
    .option('account', { type: 'string', coerce: oneValue('account'), describe: 'account id' })
    .option('job', { type: 'string', coerce: oneValue('job'), describe: 'scan job id' })
    .option('benchmark', { type: 'string', coerce: oneValue('benchmark'), describe: `benchmark id, or ${allBenchmarks} for every benchmark of the account (needs --out-dir)` })
    .option('accounts', { type: 'string', coerce: oneValue('accounts'), describe: 'CSV (header license,account,job,benchmark) or JSON lines of many reports to fetch (needs --out-dir)' })
    .option('output', { alias: 'o', type: 'string', coerce: oneValue('output'), describe: 'save the envelope to this file (atomically); - is standard output [default: -]' })
    .option('out-dir', { type: 'string', coerce: oneValue('out-dir'), describe: 'save each report (and its documents) in this folder as <account>_<benchmark>_<job>.json' })
    .option('format', { alias: 'f', choices: documentFormats, array: true, describe: 'also render each report: html, pdf, xlsx (repeatable)' })
    .option('concurrency', { type: 'number', default: 4, coerce: oneValue('concurrency'), describe: 'reports fetched at once with --accounts or --benchmark all' })
    .option('check', { type: 'boolean', default: true, describe: 'check each report and exit as check does (--no-check: save only)' });
  return withFailOnOptions(withServiceOptions(options))
    .example('$0 fetch --license L --account A --job J --benchmark CSBP -o report.json', 'save and check an audit summary')
    .example('$0 fetch --license L --account A --job J --benchmark CSBP -o report.json -f xlsx -f pdf', 'save it, and render a workbook and a PDF beside it')
    .example('$0 fetch --license L --account A --job J --benchmark all --out-dir reports', 'every benchmark of the account')
    .example('$0 fetch --accounts fleet.csv --out-dir reports --concurrency 8 --env production', 'many accounts, from $CSPM_BASE_URL_PRODUCTION')
    .example('CSPM_BASE_URL=http://127.0.0.1:8080 $0 fetch … --no-check --debug', 'fetch from a local emulator, save only, show the requests') as unknown as Argv<FetchArgs>;
}

/** The targets of the run: the id flags' one, or the accounts file's. */
async function targetsOf(args: FetchArgs): Promise<FetchTarget[]> {
  const given = idOptions.filter((option) => args[option] !== undefined);
  if (args.accounts !== undefined) {
    if (given.length > 0) throw new CspmError('usage', `--accounts and --${given[0]} exclude each other: the file names every report`, { data: { option: 'accounts' } });
    return readAccountsFile(args.accounts);
  }
  const missing = idOptions.filter((option) => args[option] === undefined || args[option] === '');
  if (missing.length > 0) {
    throw new CspmError('usage', `missing ${missing.map((option) => `--${option}`).join(', ')}: give --license, --account, --job and --benchmark, or --accounts FILE`, { data: { option: missing[0] as string } });
  }
  return [{ licenseId: args.license as string, accountId: args.account as string, jobId: args.job as string, benchmarkId: args.benchmark as string }];
}

function checkUsage(args: FetchArgs, many: boolean): void {
  if (args.output !== undefined && args['out-dir'] !== undefined) throw new CspmError('usage', '--output and --out-dir exclude each other', { data: { option: 'output' } });
  if (args['out-dir'] !== undefined && isStandardOutput(args['out-dir'])) throw new CspmError('usage', '--out-dir takes a folder; for standard output use --output -', { data: { option: 'out-dir' } });
  if (many && args['out-dir'] === undefined) {
    throw new CspmError('usage', `${args.accounts !== undefined ? '--accounts' : `--benchmark ${allBenchmarks}`} fetches several reports: give --out-dir DIR to save them in`, { data: { option: 'out-dir' } });
  }
  if ((args.format?.length ?? 0) > 0 && args['out-dir'] === undefined && isStandardOutput(args.output ?? '-')) {
    throw new CspmError('usage', '--format renders files: give --output FILE (documents beside it) or --out-dir DIR', { data: { option: 'format' } });
  }
  if (!Number.isInteger(args.concurrency) || args.concurrency < 1 || args.concurrency > 64) throw new CspmError('usage', '--concurrency takes a whole number from 1 to 64', { data: { option: 'concurrency' } });
}

/** The files a run reads that it must never write over: the accounts file and the secret files. */
function readFiles(args: FetchArgs): string[] {
  const secretFiles = Object.values(secretSources).map((source) => args[source.flag]);
  return [args.accounts, ...secretFiles].filter((file): file is string => file !== undefined);
}

async function run(args: FetchArgs, io: CliIo): Promise<number> {
  const targets = await targetsOf(args);
  const many = args.accounts !== undefined || targets.some((target) => target.benchmarkId === allBenchmarks);
  checkUsage(args, many);
  const { client } = await serviceClientOf(args, io);
  const place = { output: args.output, outDir: args['out-dir'], formats: [...new Set(args.format ?? [])] };
  const options = { client, check: args.check, failOn: args['fail-on'], checkOptions: checkOptionsOf(args), io };
  if (many) return fetchMany(targets, { ...options, place, concurrency: args.concurrency, readFiles: readFiles(args) });

  const placed = placeReport(targets[0] as FetchTarget, place);
  assertSafeOutputs(plannedFiles([placed]), readFiles(args));
  const fetched = await fetchReport(placed, options);
  // The envelope owns standard output when it is written there; the findings go aside.
  const stream = isStandardOutput(placed.envelope) ? io.stderr : io.stdout;
  if (fetched.analysis && args.check) stream.write(formatCheckText(fetched.analysis, { color: wantsColor(io, stream, undefined) }));
  for (const { path } of placed.documents) if (fetched.unrendered === undefined) stream.write(`wrote ${terminalText(path)}\n`);
  if (fetched.unrendered !== undefined) io.stderr.write(`cspm-report: ${terminalText(placed.name)}: ${terminalText(fetched.unrendered)}\n`);
  return fetched.failing || fetched.unrendered !== undefined ? exitCodes.findings : exitCodes.ok;
}

/** `cspm-report fetch`: download audit summaries from the service, save, check and render them. */
export const fetchCommand: CommandSpec<FetchArgs> = {
  command: 'fetch',
  describe: "download audit summaries from the service's API, save and check them, and render them if asked",
  builder,
  run,
};
