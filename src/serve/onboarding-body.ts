import { createHash } from 'node:crypto';
import { accountKinds, type AccountKind } from './account-kinds.js';
import { refuseRequest } from './api-error.js';

/**
 * What the emulator keeps of an onboarding body: the fields in clear except the
 * directory application's client secret, of which only a SHA-256 digest is kept.
 */
export interface OnboardedFields {
  AccountName: string;
  /** AWS accounts only. */
  AWSAccountId: string | null;
  /** Azure accounts only. */
  SubscriptionId: string | null;
  /** Other fields of the body, secret excluded. */
  details: Record<string, string>;
  /** SHA-256 (hex) of ADApplicationClientSecret, for Azure and Office365 accounts. */
  secretSha256: string | null;
}

const secretField = 'ADApplicationClientSecret';

/**
 * Checks an onboarding body of `kind`: an object whose every field of section 2.1 is a
 * string. The 400 message names each missing or non-string field, never a value.
 */
export function readOnboardingBody(kind: AccountKind, body: unknown): OnboardedFields {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw refuseRequest(400, `the body must be a JSON object with ${accountKinds[kind].fields.join(', ')}`);
  }
  const record = body as Record<string, unknown>;
  const missing = accountKinds[kind].fields.filter((field) => !Object.hasOwn(record, field) || record[field] === null);
  const notStrings = accountKinds[kind].fields.filter(
    (field) => !missing.includes(field) && typeof record[field] !== 'string',
  );
  const problems = [
    ...(missing.length > 0 ? [`missing ${missing.join(', ')}`] : []),
    ...(notStrings.length > 0 ? [`not a string: ${notStrings.join(', ')}`] : []),
  ];
  if (problems.length > 0)
    throw refuseRequest(400, `invalid ${accountKinds[kind].connectorType} account: ${problems.join('; ')}`);
  const details: Record<string, string> = {};
  for (const field of accountKinds[kind].fields) if (field !== secretField) details[field] = record[field] as string;
  const secret = record[secretField];
  return {
    AccountName: record['AccountName'] as string,
    AWSAccountId: kind === 'aws' ? (record['AWSAccountId'] as string) : null,
    SubscriptionId: kind === 'azure' ? (record['SubscriptionId'] as string) : null,
    details,
    secretSha256: typeof secret === 'string' ? createHash('sha256').update(secret).digest('hex') : null,
  };
}
