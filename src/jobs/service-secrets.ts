import type { ClientOptions } from '../client/create-client.js';
import { readSmallText } from '../load/read-small-text.js';

/**
 * The secrets a command that calls the service takes, each from an environment variable
 * or from a file named by a flag, never from a flag itself: a flag's value shows in the
 * shell's history and in the process list. The variable names are those of `serve`.
 */
export const secretSources = {
  licenseToken: { variable: 'CSPM_LICENSE_TOKEN', flag: 'license-token-file' },
  accountToken: { variable: 'CSPM_ACCOUNT_TOKEN', flag: 'account-token-file' },
  apiKey: { variable: 'CSPM_API_KEY', flag: 'api-key-file' },
  applicationSecret: { variable: 'CSPM_APP_SECRET', flag: 'app-secret-file' },
} as const;

/** The environment variable of the API application's id (not a secret, so a flag too). */
export const applicationIdVariable = 'CSPM_APP_ID';

/** The parsed `--…-file` flags. */
export type SecretFileArgs = Record<(typeof secretSources)[keyof typeof secretSources]['flag'], string | undefined>;

/** The credentials of a client from the file flags (first) and the environment `env`. */
export async function readServiceSecrets(
  args: SecretFileArgs,
  applicationId: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Pick<ClientOptions, 'licenseToken' | 'accountToken' | 'apiKey' | 'credentials'>> {
  const found: Partial<Record<keyof typeof secretSources, string>> = {};
  for (const [name, source] of Object.entries(secretSources) as [
    keyof typeof secretSources,
    (typeof secretSources)[keyof typeof secretSources],
  ][]) {
    const path = args[source.flag];
    const value = path === undefined ? env[source.variable] : readSecretFile(path, source.flag);
    if (value !== undefined && value !== '') found[name] = value;
  }
  const id = applicationId ?? env[applicationIdVariable];
  return {
    ...(found.licenseToken ? { licenseToken: found.licenseToken } : {}),
    ...(found.accountToken ? { accountToken: found.accountToken } : {}),
    ...(found.apiKey ? { apiKey: found.apiKey } : {}),
    ...(id && found.applicationSecret ? { credentials: { applicationId: id, secret: found.applicationSecret } } : {}),
  };
}

/** A secret is a token or a key: far below this. */
const maxSecretBytes = 64 * 1024;

/**
 * A secret file's text without the line end an editor adds. A regular file only: a
 * named pipe or a device fails at once, naming the file, where reading it could block
 * the run for ever (a pipe without a writer) or never end (/dev/zero); a secret that
 * lives elsewhere goes through the environment variable.
 *
 * @param option the flag that named the file (`api-key-file`), which messages put before it
 * @param limit  the most bytes read
 * @param what   what the file is, for the message of a file over the limit
 */
export function readSecretFile(path: string, option: string, limit = maxSecretBytes, what = 'a secret file'): string {
  return readSmallText(path, limit, `--${option} ${path}`, what).replace(/\r?\n$/, '');
}
