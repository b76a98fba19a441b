/**
 * The three kinds of account the service onboards (section 2.1), keyed by the last
 * segment of the onboarding path. Every field is a string; the specification does
 * not say which are optional, so the emulator requires them all.
 */
export const accountKinds = {
  aws: { connectorType: 'AWS', fields: ['AccountName', 'AWSAccountId', 'AWSRoleName'] },
  azure: {
    connectorType: 'Azure',
    fields: [
      'AccountName',
      'DomainName',
      'TenantId',
      'ADApplicationClientId',
      'ADApplicationClientSecret',
      'SubscriptionId',
    ],
  },
  office: {
    connectorType: 'Office365',
    fields: ['AccountName', 'DomainName', 'TenantId', 'ADApplicationClientId', 'ADApplicationClientSecret'],
  },
} as const satisfies Record<string, { connectorType: string; fields: readonly string[] }>;

/** The path segment of an account kind: aws, azure or office. */
export type AccountKind = keyof typeof accountKinds;

/** Every account kind, in the specification's order. */
export const accountKindNames = Object.keys(accountKinds) as AccountKind[];

/** Whether `name` is the path segment of an account kind. */
export function isAccountKind(name: string): name is AccountKind {
  return Object.hasOwn(accountKinds, name);
}
