import { onboardingKinds, type OnboardingKind } from '../client/onboarding-body.js';
import { CspmError } from '../error/cspm-error.js';
import { type DuplicateKey, findDuplicateKeys } from '../load/find-duplicate-keys.js';
import { readSecretFile } from './service-secrets.js';

/** The directory application's client secret: never a flag's value, as with the service's secrets. */
export const clientSecretSource = { variable: 'CSPM_AD_CLIENT_SECRET', flag: 'ad-client-secret-file' } as const;

const secretField = 'ADApplicationClientSecret';

/** The flag of each body field that is not a secret: the kebab-case of the specification's name. */
export const fieldFlags = {
  AccountName: 'account-name',
  AWSAccountId: 'aws-account-id',
  AWSRoleName: 'aws-role-name',
  DomainName: 'domain-name',
  TenantId: 'tenant-id',
  ADApplicationClientId: 'ad-application-client-id',
  SubscriptionId: 'subscription-id',
} as const;

type FieldName = keyof typeof fieldFlags;

/** The parsed field flags, `--body` and the secret's file flag. */
export type OnboardingFlagArgs = Record<
  (typeof fieldFlags)[FieldName] | typeof clientSecretSource.flag | 'body',
  string | undefined
>;

const fieldsOf = (kind: OnboardingKind): readonly string[] => onboardingKinds[kind].fields;

/** Where a field comes from, for messages: its flag, or the secret's variable and file flag. */
function sourceOf(field: string): string {
  if (field === secretField) return `$${clientSecretSource.variable} or --${clientSecretSource.flag}`;
  return `--${fieldFlags[field as FieldName]}`;
}

/**
 * The onboarding body of `kind`: the `--body` file's fields, overridden by the field
 * flags and the client secret (from its file, else from the environment `env`). A flag
 * of another kind, a field of another kind in the file and a missing field are errors
 * before anything is sent; none names a value.
 */
export async function readOnboardingBody(
  kind: OnboardingKind,
  args: OnboardingFlagArgs,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Record<string, string>> {
  const fields = fieldsOf(kind);
  const foreign = (Object.entries(fieldFlags) as [FieldName, string][]).filter(
    ([field, flag]) => args[flag as keyof OnboardingFlagArgs] !== undefined && !fields.includes(field),
  );
  if (!fields.includes(secretField) && args[clientSecretSource.flag] !== undefined)
    foreign.push([secretField as FieldName, clientSecretSource.flag]);
  if (foreign.length > 0) {
    const flags = foreign.map(([, flag]) => `--${flag}`).join(', ');
    throw new CspmError(
      'usage',
      `${flags} ${foreign.length === 1 ? 'is' : 'are'} not for ${kind} accounts, whose fields are ${fields.map(sourceOf).join(', ')}`,
      { data: { option: foreign[0]![1] } },
    );
  }
  const body = args.body === undefined ? {} : await readBodyFile(args.body, fields);
  for (const field of fields) {
    const value = field === secretField ? await readClientSecret(args, env) : args[fieldFlags[field as FieldName]];
    if (value !== undefined && value !== '') body[field] = value;
  }
  const missing = fields.filter((field) => body[field] === undefined);
  if (missing.length > 0) {
    throw new CspmError(
      'request-invalid',
      `${kind} account body: missing ${missing.map((field) => `${field} (${sourceOf(field)})`).join(', ')}`,
      { data: { missing, notStrings: [] } },
    );
  }
  return body;
}

async function readClientSecret(
  args: OnboardingFlagArgs,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string | undefined> {
  const path = args[clientSecretSource.flag];
  return path === undefined ? env[clientSecretSource.variable] : readSecretFile(path, clientSecretSource.flag);
}

/** A body has a handful of short fields. */
const maxBodyBytes = 1024 * 1024;

/**
 * A `--body` file: a JSON object of string fields of the kind. Its text never shows in a message: it may hold the
 * secret.
 */
async function readBodyFile(path: string, fields: readonly string[]): Promise<Record<string, string>> {
  const text = readSecretFile(path, 'body', maxBodyBytes, 'a body file');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CspmError('usage', `--body ${path} is not valid JSON`, { data: { option: 'body' } });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new CspmError('usage', `--body ${path} is not a JSON object`, { data: { option: 'body' } });
  // JSON.parse would keep the last of two values: say which key, never which values.
  const [repeated] = findDuplicateKeys(text, 1).duplicates;
  if (repeated) {
    throw new CspmError(
      'usage',
      `--body ${path}: key ${JSON.stringify(repeated.key)} appears twice (${bothPlaces(repeated)}); give each field once`,
      { data: { option: 'body' } },
    );
  }
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter((field) => !fields.includes(field));
  if (unknown.length > 0)
    throw new CspmError(
      'usage',
      `--body ${path}: ${unknown.map((field) => JSON.stringify(field)).join(', ')} not in this kind's body (${fields.join(', ')})`,
      { data: { option: 'body' } },
    );
  const notStrings = Object.keys(record).filter((field) => typeof record[field] !== 'string');
  if (notStrings.length > 0)
    throw new CspmError('request-invalid', `--body ${path}: not a string: ${notStrings.join(', ')}`, {
      data: { missing: [], notStrings },
    });
  return { ...(record as Record<string, string>) };
}

function bothPlaces({ first, repeat }: DuplicateKey): string {
  return first.line === repeat.line
    ? `line ${first.line}, columns ${first.column} and ${repeat.column}`
    : `lines ${first.line} and ${repeat.line}`;
}
