import { pathIdProblem } from '../../client/path-segment.js';
import { CspmError } from '../../error/cspm-error.js';
import { allBenchmarks, type FetchTarget } from '../fetch-reports.js';
import { isStandardOutput } from '../outputs/standard-output.js';
import { secretSources, type SecretFileArgs } from '../service-secrets.js';
import { readAccountsFile } from './read-accounts-file.js';

const idOptions = ['license', 'account', 'job', 'benchmark'] as const;

/** What `fetch` is asked, by the long names of its options. */
export interface FetchRequest extends SecretFileArgs {
  license: string | undefined;
  account: string | undefined;
  job: string | undefined;
  benchmark: string | undefined;
  accounts: string | undefined;
  output: string | undefined;
  'out-dir': string | undefined;
  format: readonly string[] | undefined;
  concurrency: number;
  /** Exceptions files (`--exceptions`): read, so never written over. */
  exceptions: string[] | undefined;
}

/** What a fetch run does, once its request is found sound. */
export interface FetchPlan {
  /** The reports to fetch: the id options' one, or the accounts file's. */
  targets: FetchTarget[];
  /** Several reports (an accounts file, or every benchmark of an account): saved into `--out-dir`. */
  many: boolean;
  /** The files the run reads that it must never write over: the accounts file and the secret files. */
  readFiles: string[];
}

/**
 * The plan of a fetch run: its targets, and whether they are many. Options that do not
 * go together, a missing id and an id that is no path segment are refused before
 * anything is fetched.
 *
 * @throws CspmError (usage) naming the option
 */
export async function fetchPlanOf(request: FetchRequest): Promise<FetchPlan> {
  const targets = await targetsOf(request);
  const many = request.accounts !== undefined || targets.some((target) => target.benchmarkId === allBenchmarks);
  checkUsage(request, many);
  return { targets, many, readFiles: readFiles(request) };
}

/** The targets of the run: the id flags' one, or the accounts file's. */
async function targetsOf(args: FetchRequest): Promise<FetchTarget[]> {
  const given = idOptions.filter((option) => args[option] !== undefined);
  if (args.accounts !== undefined) {
    if (given.length > 0)
      throw new CspmError('usage', `--accounts and --${given[0]} exclude each other: the file names every report`, {
        data: { option: 'accounts' },
      });
    return readAccountsFile(args.accounts, { label: `--accounts ${args.accounts}` });
  }
  const missing = idOptions.filter((option) => args[option] === undefined || args[option] === '');
  if (missing.length > 0) {
    throw new CspmError(
      'usage',
      `missing ${missing.map((option) => `--${option}`).join(', ')}: give --license, --account, --job and --benchmark, or --accounts FILE`,
      { data: { option: missing[0] as string } },
    );
  }
  for (const option of idOptions) {
    const problem =
      option === 'benchmark' && args.benchmark === allBenchmarks ? undefined : pathIdProblem(args[option] as string);
    if (problem !== undefined)
      throw new CspmError('usage', `--${option} ${problem}; it goes into the request's URL path`, {
        data: { option, value: args[option] as string },
      });
  }
  return [
    {
      licenseId: args.license as string,
      accountId: args.account as string,
      jobId: args.job as string,
      benchmarkId: args.benchmark as string,
    },
  ];
}

/** Refuses flags that do not go together, before anything is fetched. */
function checkUsage(args: FetchRequest, many: boolean): void {
  if (args.output !== undefined && args['out-dir'] !== undefined)
    throw new CspmError('usage', '--output and --out-dir exclude each other', { data: { option: 'output' } });
  if (args['out-dir'] !== undefined && isStandardOutput(args['out-dir']))
    throw new CspmError('usage', '--out-dir takes a folder; for standard output use --output -', {
      data: { option: 'out-dir' },
    });
  if (many && args['out-dir'] === undefined) {
    throw new CspmError(
      'usage',
      `${args.accounts !== undefined ? '--accounts' : `--benchmark ${allBenchmarks}`} fetches several reports: give --out-dir DIR to save them in`,
      { data: { option: 'out-dir' } },
    );
  }
  if ((args.format?.length ?? 0) > 0 && args['out-dir'] === undefined && isStandardOutput(args.output ?? '-')) {
    throw new CspmError('usage', '--format renders files: give --output FILE (documents beside it) or --out-dir DIR', {
      data: { option: 'format' },
    });
  }
  if (!Number.isInteger(args.concurrency) || args.concurrency < 1 || args.concurrency > 64)
    throw new CspmError('usage', '--concurrency takes a whole number from 1 to 64', {
      data: { option: 'concurrency' },
    });
}

/** The files a run reads that it must never write over: the accounts file, the secrets and the exceptions files. */
function readFiles(args: FetchRequest): string[] {
  const secretFiles = Object.values(secretSources).map((source) => args[source.flag]);
  return [args.accounts, ...secretFiles, ...(args.exceptions ?? [])].filter(
    (file): file is string => file !== undefined,
  );
}
