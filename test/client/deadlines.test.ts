import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { bodies, rejection, secrets } from './client-fixture.js';
import { closeHostileServers, startHostileServer, statusEnvelope } from './hostile-server.js';

afterEach(closeHostileServers);

const ids = { licenseId: 'lic-1', accountId: 'acc-1', jobId: 'job-1' };

/** A server that sends its headers at once, then the envelope one byte a second: a minute and more for all of it. */
const dripping = (): ReturnType<typeof startHostileServer> =>
  startHostileServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    let sent = 0;
    const timer = setInterval(() => {
      if (sent === statusEnvelope.length || response.destroyed) {
        clearInterval(timer);
        response.end();
      } else response.write(statusEnvelope[sent++]);
    }, 1000);
    response.on('close', () => clearInterval(timer));
  });

// The vitest limit of each test (15 s) stands far below the drip's minute: a test that
// passes ended on the deadline, not on the drip.
describe('deadlines', () => {
  it(
    'ends a GET whose answer drips in after its headers on the deadline of the attempt',
    { timeout: 15_000 },
    async () => {
      const server = await dripping();
      const client = createClient({ baseUrl: server.url, accountToken: secrets.accountToken, timeoutMs: 1500 });
      const error = await rejection(client.getJobStatus(ids));
      expect(error.code).toBe('service-timeout');
      expect(error.message).toContain('no complete answer within 1500 ms');
      expect(server.received).toHaveLength(1);
    },
  );

  it(
    'ends an onboarding whose answer drips in on the deadline, saying the account may exist',
    { timeout: 15_000 },
    async () => {
      const server = await dripping();
      const client = createClient({ baseUrl: server.url, licenseToken: secrets.licenseToken, timeoutMs: 1500 });
      const error = await rejection(client.onboardAccount('aws', 'lic-1', bodies.aws));
      expect(error.code).toBe('onboarding-outcome-unknown');
      expect(error.message).toContain(
        'no complete answer came within 1500 ms, so the account "Shop" may or may not have been created',
      );
      expect(error.data).toMatchObject({ reason: 'timeout' });
    },
  );

  it(
    'does not wait out a Retry-After longer than the deadline: the service-error names it at once',
    { timeout: 15_000 },
    async () => {
      const server = await startHostileServer((_request, response) => {
        response.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '3600' });
        response.end(JSON.stringify({ result: null, statusCode: 503, message: 'Service Unavailable' }));
      });
      const client = createClient({
        baseUrl: server.url,
        accountToken: secrets.accountToken,
        timeoutMs: 2000,
        retries: 3,
      });
      const error = await rejection(client.getJobStatus(ids));
      expect(error.code).toBe('service-error');
      expect(error.data).toMatchObject({ status: 503, retryAfter: 3600 });
      expect(server.received).toHaveLength(1);
    },
  );

  it.each([{ timeoutMs: 1e12 }, { timeoutMs: 0 }, { timeoutMs: 99 }, { timeoutMs: Number.NaN }])(
    'refuses timeoutMs $timeoutMs when the client is made',
    ({ timeoutMs }) => {
      expect(() => createClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs })).toThrow(
        expect.objectContaining({ code: 'usage', message: expect.stringContaining('from 100 to 3600000') }),
      );
    },
  );
});
