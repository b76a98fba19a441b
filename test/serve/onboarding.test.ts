import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodies, startEmulator, type TestEmulator } from './emulator-client.js';

let api: TestEmulator;
beforeAll(async () => {
  api = await startEmulator();
});
afterAll(() => api.emulator.close());

describe('onboarding', () => {
  it.each(Object.entries(bodies))('onboards a %s account and returns its ids in the envelope', async (kind, body) => {
    const { status, json } = await api.request('POST', `/onboarding/license/L1/account/${kind}`, {
      headers: api.licenseHeaders(),
      body,
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      statusCode: 200,
      message: 'Request Successful',
      result: { accountId: expect.any(String), jobId: expect.any(String) },
    });
  });

  it.each([
    { kind: 'aws', body: { AccountName: 'x' }, names: ['AWSAccountId', 'AWSRoleName'] },
    {
      kind: 'azure',
      body: { ...bodies.azure, SubscriptionId: undefined, TenantId: 7 },
      names: ['SubscriptionId', 'TenantId'],
    },
    {
      kind: 'office',
      body: { ...bodies.office, ADApplicationClientSecret: undefined },
      names: ['ADApplicationClientSecret'],
    },
  ])('answers 400 naming the missing or non-string fields of a $kind body', async ({ kind, body, names }) => {
    const { status, json } = await api.request('POST', `/onboarding/license/L1/account/${kind}`, {
      headers: api.licenseHeaders(),
      body,
    });
    expect(status).toBe(400);
    expect(json.statusCode).toBe(400);
    expect(json.result).toBeNull();
    for (const name of names) expect(json.message).toContain(name);
  });

  it('never echoes the client secret, even in a body that does not parse', async () => {
    const { status, json } = await api.request('POST', '/onboarding/license/L1/account/azure', {
      headers: api.licenseHeaders(),
      body: '{"ADApplicationClientSecret": "TOP-SECRET-VALUE", ',
    });
    expect(status).toBe(400);
    expect(JSON.stringify(json)).not.toContain('TOP-SECRET');
  });

  it('answers 400 naming a key given twice in the body, never its values', async () => {
    const body =
      '{"AccountName": "Prod", "AWSAccountId": "111111111111", "AWSRoleName": "Audit", "\\u0041WSAccountId": "TOP-SECRET-222222"}';
    const { status, json } = await api.request('POST', '/onboarding/license/L1/account/aws', {
      headers: api.licenseHeaders(),
      body,
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      result: null,
      statusCode: 400,
      message:
        'the request body repeats the key "AWSAccountId" in one object (/AWSAccountId): which value counts would be a guess',
    });
    expect(JSON.stringify(json)).not.toMatch(/TOP-SECRET|111111111111/);
  });

  it.each([
    { name: 'no token', headers: {} },
    { name: 'a wrong token', headers: { Authorization: 'Bearer nope' } },
    { name: 'the account token', headers: { Authorization: 'Bearer at' } },
  ])('answers 401 with $name', async ({ headers }) => {
    const { status, json } = await api.request('POST', '/onboarding/license/L1/account/aws', {
      headers,
      body: bodies.aws,
    });
    expect(status).toBe(401);
    expect(json).toMatchObject({ result: null, statusCode: 401 });
  });

  it('answers 413 to a body above 1 MiB and 400 to one that is not an object', async () => {
    const big = await api.request('POST', '/onboarding/license/L1/account/aws', {
      headers: api.licenseHeaders(),
      body: JSON.stringify({ AccountName: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(big.json.statusCode).toBe(413);
    const array = await api.request('POST', '/onboarding/license/L1/account/aws', {
      headers: api.licenseHeaders(),
      body: [],
    });
    expect(array.status).toBe(400);
  });

  it('answers 404 to an unknown route and 405 with Allow to a wrong method', async () => {
    const unknown = await api.request('GET', '/onboarding/license/L1/account/gcp');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ result: null, statusCode: 404 });
    const wrong = await api.request('GET', '/onboarding/license/L1/account/aws');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    const malformed = await api.request('GET', '/audit/license/%E0%A4%A/account/x/benchmarks');
    expect(malformed.status).toBe(400);
  });
});
