import {
  createClient,
  createEmulator,
  type ClientOptions,
  type CspmClient,
  type Emulator,
  type EmulatorOptions,
} from '../../src/index.js';

/** The credentials of every test emulator; distinctive so that a leak is easy to spot. */
export const secrets = {
  licenseToken: 'LICENSE-TOKEN-1a2b',
  accountToken: 'ACCOUNT-TOKEN-3c4d',
  apiKey: 'API-KEY-5e6f',
  applicationId: 'app-id',
  applicationSecret: 'APP-SECRET-7a8b',
};

/** A started emulator, a client of it and the requests the client sent through its fetch. */
export interface ClientFixture {
  emulator: Emulator;
  client: CspmClient;
  /** Method and path of every request the client sent. */
  sent: string[];
  /** Another client of the same emulator, with other options. */
  clientWith(options: Partial<ClientOptions>): CspmClient;
}

/** Starts an emulator on 127.0.0.1, port 0, and a client of it that counts its requests. */
export async function startClient(
  options: { emulator?: EmulatorOptions; client?: Partial<ClientOptions> } = {},
): Promise<ClientFixture> {
  const emulator = await createEmulator({ credentials: secrets, ...options.emulator });
  const sent: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    return fetch(input, init);
  };
  const clientWith = (more: Partial<ClientOptions>): CspmClient =>
    createClient({
      baseUrl: emulator.url,
      licenseToken: secrets.licenseToken,
      accountToken: secrets.accountToken,
      apiKey: secrets.apiKey,
      fetch: countingFetch,
      ...options.client,
      ...more,
    });
  return { emulator, client: clientWith({}), sent, clientWith };
}

/** Valid onboarding bodies of each kind. */
export const bodies = {
  aws: { AccountName: 'Shop', AWSAccountId: '123456789012', AWSRoleName: 'audit' },
  azure: {
    AccountName: 'Payments',
    DomainName: 'contoso.com',
    TenantId: 't-1',
    ADApplicationClientId: 'c-1',
    ADApplicationClientSecret: 'CLIENT-SECRET-9c0d',
    SubscriptionId: 'sub-1',
  },
  office365: {
    AccountName: 'Mail',
    DomainName: 'contoso.com',
    TenantId: 't-1',
    ADApplicationClientId: 'c-1',
    ADApplicationClientSecret: 'CLIENT-SECRET-9c0d',
  },
} as const;

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(
  promise: Promise<unknown>,
): Promise<Error & { code?: string; data?: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string; data?: Record<string, unknown> };
  }
  throw new Error('expected a rejection');
}

/** True when `text` holds none of the test secrets. */
export function holdsNoSecret(text: string): boolean {
  return [
    ...Object.values(secrets).filter((value) => value !== secrets.applicationId),
    bodies.azure.ADApplicationClientSecret,
  ].every((secret) => !text.includes(secret));
}
