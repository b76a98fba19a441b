import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/index.js';

/** A started emulator with helpers for the requests the tests make. */
export interface TestEmulator {
  emulator: Emulator;
  request(
    method: string,
    path: string,
    options?: { headers?: Record<string, string | undefined>; body?: unknown },
  ): Promise<{ status: number; headers: Headers; json: { result: unknown; statusCode: number; message: string } }>;
  licenseHeaders(): Record<string, string>;
  accountHeaders(): Record<string, string>;
}

/**
 * Starts an emulator on 127.0.0.1, port 0, with fixed credentials. A request with a
 * body is sent as `Content-Type: application/json` unless the test's headers say
 * otherwise (`undefined` sends none of its own).
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<TestEmulator> {
  const emulator = await createEmulator({
    credentials: {
      licenseToken: 'lt',
      accountToken: 'at',
      apiKey: 'key',
      applicationId: 'app',
      applicationSecret: 'shh',
    },
    ...options,
  });
  return {
    emulator,
    async request(method, path, { headers = {}, body } = {}) {
      const typed = body === undefined ? headers : { 'Content-Type': 'application/json', ...headers };
      const sent = Object.fromEntries(
        Object.entries(typed).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const response = await fetch(`${emulator.url}${path}`, {
        method,
        headers: sent,
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      return {
        status: response.status,
        headers: response.headers,
        json: (await response.json()) as { result: unknown; statusCode: number; message: string },
      };
    },
    licenseHeaders: () => ({ Authorization: 'Bearer lt' }),
    accountHeaders: () => ({ Authorization: 'Bearer at', 'Ocp-Apim-Subscription-Key': 'key' }),
  };
}

/** Valid onboarding bodies of each kind. */
export const bodies = {
  aws: { AccountName: 'Shop', AWSAccountId: '123456789012', AWSRoleName: 'audit' },
  azure: {
    AccountName: 'Payments',
    DomainName: 'contoso.com',
    TenantId: 't-1',
    ADApplicationClientId: 'c-1',
    ADApplicationClientSecret: 'TOP-SECRET-VALUE',
    SubscriptionId: 'sub-1',
  },
  office: {
    AccountName: 'Mail',
    DomainName: 'contoso.com',
    TenantId: 't-1',
    ADApplicationClientId: 'c-1',
    ADApplicationClientSecret: 'TOP-SECRET-VALUE',
  },
} as const;
