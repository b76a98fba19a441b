import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from './emulator-client.js';
import { rawExchange, type RawAnswer } from './raw-exchange.js';

/** The request limit of the emulator under test, short so that the stalled requests end soon. */
const requestTimeoutMs = 2000;

let api: TestEmulator;
beforeAll(async () => {
  api = await startEmulator({ requestTimeoutMs });
});
afterAll(() => api.emulator.close());

/** Checks that `answer` is a whole HTTP response carrying the service's envelope with `status`. */
function expectEnvelope(answer: RawAnswer, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['connection']).toBe('close');
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  expect(JSON.parse(answer.body)).toEqual({ result: null, statusCode: status, message: expect.any(String) });
}

it.each([
  { name: 'a malformed request line', bytes: 'NOT AN HTTP REQUEST\r\n\r\n', status: 400 },
  {
    name: 'a header line without a colon',
    bytes: 'GET /nowhere HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n',
    status: 400,
  },
  {
    name: 'headers above the size limit',
    bytes: `GET /nowhere HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
    status: 431,
  },
])('answers $name with $status in the envelope, then closes', async ({ bytes, status }) => {
  expectEnvelope(await rawExchange(api.emulator.url, bytes), status);
});

it('answers 408 in the envelope to headers that never end', async () => {
  expectEnvelope(await rawExchange(api.emulator.url, 'GET /nowhere HTTP/1.1\r\nHost: x\r\nX-Slow: '), 408);
});

it('answers 408 to a body that stalls after the headers, by the request limit plus the check interval', async () => {
  const head =
    'POST /onboarding/license/L1/account/aws HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer lt\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"AccountName": ';
  const answer = await rawExchange(api.emulator.url, head, 20_000);
  expectEnvelope(answer, 408);
  // A deadline, not a speed: the limit is 2 s and the connections are checked every
  // quarter of it, so the answer comes between 2 and 2.5 s; 4 s leaves room for a busy machine.
  expect(answer.elapsedMs).toBeGreaterThanOrEqual(requestTimeoutMs - 50);
  expect(answer.elapsedMs).toBeLessThan(2 * requestTimeoutMs);
});
