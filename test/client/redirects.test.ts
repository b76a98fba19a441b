import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { bodies, holdsNoSecret, rejection, secrets } from './client-fixture.js';
import {
  closeHostileServers,
  onboardedEnvelope,
  startHostileServer,
  statusEnvelope,
  type HostileServer,
} from './hostile-server.js';

afterEach(closeHostileServers);

const ids = { licenseId: 'lic-1', accountId: 'acc-1', jobId: 'job-1' };

/** A server that answers every request 200 with `body`: where a leaked request would land. */
const elsewhere = (body = statusEnvelope): Promise<HostileServer> =>
  startHostileServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(body);
  });

/** A server that redirects every request with `status` to `location(request path)`. */
const redirecting = (status: number, location: (path: string) => string): Promise<HostileServer> =>
  startHostileServer((request, response) => {
    response.writeHead(status, { Location: location(request.path) });
    response.end();
  });

const clientOf = (
  baseUrl: string,
  more: Partial<Parameters<typeof createClient>[0]> = {},
): ReturnType<typeof createClient> =>
  createClient({
    baseUrl,
    licenseToken: secrets.licenseToken,
    accountToken: secrets.accountToken,
    apiKey: secrets.apiKey,
    ...more,
  });

describe('redirects', () => {
  it.each([301, 302, 303, 307, 308])(
    'does not follow a GET redirected with %i to another origin, and names the Location without secrets',
    async (status) => {
      const other = await elsewhere();
      // localhost is another origin than 127.0.0.1, though the same machine.
      const origin = await redirecting(status, (path) => `http://localhost:${other.port}${path}?key=${secrets.apiKey}`);
      const error = await rejection(clientOf(origin.url).getJobStatus(ids));
      expect(error.code).toBe('service-redirect');
      expect(other.received).toEqual([]);
      expect(error.message).toContain(
        `HTTP ${status} to http://localhost:${other.port}/compliance/license/lic-1/account/acc-1/job/job-1/status?… not followed`,
      );
      expect(error.data).toMatchObject({
        status,
        location: `http://localhost:${other.port}/compliance/license/lic-1/account/acc-1/job/job-1/status?…`,
      });
      expect(holdsNoSecret(`${error.message} ${JSON.stringify(error.data)}`)).toBe(true);
    },
  );

  it.each([307, 308])('never sends an onboarding body again on a %i, even to the same origin', async (status) => {
    const origin: HostileServer = await startHostileServer((request, response) => {
      if (request.path.startsWith('/moved')) {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(onboardedEnvelope);
        return;
      }
      response.writeHead(status, { Location: `${origin.url}/moved${request.path}` });
      response.end();
    });
    const error = await rejection(clientOf(origin.url).onboardAccount('azure', 'lic-1', bodies.azure));
    expect(error.code).toBe('service-redirect');
    expect(error.message).toContain('a POST is never redirected');
    expect(origin.received.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /onboarding/license/lic-1/account/azure',
    ]);
  });

  it.each([301, 302, 303])('does not take the answer of a GET for an onboarding redirected with %i', async (status) => {
    const other = await elsewhere(onboardedEnvelope);
    const origin = await redirecting(status, (path) => `${other.url}${path}`);
    const error = await rejection(clientOf(origin.url).onboardAccount('aws', 'lic-1', bodies.aws));
    expect(error.code).toBe('service-redirect');
    expect(other.received).toEqual([]);
  });

  it('does not follow an https base URL redirected to plain http', async () => {
    const plain = await elsewhere();
    const tls = await redirecting(302, (path) => `http://127.0.0.1:${plain.port}${path}`);
    // Stands in for TLS: the client asks https://127.0.0.1:<port>, this fetch carries it to the plain server there.
    const unwrapTls: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      return fetch(request.url.replace(/^https:/, 'http:'), {
        method: request.method,
        headers: request.headers,
        redirect: request.redirect,
        signal: request.signal,
      });
    };
    const error = await rejection(clientOf(`https://127.0.0.1:${tls.port}`, { fetch: unwrapTls }).getJobStatus(ids));
    expect(error.code).toBe('service-redirect');
    expect(error.message).toContain(`it leads from https://127.0.0.1:${tls.port} to another origin`);
    expect(plain.received).toEqual([]);
  });

  it('follows a GET redirected within its origin, with its credentials', async () => {
    const origin = await startHostileServer((request, response) => {
      if (request.path.startsWith('/v2')) {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(statusEnvelope);
        return;
      }
      response.writeHead(308, { Location: `/v2${request.path}` });
      response.end();
    });
    await expect(clientOf(origin.url).getJobStatus(ids)).resolves.toBe('Success');
    expect(
      origin.received.map(({ path, headers }) => [path.slice(0, 4), headers['ocp-apim-subscription-key']]),
    ).toEqual([
      ['/com', secrets.apiKey],
      ['/v2/', secrets.apiKey],
    ]);
  });

  it('gives up a redirect loop within the origin after 5 hops', async () => {
    const origin = await redirecting(302, (path) => path);
    const error = await rejection(clientOf(origin.url, { retries: 0 }).getJobStatus(ids));
    expect(error.code).toBe('service-redirect');
    expect(error.message).toContain('more than 5 redirects');
    expect(origin.received).toHaveLength(6);
  });
});
