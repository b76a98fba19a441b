import { afterAll, beforeAll, expect, it } from 'vitest';
import { bodies, startEmulator, type TestEmulator } from './emulator-client.js';

let api: TestEmulator;
beforeAll(async () => {
  api = await startEmulator();
});
afterAll(() => api.emulator.close());

it.each([
  { name: 'text/plain', type: 'text/plain;charset=UTF-8' },
  { name: 'a form', type: 'application/x-www-form-urlencoded' },
  { name: 'another JSON type', type: 'application/merge-patch+json' },
  { name: 'JSON in another charset', type: 'application/json; charset=iso-8859-1' },
  { name: 'no media type', type: undefined },
])('answers 415 in the envelope to a JSON body sent as $name', async ({ type }) => {
  const { status, json } = await api.request('POST', '/onboarding/license/L1/account/aws', {
    headers: { ...api.licenseHeaders(), 'Content-Type': type },
    body: JSON.stringify(bodies.aws),
  });
  expect(status).toBe(415);
  expect(json).toEqual({ result: null, statusCode: 415, message: expect.stringContaining('application/json') });
});

it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON;Charset="UTF-8"'])(
  'accepts a body sent as %s',
  async (type) => {
    const { status } = await api.request('POST', '/onboarding/license/L1/account/aws', {
      headers: { ...api.licenseHeaders(), 'Content-Type': type },
      body: bodies.aws,
    });
    expect(status).toBe(200);
  },
);

it('asks for credentials before it looks at the body: 401, not 415, without a token', async () => {
  const { status } = await api.request('POST', '/onboarding/license/L1/account/aws', {
    headers: { 'Content-Type': 'text/plain' },
    body: JSON.stringify(bodies.aws),
  });
  expect(status).toBe(401);
});
