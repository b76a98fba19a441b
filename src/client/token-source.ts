import { CspmError } from '../error/cspm-error.js';

/** The API application's id and secret, exchanged for tokens (service's public documentation). */
export interface ApplicationCredentials {
  applicationId: string;
  /** A secret: sent to the token endpoint only, never shown. */
  secret: string;
}

/**
 * Bearer tokens for a client: the one given, or else one obtained with `exchange` and
 * kept for the client's life, one per license (license tokens) or per license and
 * account (account tokens). A failed exchange is forgotten so that the next call tries again.
 */
export class TokenSource {
  readonly #cache = new Map<string, Promise<string>>();

  constructor(
    private readonly given: { licenseToken?: string; accountToken?: string },
    private readonly exchange: ((licenseId: string, accountId?: string) => Promise<string>) | undefined,
  ) {}

  /** The license token of `licenseId`. */
  async licenseToken(licenseId: string): Promise<string> {
    if (this.given.licenseToken) return this.given.licenseToken;
    return this.#obtain('license token', licenseId);
  }

  /** The account token of `accountId` under `licenseId`. */
  async accountToken(licenseId: string, accountId: string): Promise<string> {
    if (this.given.accountToken) return this.given.accountToken;
    return this.#obtain('account token', licenseId, accountId);
  }

  #obtain(what: string, licenseId: string, accountId?: string): Promise<string> {
    if (!this.exchange)
      throw new CspmError(
        'usage',
        `no ${what}: give it, or the API application's credentials and API key to obtain one`,
        { data: { option: what === 'license token' ? 'licenseToken' : 'accountToken' } },
      );
    const key = JSON.stringify([licenseId, accountId ?? null]);
    let token = this.#cache.get(key);
    if (!token) {
      token = this.exchange(licenseId, accountId);
      this.#cache.set(key, token);
      token.catch(() => this.#cache.delete(key));
    }
    return token;
  }
}
