import { afterAll, beforeAll, expect, it } from 'vitest';
import { bodies, startEmulator, type TestEmulator } from './emulator-client.js';

let api: TestEmulator;
beforeAll(async () => {
  api = await startEmulator();
});
afterAll(() => api.emulator.close());

/** HEAD and GET of one path: status, the headers that describe the body, and HEAD's body, which must be empty. */
async function headAndGet(path: string, headers: Record<string, string>) {
  const get = await fetch(`${api.emulator.url}${path}`, { headers });
  const getBody = await get.arrayBuffer();
  const head = await fetch(`${api.emulator.url}${path}`, { method: 'HEAD', headers });
  const headBody = await head.arrayBuffer();
  const described = (response: Response) => ({
    status: response.status,
    type: response.headers.get('content-type'),
    length: response.headers.get('content-length'),
    allow: response.headers.get('allow'),
  });
  return { get: described(get), getBytes: getBody.byteLength, head: described(head), headBytes: headBody.byteLength };
}

it('answers HEAD of a summary as GET, without the body', async () => {
  const onboarded = await api.request('POST', '/onboarding/license/L1/account/azure', {
    headers: api.licenseHeaders(),
    body: bodies.azure,
  });
  const { accountId, jobId } = onboarded.json.result as { accountId: string; jobId: string };
  const { get, getBytes, head, headBytes } = await headAndGet(
    `/audit/license/L1/account/${accountId}/job/${jobId}/benchmark/CSBP/summary`,
    api.accountHeaders(),
  );
  expect(get.status).toBe(200);
  expect(Number(get.length)).toBe(getBytes);
  expect(head).toEqual(get);
  expect(headBytes).toBe(0);
});

it.each([
  { name: 'a 401', path: '/audit/license/L1/account/nope/benchmarks', headers: {} },
  { name: 'a 404', path: '/nowhere', headers: {} },
])('answers HEAD as GET on $name too', async ({ path, headers }) => {
  const { get, head, headBytes } = await headAndGet(path, headers);
  expect(head).toEqual(get);
  expect(headBytes).toBe(0);
});

it('lists HEAD beside GET in Allow, and answers HEAD of a POST route 405', async () => {
  const onboarded = await api.request('POST', '/onboarding/license/L1/account/aws', {
    headers: api.licenseHeaders(),
    body: bodies.aws,
  });
  const { accountId } = onboarded.json.result as { accountId: string };
  const post = await api.request('POST', `/audit/license/L1/account/${accountId}/benchmarks`, {
    headers: api.accountHeaders(),
    body: {},
  });
  expect(post.status).toBe(405);
  expect(post.headers.get('allow')).toBe('GET, HEAD');
  const head = await fetch(`${api.emulator.url}/onboarding/license/L1/account/aws`, { method: 'HEAD' });
  expect(head.status).toBe(405);
  expect(head.headers.get('allow')).toBe('POST');
});
