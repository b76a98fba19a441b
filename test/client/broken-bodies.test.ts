import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { bodies, holdsNoSecret, rejection, secrets } from './client-fixture.js';
import { closeHostileServers, startHostileServer, statusEnvelope } from './hostile-server.js';

afterEach(closeHostileServers);

const ids = { licenseId: 'lic-1', accountId: 'acc-1', jobId: 'job-1' };

/** A server whose first `broken` answers stop in the middle of the body with a TCP reset; the next are whole. */
const breakingOff = (broken: number): ReturnType<typeof startHostileServer> =>
  startHostileServer((_request, response, raw) => {
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(statusEnvelope.length) });
    if (broken-- > 0) {
      response.write(statusEnvelope.slice(0, 20));
      setTimeout(() => raw.socket.resetAndDestroy(), 20);
    } else response.end(statusEnvelope);
  });

describe('a connection that breaks in the middle of the body', () => {
  it('retries a GET, as a reset before the headers is, then succeeds', async () => {
    const server = await breakingOff(1);
    const client = createClient({ baseUrl: server.url, accountToken: secrets.accountToken });
    await expect(client.getJobStatus(ids)).resolves.toBe('Success');
    expect(server.received).toHaveLength(2);
  });

  it('gives up a GET after its retries, naming host:port', async () => {
    const server = await breakingOff(10);
    const client = createClient({ baseUrl: server.url, accountToken: secrets.accountToken, retries: 1 });
    const error = await rejection(client.getJobStatus(ids));
    expect(error.code).toBe('service-connection-reset');
    expect(error.message).toContain(`the connection to 127.0.0.1:${server.port} broke before the answer was complete`);
    expect(server.received).toHaveLength(2);
  });

  it('sends an onboarding once and says the account may or may not have been created, and how to find out', async () => {
    const server = await breakingOff(1);
    const client = createClient({ baseUrl: server.url, licenseToken: secrets.licenseToken, apiKey: secrets.apiKey });
    const error = await rejection(client.onboardAccount('azure', 'lic-1', bodies.azure));
    expect(error.code).toBe('onboarding-outcome-unknown');
    expect(error.message).toBe(
      `onboarding outcome unknown: POST ${server.url}/onboarding/license/lic-1/account/azure: the request was sent but the connection to 127.0.0.1:${server.port} broke before the answer was complete, so the account "Payments" may or may not have been created. Do not onboard it again before finding out: look for it among the license's accounts in the service's console (a second onboarding makes a second account)`,
    );
    expect(error.data).toEqual({
      url: `${server.url}/onboarding/license/lic-1/account/azure`,
      host: `127.0.0.1:${server.port}`,
      reason: expect.stringMatching(/^(ECONNRESET|UND_ERR_SOCKET|terminated)$/),
    });
    expect(server.received).toHaveLength(1);
    expect(holdsNoSecret(`${error.message} ${JSON.stringify(error.data)}`)).toBe(true);
  });
});
