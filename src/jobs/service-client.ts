import { describeByteLimit, parseByteSize } from '../client/byte-size.js';
import { createClient, type CspmClient } from '../client/create-client.js';
import { maxBodyRange, timeoutRange, withinRange } from '../client/transport-limits.js';
import { CspmError } from '../error/cspm-error.js';
import { readServiceSecrets, type SecretFileArgs } from './service-secrets.js';

/** The named services of `--env`, each with the variable that holds its base URL. */
export const serviceEnvironments = {
  production: 'CSPM_BASE_URL_PRODUCTION',
  trial: 'CSPM_BASE_URL_TRIAL',
} as const;

/** A name of `--env`. */
export type ServiceEnvironment = keyof typeof serviceEnvironments;

/** How a command reaches the service, by the long names of its options. */
export interface ServiceSettings extends SecretFileArgs {
  'base-url': string | undefined;
  env: ServiceEnvironment | undefined;
  'app-id': string | undefined;
  timeout: number | undefined;
  'max-body': string | undefined;
}

/** The environment a command runs in: where the base URL and the secrets come from when no option names them. */
type Environment = Readonly<Record<string, string | undefined>>;

/**
 * The service's base URL: `--base-url`, else the variable of `--env`, else
 * `CSPM_BASE_URL`. The specification names no host, so none is built in.
 */
function resolveBaseUrl(settings: Pick<ServiceSettings, 'base-url' | 'env'>, env: Environment): string {
  if (settings['base-url'] !== undefined && settings.env !== undefined)
    throw new CspmError('usage', '--base-url and --env exclude each other', { data: { option: 'env' } });
  if (settings['base-url'] !== undefined) return settings['base-url'];
  if (settings.env !== undefined) {
    const variable = serviceEnvironments[settings.env];
    const value = env[variable];
    if (value === undefined || value === '')
      throw new CspmError('usage', `--env ${settings.env} needs $${variable} set to the service's base URL`, {
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
 * A client of the service from a command's settings: base URL, time limit, and the
 * secrets from their variables or files. `trace`, when given, takes each request and
 * response, every secret in its placeholder's place.
 */
export async function serviceClientOf(
  settings: ServiceSettings,
  env: Environment,
  trace?: (line: string) => void,
): Promise<{ client: CspmClient; secrets: Awaited<ReturnType<typeof readServiceSecrets>> }> {
  const baseUrl = resolveBaseUrl(settings, env);
  const limits = transportLimitsOf(settings);
  const secrets = await readServiceSecrets(settings, settings['app-id'], env);
  const client = createClient({ baseUrl, ...secrets, ...limits, ...(trace === undefined ? {} : { trace }) });
  return { client, secrets };
}

/** `--timeout` and `--max-body` as the client takes them, each refused outside its range with the range named. */
function transportLimitsOf(settings: Pick<ServiceSettings, 'timeout' | 'max-body'>): {
  timeoutMs?: number;
  maxBodyBytes?: number;
} {
  if (settings.timeout !== undefined && !withinRange(settings.timeout, timeoutRange)) {
    throw new CspmError(
      'usage',
      `--timeout takes a whole number of milliseconds from ${timeoutRange.min} to ${timeoutRange.max} (one hour), not ${settings.timeout}`,
      { data: { option: 'timeout', value: String(settings.timeout) } },
    );
  }
  const maxBody = settings['max-body'];
  const maxBodyBytes = maxBody === undefined ? undefined : parseByteSize(maxBody, 'max-body');
  if (maxBodyBytes !== undefined && !withinRange(maxBodyBytes, maxBodyRange)) {
    throw new CspmError(
      'usage',
      `--max-body takes a size from ${describeByteLimit(maxBodyRange.min)} to ${describeByteLimit(maxBodyRange.max)} (an answer is parsed as one string, which V8 holds up to about 512 MiB), not ${maxBody}`,
      { data: { option: 'max-body', value: maxBody } },
    );
  }
  return {
    ...(settings.timeout === undefined ? {} : { timeoutMs: settings.timeout }),
    ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
  };
}
