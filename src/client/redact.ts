/** The placeholder written in place of each kind of secret the client holds. */
export const secretPlaceholders = {
  licenseToken: '<LICENSE_TOKEN>',
  accountToken: '<ACCOUNT_TOKEN>',
  apiKey: '<API_KEY>',
  applicationSecret: '<API_APPLICATION_SECRET>',
  clientSecret: '<AD_APPLICATION_CLIENT_SECRET>',
} as const;

/** A kind of secret: the name of its placeholder. */
export type SecretKind = keyof typeof secretPlaceholders;

/**
 * The secrets one client knows (given, or obtained from the service) and the function
 * that hides them. Tokens obtained later are added, so that an error raised after a
 * token exchange cannot carry the new token either.
 */
export class Redactor {
  readonly #secrets = new Map<string, string>();

  /** Adds `value` as a secret of `kind`; blank values are ignored (they would match everywhere). */
  add(kind: SecretKind, value: string | undefined): void {
    if (value === undefined || value === '') return;
    this.#secrets.set(value, secretPlaceholders[kind]);
    // A secret can also travel URL-encoded (a query or a path), so hide that spelling too.
    const encoded = encodeURIComponent(value);
    if (encoded !== value) this.#secrets.set(encoded, secretPlaceholders[kind]);
  }

  /** `text` with every known secret replaced by its placeholder. */
  redact(text: string): string {
    // Longest first, so that a secret containing another is replaced whole.
    const secrets = [...this.#secrets.keys()].sort((a, b) => b.length - a.length);
    let result = text;
    for (const secret of secrets) result = result.split(secret).join(this.#secrets.get(secret)!);
    return result;
  }
}
