import type { Argv } from 'yargs';
import { renderWarningPrinter } from '../render-options.js';
import { allBenchmarks, type DocumentFormat } from '../../index.js';
import { fetchAsked, formatsFor, terminalText, type FetchRequest } from '../../internal.js';
import { exceptionsOptionsOf, withExceptionsOptions, type ExceptionsArgs } from '../exceptions-options.js';
import { checkOptionsOf, withFailOnOptions, type FailOnArgs } from '../analysis-options.js';
import { wantsColor, type CliIo } from '../cli-io.js';
import { fetchManyListeners, fetchManySummary } from '../fetch/fetch-many.js';
import { refuseLinksOfAll } from '../output-links.js';
import { serviceClientOf, withServiceOptions, type ServiceArgs } from '../service-options.js';
import { oneValue, type QuietArgs } from '../shared-options.js';
import { writeOutput } from '../write-output.js';
import type { CommandSpec } from './command-spec.js';
import { statusWriter } from '../status-line.js';

/** The arguments of `fetch`. */
export interface FetchArgs extends FailOnArgs, ServiceArgs, QuietArgs, FetchRequest, ExceptionsArgs {
  format: DocumentFormat[] | undefined;
  check: boolean;
}

function builder(yargs: Argv): Argv<FetchArgs> {
  const options = yargs
    .option('license', { type: 'string', coerce: oneValue('license'), describe: 'license id' })
    .option('account', { type: 'string', coerce: oneValue('account'), describe: 'account id' })
    .option('job', { type: 'string', coerce: oneValue('job'), describe: 'scan job id' })
    .option('benchmark', {
      type: 'string',
      coerce: oneValue('benchmark'),
      describe: `benchmark id, or ${allBenchmarks} for every benchmark of the account (needs --out-dir)`,
    })
    .option('accounts', {
      type: 'string',
      coerce: oneValue('accounts'),
      describe: 'CSV (header license,account,job,benchmark) or JSON lines of many reports to fetch (needs --out-dir)',
    })
    .option('output', {
      alias: 'o',
      type: 'string',
      coerce: oneValue('output'),
      describe: 'save the envelope to this file (atomically); - is standard output [default: -]',
    })
    .option('out-dir', {
      type: 'string',
      coerce: oneValue('out-dir'),
      describe: 'save each report (and its documents) in this folder as <account>_<benchmark>_<job>.json',
    })
    .option('format', {
      alias: 'f',
      choices: formatsFor('fetch'),
      array: true,
      describe: `also render each report: ${formatsFor('fetch').join(', ')} (repeatable)`,
    })
    .option('concurrency', {
      type: 'number',
      default: 4,
      coerce: oneValue('concurrency'),
      describe: 'reports fetched at once with --accounts or --benchmark all',
    })
    .option('check', {
      type: 'boolean',
      default: true,
      describe: 'check each report and exit as check does (--no-check: save only)',
    });
  return withExceptionsOptions(
    withFailOnOptions(withServiceOptions(options)),
    "the documents show them, the check's verdict stays about the data",
  )
    .example(
      '$0 fetch --license L --account A --job J --benchmark CSBP -o report.json',
      'save and check an audit summary',
    )
    .example(
      '$0 fetch --license L --account A --job J --benchmark CSBP -o report.json -f xlsx -f pdf',
      'save it, and render a workbook and a PDF beside it',
    )
    .example(
      '$0 fetch --license L --account A --job J --benchmark CSBP -o report.json -f pdf --exceptions risks.yaml',
      'the PDF with its Accepted risks section',
    )
    .example(
      '$0 fetch --license L --account A --job J --benchmark all --out-dir reports',
      'every benchmark of the account',
    )
    .example(
      '$0 fetch --accounts fleet.csv --out-dir reports --concurrency 8 --env production',
      'many accounts, from $CSPM_BASE_URL_PRODUCTION',
    )
    .example(
      'CSPM_BASE_URL=http://127.0.0.1:8080 $0 fetch … --no-check --debug',
      'fetch from a local emulator, save only, show the requests',
    ) as unknown as Argv<FetchArgs>;
}

async function run(args: FetchArgs, io: CliIo): Promise<number> {
  const asked = await fetchAsked(args, async () => ({
    client: (await serviceClientOf(args, io)).client,
    ...checkOptionsOf(args, io),
    ...exceptionsOptionsOf(args),
    check: args.check,
    failOn: args['fail-on'],
    write: (path, body, root) => writeOutput(path, body, io, root),
    beforeFetch: refuseLinksOfAll,
    onWarning: renderWarningPrinter(io),
    ...fetchManyListeners(io, args.check),
  }));
  if (asked.many) return fetchManySummary(asked.result, { place: asked.place, failOn: args['fail-on'], io });
  const { fetched, saved, findings } = asked;
  const { placed } = saved;
  if (findings !== undefined) {
    // The envelope owns standard output when it is written there; the findings go aside.
    const stream = findings.onStandardError ? io.stderr : io.stdout;
    stream.write(findings.text(wantsColor(io, stream, undefined)));
  }
  const status = statusWriter(io, args.quiet);
  for (const { path } of placed.documents) if (saved.unrendered === undefined) status(`wrote ${terminalText(path)}`);
  if (saved.unrendered !== undefined)
    io.stderr.write(`cspm-report: ${terminalText(placed.name)}: ${terminalText(saved.unrendered)}\n`);
  for (const note of asked.notes) io.stderr.write(`cspm-report: warning: ${terminalText(note)}\n`);
  return fetched.verdict.exitCode;
}

/** `cspm-report fetch`: download audit summaries from the service, save, check and render them. */
export const fetchCommand: CommandSpec<FetchArgs> = {
  command: 'fetch',
  describe: "download audit summaries from the service's API, save and check them, and render them if asked",
  builder,
  run,
};
