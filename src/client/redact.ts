import { secretSpellings } from './secret-spellings.js';

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
 * The fields of a JSON body that hold a secret whatever its value, by name without
 * case: the onboarding body's client secret, the token exchange's secret and the token
 * it answers. They are replaced before the body is written out, so that a value the
 * client was never told (a token another program obtained) cannot show either.
 */
export const secretFields: Readonly<Record<string, string>> = {
  adapplicationclientsecret: secretPlaceholders.clientSecret,
  secret: secretPlaceholders.applicationSecret,
  token: '<TOKEN>',
  'ocp-apim-subscription-key': secretPlaceholders.apiKey,
};

/**
 * The shortest spelling of a secret replaced wherever it occurs. Real tokens and keys are
 * far longer; a shorter one (a demo token against the emulator) also occurs inside
 * ordinary words, and replacing it there would garble the trace without hiding anything.
 */
export const minFreeTextSecret = 8;

/** `secret` where no letter or digit touches it, every occurrence. */
function wordPattern(secret: string): RegExp {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu');
}

/**
 * The secrets one client knows (given, or obtained from the service) and the function
 * that hides them. Tokens obtained later are added, so that an error raised after a
 * token exchange cannot carry the new token either.
 */
export class Redactor {
  readonly #secrets = new Map<string, string>();
  #ordered: string[] | undefined;

  /**
   * Adds `value` as a secret of `kind`, in every spelling it can travel in; blank values are ignored (they would match
   * everywhere).
   */
  add(kind: SecretKind, value: string | undefined): void {
    if (value === undefined || value === '') return;
    for (const spelling of secretSpellings(value)) this.#secrets.set(spelling, secretPlaceholders[kind]);
    this.#ordered = undefined;
  }

  /**
   * `text` with every known secret, in each of its spellings, replaced by its
   * placeholder. A spelling shorter than {@link minFreeTextSecret} is replaced only where
   * it stands as a word of its own (no letter or digit touching it): the emulator's demo
   * token `at` is hidden in `token at is invalid`, not in `application/json`.
   */
  redact(text: string): string {
    // Longest first, so that a secret containing another is replaced whole.
    this.#ordered ??= [...this.#secrets.keys()].sort((a, b) => b.length - a.length);
    let result = text;
    for (const secret of this.#ordered) {
      if (!result.includes(secret)) continue;
      const placeholder = this.#secrets.get(secret)!;
      result =
        secret.length >= minFreeTextSecret
          ? result.split(secret).join(placeholder)
          : result.replace(wordPattern(secret), placeholder);
    }
    return result;
  }

  /**
   * A JSON body with its secret fields replaced by their placeholders before it is
   * serialised again, then redacted as text: the fields are hidden even when their value
   * is no secret the client knows. A body that is not JSON is redacted as text only.
   */
  redactBody(body: string): string {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return this.redact(body);
    }
    return this.redact(JSON.stringify(this.#withoutSecretFields(value)));
  }

  /**
   * `value` with each secret field's value replaced: by its own placeholder when it is a known secret, else by the
   * field's.
   */
  #withoutSecretFields(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.#withoutSecretFields(item));
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => {
        const placeholder = secretFields[key.toLowerCase()];
        if (placeholder === undefined) return [key, this.#withoutSecretFields(item)];
        return [key, (typeof item === 'string' ? this.#secrets.get(item) : undefined) ?? placeholder];
      }),
    );
  }
}
