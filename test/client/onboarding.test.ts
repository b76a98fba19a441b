import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { bodies, rejection, startClient, type ClientFixture } from './client-fixture.js';

let fixture: ClientFixture | undefined;
afterEach(async () => {
  await fixture?.emulator.close();
  fixture = undefined;
});

describe('onboardAccount', () => {
  it.each([
    ['aws', '/onboarding/license/lic-1/account/aws'],
    ['azure', '/onboarding/license/lic-1/account/azure'],
    ['office365', '/onboarding/license/lic-1/account/office'],
  ] as const)('onboards a %s account at %s and returns its account and job ids', async (kind, path) => {
    fixture = await startClient();
    const onboarded = await fixture.client.onboardAccount(kind, 'lic-1', bodies[kind]);
    expect(onboarded).toEqual({ accountId: expect.any(String), jobId: expect.any(String) });
    expect(fixture.sent).toEqual([`POST ${path}`]);
    await expect(fixture.client.getJobStatus({ licenseId: 'lic-1', ...onboarded })).resolves.toBe('Success');
  });

  it('URL-encodes path parameters', async () => {
    fixture = await startClient();
    await fixture.client.onboardAccount('aws', 'lic/1 ?x', bodies.aws);
    expect(fixture.sent).toEqual(['POST /onboarding/license/lic%2F1%20%3Fx/account/aws']);
  });

  it('refuses a body with missing or non-string fields, naming them, without sending it', async () => {
    fixture = await startClient();
    const body = { AccountName: 'Shop', AWSAccountId: 123456789012 } as unknown as typeof bodies.aws;
    const error = await rejection(fixture.client.onboardAccount('aws', 'lic-1', body));
    expect(error.code).toBe('request-invalid');
    expect(error.message).toContain('missing AWSRoleName');
    expect(error.message).toContain('not a string: AWSAccountId');
    expect(error.data).toEqual({ missing: ['AWSRoleName'], notStrings: ['AWSAccountId'] });
    expect(fixture.sent).toEqual([]);
  });
});

describe('base URL', () => {
  it.each(['http://cspm.example.com', 'ftp://127.0.0.1', 'not a url'])('refuses %s with a usage error', (baseUrl) => {
    expect(() => createClient({ baseUrl })).toThrow(expect.objectContaining({ code: 'usage' }));
  });

  it.each(['https://cspm.example.com/api/', 'http://127.0.0.1:9', 'http://localhost:9', 'http://[::1]:9'])(
    'accepts %s',
    (baseUrl) => {
      expect(() => createClient({ baseUrl })).not.toThrow();
    },
  );
});
