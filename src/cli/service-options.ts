import type { Argv } from 'yargs';
import { createClient, CspmError, type CspmClient } from '../index.js';
import {
  describeByteLimit,
  maxBodyRange,
  parseByteSize,
  terminalText,
  timeoutRange,
  withinRange,
} from '../internal.js';
import type { CliIo } from './cli-io.js';
import { applicationIdVariable, readServiceSecrets, secretSources, type SecretFileArgs } from './service-secrets.js';
import { oneValue } from './shared-options.js';

/** The named services of `--env`, each with the variable that holds its base URL. */
export const serviceEnvironments = {
  production: 'CSPM_BASE_URL_PRODUCTION',
  trial: 'CSPM_BASE_URL_TRIAL',
} as const;

/** A name of `--env`. */
export type ServiceEnvironment = keyof typeof serviceEnvironments;

/** The options of every command that calls the service. */
export interface ServiceArgs extends SecretFileArgs {
  'base-url': string | undefined;
  env: ServiceEnvironment | undefined;
  'app-id': string | undefined;
  timeout: number | undefined;
  'max-body': string | undefined;
  debug?: boolean;
}

/** Declares the service options once for `fetch` and `onboard`. */
export function withServiceOptions<T>(yargs: Argv<T>): Argv<T & ServiceArgs> {
  let options = yargs
    .option('base-url', {
      type: 'string',
      coerce: oneValue('base-url'),
      describe: "the service's base URL (https) [default: $CSPM_BASE_URL]",
    })
    .option('env', {
      choices: Object.keys(serviceEnvironments) as ServiceEnvironment[],
      coerce: oneValue('env'),
      describe: `take the base URL from ${Object.values(serviceEnvironments)
        .map((name) => `$${name}`)
        .join(' or ')}`,
    })
    .option('app-id', {
      type: 'string',
      coerce: oneValue('app-id'),
      describe: `API application id, to obtain tokens not given [default: $${applicationIdVariable}]`,
    })
    .option('timeout', {
      type: 'number',
      coerce: oneValue('timeout'),
      describe: `milliseconds allowed for each attempt, the whole answer included (${timeoutRange.min} to ${timeoutRange.max}) [default: ${timeoutRange.default}]`,
    })
    .option('max-body', {
      type: 'string',
      coerce: oneValue('max-body'),
      describe: `the most an answer may hold, received or inflated: bytes, or with KiB, MiB, GiB (${describeByteLimit(maxBodyRange.min)} to ${describeByteLimit(maxBodyRange.max)}) [default: ${describeByteLimit(maxBodyRange.default).replace(' ', '')}]`,
    });
  for (const source of Object.values(secretSources)) {
    options = options.option(source.flag, {
      type: 'string',
      coerce: oneValue(source.flag),
      describe: `read it from this file [default: $${source.variable}]`,
    });
  }
  return options as unknown as Argv<T & ServiceArgs>;
}

/**
 * The service's base URL: `--base-url`, else the variable of `--env`, else
 * `CSPM_BASE_URL`. The specification names no host, so none is built in.
 */
export function resolveBaseUrl(args: Pick<ServiceArgs, 'base-url' | 'env'>, env: CliIo['env']): string {
  if (args['base-url'] !== undefined && args.env !== undefined)
    throw new CspmError('usage', '--base-url and --env exclude each other', { data: { option: 'env' } });
  if (args['base-url'] !== undefined) return args['base-url'];
  if (args.env !== undefined) {
    const variable = serviceEnvironments[args.env];
    const value = env[variable];
    if (value === undefined || value === '')
      throw new CspmError('usage', `--env ${args.env} needs $${variable} set to the service's base URL`, {
        data: { option: 'env' },
      });
    return value;
  }
  const value = env['CSPM_BASE_URL'];
  if (value === undefined || value === '')
    throw new CspmError('usage', 'no service: give --base-url or --env, or set CSPM_BASE_URL', {
      data: { option: 'base-url' },
    });
  return value;
}

/**
 * A client of the service from the command's options: base URL, time limit, and the
 * secrets from their variables or files. With `--debug`, each request and response is
 * traced on standard error, every secret in its placeholder's place.
 */
export async function serviceClientOf(
  args: ServiceArgs,
  io: CliIo,
): Promise<{ client: CspmClient; secrets: Awaited<ReturnType<typeof readServiceSecrets>> }> {
  const baseUrl = resolveBaseUrl(args, io.env);
  const limits = transportLimitsOf(args);
  const secrets = await readServiceSecrets(args, args['app-id'], io);
  const client = createClient({
    baseUrl,
    ...secrets,
    ...limits,
    ...(args.debug === true ? { trace: (line: string) => io.stderr.write(`${terminalText(line)}\n`) } : {}),
  });
  return { client, secrets };
}

/** `--timeout` and `--max-body` as the client takes them, each refused outside its range with the range named. */
function transportLimitsOf(args: Pick<ServiceArgs, 'timeout' | 'max-body'>): {
  timeoutMs?: number;
  maxBodyBytes?: number;
} {
  if (args.timeout !== undefined && !withinRange(args.timeout, timeoutRange)) {
    throw new CspmError(
      'usage',
      `--timeout takes a whole number of milliseconds from ${timeoutRange.min} to ${timeoutRange.max} (one hour), not ${args.timeout}`,
      { data: { option: 'timeout', value: String(args.timeout) } },
    );
  }
  const maxBodyBytes = args['max-body'] === undefined ? undefined : parseByteSize(args['max-body'], 'max-body');
  if (maxBodyBytes !== undefined && !withinRange(maxBodyBytes, maxBodyRange)) {
    throw new CspmError(
      'usage',
      `--max-body takes a size from ${describeByteLimit(maxBodyRange.min)} to ${describeByteLimit(maxBodyRange.max)} (an answer is parsed as one string, which V8 holds up to about 512 MiB), not ${args['max-body']}`,
      { data: { option: 'max-body', value: args['max-body'] } },
    );
  }
  return {
    ...(args.timeout === undefined ? {} : { timeoutMs: args.timeout }),
    ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
  };
}
