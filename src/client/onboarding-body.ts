import { CspmError } from '../error/cspm-error.js';

/**
 * The three kinds of account (section 2.1 of the specification) with the last segment
 * of their onboarding path and the string fields of their body.
 */
export const onboardingKinds = {
  aws: { path: 'aws', fields: ['AccountName', 'AWSAccountId', 'AWSRoleName'] },
  azure: {
    path: 'azure',
    fields: [
      'AccountName',
      'DomainName',
      'TenantId',
      'ADApplicationClientId',
      'ADApplicationClientSecret',
      'SubscriptionId',
    ],
  },
  office365: {
    path: 'office',
    fields: ['AccountName', 'DomainName', 'TenantId', 'ADApplicationClientId', 'ADApplicationClientSecret'],
  },
} as const satisfies Record<string, { path: string; fields: readonly string[] }>;

/**
 * A kind of account the service onboards.
 *
 * @useDeclaredType
 */
export type OnboardingKind = keyof typeof onboardingKinds;

/** The onboarding body of an AWS account. */
export interface AwsAccountBody {
  AccountName: string;
  AWSAccountId: string;
  AWSRoleName: string;
}

/** The onboarding body of an Office365 account. */
export interface Office365AccountBody {
  AccountName: string;
  DomainName: string;
  TenantId: string;
  ADApplicationClientId: string;
  /** A secret: it is sent to the service and never appears in an error. */
  ADApplicationClientSecret: string;
}

/** The onboarding body of an Azure account. */
export interface AzureAccountBody extends Office365AccountBody {
  SubscriptionId: string;
}

/** The body of each kind of account. */
export interface OnboardingBodies {
  aws: AwsAccountBody;
  azure: AzureAccountBody;
  office365: Office365AccountBody;
}

/**
 * Checks a body before it is sent: every field of its kind present and a string. The
 * specification does not say which fields are optional, so all are required, as the
 * service's interface presents them. The error names fields, never values.
 */
export function checkOnboardingBody(kind: OnboardingKind, body: unknown): void {
  if (!Object.hasOwn(onboardingKinds, kind)) {
    throw new CspmError(
      'usage',
      `unknown account kind ${JSON.stringify(kind)}; expected one of ${Object.keys(onboardingKinds).join(', ')}`,
      { data: { value: kind, known: Object.keys(onboardingKinds) } },
    );
  }
  const fields: readonly string[] = onboardingKinds[kind].fields;
  const record =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const missing = fields.filter((field) => record[field] === undefined || record[field] === null);
  const notStrings = fields.filter((field) => !missing.includes(field) && typeof record[field] !== 'string');
  if (missing.length === 0 && notStrings.length === 0) return;
  const problems = [
    ...(missing.length > 0 ? [`missing ${missing.join(', ')}`] : []),
    ...(notStrings.length > 0 ? [`not a string: ${notStrings.join(', ')}`] : []),
  ];
  throw new CspmError('request-invalid', `${kind} account body: ${problems.join('; ')}`, {
    data: { missing, notStrings },
  });
}
