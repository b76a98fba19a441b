import type { Argv } from 'yargs';
import {
  CspmError,
  type CspmClient,
  type OnboardedAccount,
  type OnboardingBodies,
  type OnboardingKind,
  waitForScanJob,
} from '../../index.js';
import {
  applicationIdVariable,
  clientSecretSource,
  fieldFlags,
  onboardingKinds,
  readOnboardingBody,
  secretSources,
  terminalText,
  type OnboardingFlagArgs,
} from '../../internal.js';
import { exitCodes, type CliIo } from '../cli-io.js';
import { serviceClientOf, withServiceOptions, type ServiceArgs } from '../service-options.js';
import { oneValue, type QuietArgs } from '../shared-options.js';
import type { CommandSpec } from './command-spec.js';

const kinds = Object.keys(onboardingKinds) as OnboardingKind[];

/** The arguments of `onboard`. */
export interface OnboardArgs extends ServiceArgs, OnboardingFlagArgs, QuietArgs {
  kind: OnboardingKind;
  license: string;
  format: 'text' | 'json';
  wait: boolean;
  'poll-seconds': number;
  'wait-timeout': number;
}

function builder(yargs: Argv): Argv<OnboardArgs> {
  let options = yargs
    .positional('kind', { choices: kinds, demandOption: true, describe: 'kind of account' })
    .option('license', { type: 'string', demandOption: true, coerce: oneValue('license'), describe: 'license id' })
    .option('body', {
      type: 'string',
      coerce: oneValue('body'),
      describe: 'JSON file of body fields (section 2.1 names); flags override them',
    });
  for (const [field, flag] of Object.entries(fieldFlags)) {
    options = options.option(flag, { type: 'string', coerce: oneValue(flag), describe: `${field} of the body` });
  }
  options = options
    .option(clientSecretSource.flag, {
      type: 'string',
      coerce: oneValue(clientSecretSource.flag),
      describe: `read ADApplicationClientSecret (azure, office365) from this file [default: $${clientSecretSource.variable}]`,
    })
    .option('format', {
      choices: ['text', 'json'] as const,
      default: 'text' as const,
      coerce: oneValue('format'),
      describe: 'print the ids as lines or as a JSON object',
    })
    .option('wait', {
      type: 'boolean',
      default: false,
      describe: 'follow the scan job until it ends: exit 0 on Success, 1 on Failed',
    })
    .option('poll-seconds', {
      type: 'number',
      default: 5,
      coerce: oneValue('poll-seconds'),
      describe: 'seconds between two status requests of --wait',
    })
    .option('wait-timeout', {
      type: 'number',
      default: 600,
      coerce: oneValue('wait-timeout'),
      describe: 'seconds --wait waits before giving up (exit 2)',
    });
  return withServiceOptions(options)
    .example(
      '$0 onboard aws --license L --account-name Prod --aws-account-id 123456789012 --aws-role-name Audit',
      'onboard an AWS account',
    )
    .example(
      '$0 onboard azure --license L --body azure.json --account-name Payments --wait',
      'onboard an Azure account and wait for its first scan',
    )
    .example(
      '$0 onboard office365 --license L --body o365.json --env trial --debug',
      'onboard on the service named by $CSPM_BASE_URL_TRIAL, showing each request',
    ) as unknown as Argv<OnboardArgs>;
}

function positive(value: number, option: string, orZero = false): void {
  if (!(value > 0 || (orZero && value === 0)))
    throw new CspmError('usage', `--${option} must be ${orZero ? '0 or more' : 'more than 0'}`, { data: { option } });
}

async function run(args: OnboardArgs, io: CliIo): Promise<number> {
  positive(args['poll-seconds'], 'poll-seconds');
  positive(args['wait-timeout'], 'wait-timeout', true);
  const body = await readOnboardingBody(args.kind, args, io.env);
  const { client, secrets } = await serviceClientOf(args, io);
  if (args.wait && !secrets.accountToken && !secrets.credentials) {
    throw new CspmError(
      'usage',
      `--wait needs the account token ($${secretSources.accountToken.variable} or --${secretSources.accountToken.flag}) or the API application's credentials ($${applicationIdVariable} and $${secretSources.applicationSecret.variable})`,
      { data: { option: 'wait' } },
    );
  }
  // The body holds every field of its kind: readOnboardingBody checked it, and the client checks again.
  const account = await client.onboardAccount(
    args.kind,
    args.license,
    body as unknown as OnboardingBodies[typeof args.kind],
  );
  io.stdout.write(
    args.format === 'json'
      ? `${JSON.stringify(account)}\n`
      : `accountId ${terminalText(account.accountId)}\njobId ${terminalText(account.jobId)}\n`,
  );
  return args.wait ? waitForJob(client, args, account, io) : exitCodes.ok;
}

/** Follows the scan job with the job's wait; its status on a terminal only, and not with --quiet. */
async function waitForJob(
  client: CspmClient,
  args: OnboardArgs,
  account: OnboardedAccount,
  io: CliIo,
): Promise<number> {
  const job = terminalText(account.jobId);
  const ids = { licenseId: args.license, accountId: account.accountId, jobId: account.jobId };
  const onStatus = (status: string): void => {
    if (io.stderr.isTTY === true && args.quiet !== true) io.stderr.write(`scan job ${job}: ${terminalText(status)}\n`);
  };
  const { status, outcome } = await waitForScanJob(client, ids, {
    pollSeconds: args['poll-seconds'],
    timeoutSeconds: args['wait-timeout'],
    onStatus,
  });
  if (outcome === 'succeeded') return exitCodes.ok;
  if (outcome === 'failed') {
    io.stderr.write(`cspm-report: scan job ${job} failed\n`);
    return exitCodes.findings;
  }
  io.stderr.write(
    `cspm-report: scan job ${job} is still ${terminalText(status)} after ${args['wait-timeout']} s (--wait-timeout)\n`,
  );
  return exitCodes.usage;
}

/** `cspm-report onboard aws|azure|office365`: onboard an account and print its id and scan job's id. */
export const onboardCommand: CommandSpec<OnboardArgs> = {
  command: 'onboard <kind>',
  describe: "onboard an AWS, Azure or Office365 account with the service's API; print its id and its scan job's id",
  builder,
  run,
};
