import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * The credentials the emulator accepts for every license and account. Those not given
 * are made at random; `generated` names them so that a caller can show them.
 */
export interface EmulatorCredentials {
  /** Bearer token accepted as the license token of any license. */
  licenseToken: string;
  /** Bearer token accepted as the account token of any account. */
  accountToken: string;
  /** Value of `Ocp-Apim-Subscription-Key` accepted everywhere. */
  apiKey: string;
  /** APIApplicationId accepted by the token exchange. */
  applicationId: string;
  /** Secret accepted by the token exchange. */
  applicationSecret: string;
  /** The names of the credentials above that were made at random. */
  generated: (keyof Omit<EmulatorCredentials, 'generated'>)[];
}

/** The credentials given; each left out is made at random. */
export type CredentialOptions = Partial<Omit<EmulatorCredentials, 'generated'>>;

const makers = {
  licenseToken: () => randomBytes(24).toString('base64url'),
  accountToken: () => randomBytes(24).toString('base64url'),
  apiKey: () => randomBytes(16).toString('hex'),
  applicationId: () => randomUUID(),
  applicationSecret: () => randomBytes(24).toString('base64url'),
} satisfies Record<keyof CredentialOptions, () => string>;

/** The credentials of an emulator: those given (a blank one counts as not given), the rest random. */
export function makeCredentials(given: CredentialOptions = {}): EmulatorCredentials {
  const generated: EmulatorCredentials['generated'] = [];
  const pick = (name: keyof CredentialOptions): string => {
    const value = given[name];
    if (value !== undefined && value !== '') return value;
    generated.push(name);
    return makers[name]();
  };
  return {
    licenseToken: pick('licenseToken'),
    accountToken: pick('accountToken'),
    apiKey: pick('apiKey'),
    applicationId: pick('applicationId'),
    applicationSecret: pick('applicationSecret'),
    generated,
  };
}

/** Compares two secrets in constant time (digests first, so lengths leak nothing). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** A new random bearer token for the token exchange. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}
