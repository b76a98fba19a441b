import { CspmError } from '../error/cspm-error.js';
import { isLoopback } from './base-url.js';
import { minFreeTextSecret } from './redact.js';

/** The secrets a client is given, by the words a message names them with. */
export interface GivenSecrets {
  'license token'?: string | undefined;
  'account token'?: string | undefined;
  'API key'?: string | undefined;
  'API application secret'?: string | undefined;
}

/**
 * Refuses a secret shorter than {@link minFreeTextSecret} characters unless the service
 * is on this machine. The service's tokens and keys are far longer, so a short value is
 * a mistake (a variable set to a placeholder) or a demo; and a short secret cannot be
 * hidden in free text without garbling it, so the redactor hides it only where it stands
 * alone. Against the emulator on a loopback host that is harmless: nothing crosses a
 * network, and its demo tokens are meant to be typed.
 */
export function assertSecretsLongEnough(base: URL, given: GivenSecrets): void {
  if (isLoopback(base)) return;
  for (const [what, value] of Object.entries(given) as [string, string | undefined][]) {
    if (value === undefined || value === '' || value.length >= minFreeTextSecret) continue;
    throw new CspmError(
      'usage',
      `the ${what} is ${value.length} character${value.length === 1 ? '' : 's'} long: the service's tokens and keys are longer, and a value under ${minFreeTextSecret} characters is taken only by a service on this machine (127.0.0.1, ::1 or localhost, as cspm-report serve)`,
      { data: { option: what } },
    );
  }
}
