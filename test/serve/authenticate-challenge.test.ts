import { afterAll, beforeAll, expect, it } from 'vitest';
import { bodies, startEmulator, type TestEmulator } from './emulator-client.js';

let api: TestEmulator;
beforeAll(async () => {
  api = await startEmulator();
});
afterAll(() => api.emulator.close());

const keyChallenge = 'AzureApiManagementKey realm="cspm", name="Ocp-Apim-Subscription-Key", type="header"';

it.each([
  { name: 'no bearer token', headers: {}, challenge: 'Bearer realm="cspm"' },
  {
    name: 'a wrong bearer token',
    headers: { Authorization: 'Bearer nope' },
    challenge: 'Bearer realm="cspm", error="invalid_token"',
  },
])('answers 401 to onboarding with $name with a Bearer challenge', async ({ headers, challenge }) => {
  const { status, headers: answered } = await api.request('POST', '/onboarding/license/L1/account/aws', {
    headers,
    body: bodies.aws,
  });
  expect(status).toBe(401);
  expect(answered.get('www-authenticate')).toBe(challenge);
});

it('challenges for the API key when the bearer token is right and the key is not', async () => {
  const onboarded = await api.request('POST', '/onboarding/license/L1/account/aws', {
    headers: api.licenseHeaders(),
    body: bodies.aws,
  });
  const { accountId } = onboarded.json.result as { accountId: string };
  const path = `/audit/license/L1/account/${accountId}/benchmarks`;
  for (const key of [undefined, 'wrong']) {
    const { status, headers } = await api.request('GET', path, {
      headers: { Authorization: 'Bearer at', 'Ocp-Apim-Subscription-Key': key },
    });
    expect(status).toBe(401);
    expect(headers.get('www-authenticate')).toBe(keyChallenge);
  }
  const wrongToken = await api.request('GET', path, {
    headers: { Authorization: 'Bearer lt', 'Ocp-Apim-Subscription-Key': 'key' },
  });
  expect(wrongToken.headers.get('www-authenticate')).toBe('Bearer realm="cspm", error="invalid_token"');
});

it('challenges for the API key on a refused token exchange', async () => {
  const wrongKey = await api.request('POST', '/authorize/license/L1/token', {
    headers: { 'Ocp-Apim-Subscription-Key': 'wrong' },
    body: { APIApplicationId: 'app', Secret: 'shh' },
  });
  const wrongSecret = await api.request('POST', '/authorize/license/L1/token', {
    headers: { 'Ocp-Apim-Subscription-Key': 'key' },
    body: { APIApplicationId: 'app', Secret: 'no' },
  });
  for (const { status, headers } of [wrongKey, wrongSecret]) {
    expect(status).toBe(401);
    expect(headers.get('www-authenticate')).toBe(keyChallenge);
  }
});
