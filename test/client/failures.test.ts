import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { bodies, holdsNoSecret, rejection, secrets, startClient, type ClientFixture } from './client-fixture.js';

let fixture: ClientFixture | undefined;
afterEach(async () => {
  await fixture?.emulator.close();
  fixture = undefined;
});

const ids = { licenseId: 'lic-1', accountId: 'acc-1', jobId: 'job-1' };

describe('failures', () => {
  it('maps a 401 to service-error with the status and the service message, and leaks no secret', async () => {
    fixture = await startClient();
    const client = fixture.clientWith({
      licenseToken: 'WRONG-LICENSE-TOKEN',
      apiKey: secrets.apiKey,
      accountToken: secrets.accountToken,
    });
    const error = await rejection(client.onboardAccount('azure', 'lic-1', bodies.azure));
    expect(error.code).toBe('service-error');
    expect(error.data).toMatchObject({
      status: 401,
      statusCode: 401,
      serviceMessage: expect.stringContaining('not a license token'),
    });
    expect(error.message).toContain('HTTP 401');
    const everything = `${error.message} ${JSON.stringify(error)} ${JSON.stringify(error.data)} ${String(error.stack)}`;
    expect(holdsNoSecret(everything)).toBe(true);
    expect(everything).not.toContain('WRONG-LICENSE-TOKEN');
  });

  it('redact() hides every configured secret', async () => {
    fixture = await startClient();
    const client = fixture.clientWith({
      credentials: { applicationId: secrets.applicationId, secret: secrets.applicationSecret },
    });
    await client.onboardAccount('azure', 'lic-1', bodies.azure);
    const text = [
      secrets.licenseToken,
      secrets.accountToken,
      secrets.apiKey,
      secrets.applicationSecret,
      bodies.azure.ADApplicationClientSecret,
    ].join(' ');
    expect(client.redact(text)).toBe(
      '<LICENSE_TOKEN> <ACCOUNT_TOKEN> <API_KEY> <API_APPLICATION_SECRET> <AD_APPLICATION_CLIENT_SECRET>',
    );
  });

  it('retries a GET answered 429 with Retry-After, then succeeds', async () => {
    // The emulator's clock stands still, so the onboarding and the first GET share one
    // rate-limit window however slow the machine is; it moves on a second when the
    // client sends the GET again, after waiting out the Retry-After.
    let time = 0;
    let gets = 0;
    const clockedFetch: typeof fetch = (input, init) => {
      const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
      if (method === 'GET' && ++gets > 1) time += 1000;
      return fetch(input, init);
    };
    fixture = await startClient({ emulator: { rateLimit: 1, now: () => time }, client: { fetch: clockedFetch } });
    const { accountId, jobId } = await fixture.client.onboardAccount('aws', 'lic-1', bodies.aws);
    await expect(fixture.client.getJobStatus({ licenseId: 'lic-1', accountId, jobId })).resolves.toBe('Success');
    expect(gets).toBe(2);
  });

  it('reports the Retry-After of a 429 when no retry is left', async () => {
    fixture = await startClient({ emulator: { rateLimit: 1, now: () => 0 }, client: { retries: 0 } });
    const { accountId, jobId } = await fixture.client.onboardAccount('aws', 'lic-1', bodies.aws);
    const error = await rejection(fixture.client.getJobStatus({ licenseId: 'lic-1', accountId, jobId }));
    expect(error.data).toMatchObject({ status: 429, statusCode: 429, retryAfter: 1 });
  });

  it('gives up a GET after the retries with the last status and Retry-After', async () => {
    fixture = await startClient({ emulator: { failRate: 1 }, client: { retries: 1 } });
    const error = await rejection(fixture.client.getJobStatus(ids));
    expect(error.data).toMatchObject({ status: 503 });
    expect(fixture.sent).toHaveLength(2);
  });

  it('never retries a POST (a second onboarding would make a second account)', async () => {
    fixture = await startClient({ emulator: { failRate: 1 } });
    const error = await rejection(fixture.client.onboardAccount('aws', 'lic-1', bodies.aws));
    expect(error.code).toBe('service-error');
    expect(error.data).toMatchObject({ status: 503 });
    expect(fixture.sent).toEqual(['POST /onboarding/license/lic-1/account/aws']);
  });

  it('times out against a slow service', async () => {
    fixture = await startClient({ emulator: { latencyMs: 2000 }, client: { timeoutMs: 200 } });
    const error = await rejection(fixture.client.getJobStatus(ids));
    expect(error.code).toBe('service-timeout');
    expect(error.data).toMatchObject({ timeoutMs: 200 });
    expect(fixture.sent).toHaveLength(1);
  });

  it('reports a refused connection as service-unreachable, without retrying', async () => {
    const port = await closedPort();
    const client = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      accountToken: secrets.accountToken,
      apiKey: secrets.apiKey,
    });
    const error = await rejection(client.getJobStatus(ids));
    expect(error.code).toBe('service-unreachable');
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.data).toEqual({
      url: `http://127.0.0.1:${port}/compliance/license/lic-1/account/acc-1/job/job-1/status`,
    });
  });

  it('reports a body that is not JSON as service-invalid-response', async () => {
    const client = createClient({
      baseUrl: 'http://127.0.0.1:9',
      accountToken: secrets.accountToken,
      fetch: async () => new Response('<html>', { status: 200 }),
    });
    await expect(client.getJobStatus(ids)).rejects.toMatchObject({
      code: 'service-invalid-response',
      data: { status: 200 },
    });
  });
});

/** A port that was free a moment ago and on which nothing listens now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

describe('envelope', () => {
  it('returns the summary envelope as received, fields beyond the specification included', async () => {
    const body = { result: [], statusCode: 200, message: 'Request Successful', traceId: 't-1' };
    const client = createClient({
      baseUrl: 'http://localhost:9',
      accountToken: 'tok-123',
      fetch: async () => Response.json(body),
    });
    await expect(client.getAuditSummary({ ...ids, benchmarkId: 'CSBP' })).resolves.toEqual(body);
  });

  it('treats an envelope statusCode other than 200 in an HTTP 200 as service-error', async () => {
    const client = createClient({
      baseUrl: 'http://localhost:9',
      accountToken: 'tok-123',
      fetch: async () => Response.json({ result: null, statusCode: 500, message: 'Request Failed' }),
    });
    await expect(client.getAuditSummary({ ...ids, benchmarkId: 'CSBP' })).rejects.toMatchObject({
      code: 'service-error',
      data: { status: 200, statusCode: 500, serviceMessage: 'Request Failed' },
    });
  });
});

describe('broken connections', () => {
  it('retries a GET whose connection was reset, then succeeds', async () => {
    fixture = await startClient();
    let calls = 0;
    const resetOnce: typeof fetch = (input, init) => {
      calls += 1;
      if (calls === 1)
        return Promise.reject(
          new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) }),
        );
      return fetch(input, init);
    };
    const { accountId, jobId } = await fixture.client.onboardAccount('aws', 'lic-1', bodies.aws);
    await expect(
      fixture.clientWith({ fetch: resetOnce }).getJobStatus({ licenseId: 'lic-1', accountId, jobId }),
    ).resolves.toBe('Success');
    expect(calls).toBe(2);
  });

  it('does not retry a POST whose connection was reset, and says the onboarding may have taken effect', async () => {
    let calls = 0;
    const reset: typeof fetch = () => {
      calls += 1;
      return Promise.reject(
        new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) }),
      );
    };
    const client = createClient({ baseUrl: 'http://127.0.0.1:9', licenseToken: secrets.licenseToken, fetch: reset });
    await expect(client.onboardAccount('aws', 'lic-1', bodies.aws)).rejects.toMatchObject({
      code: 'onboarding-outcome-unknown',
      data: { reason: 'ECONNRESET' },
    });
    expect(calls).toBe(1);
  });
});
