import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { rejection, secrets } from './client-fixture.js';
import { closeHostileServers, startHostileServer, statusEnvelope } from './hostile-server.js';

afterEach(closeHostileServers);

const ids = { licenseId: 'lic-1', accountId: 'acc-1', jobId: 'job-1', benchmarkId: 'CSBP' };
const mebibyte = 1024 * 1024;

const clientOf = (baseUrl: string, maxBodyBytes?: number): ReturnType<typeof createClient> =>
  createClient({
    baseUrl,
    accountToken: secrets.accountToken,
    apiKey: secrets.apiKey,
    retries: 0,
    ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
  });

/** `total` bytes of `byte`, made a mebibyte at a time as the reader pulls them. */
function repeated(byte: string, total: number): Readable {
  let sent = 0;
  const chunk = Buffer.alloc(mebibyte, byte);
  return new Readable({
    read() {
      if (sent >= total) this.push(null);
      else {
        sent += chunk.length;
        this.push(chunk);
      }
    },
  });
}

describe('answer size', () => {
  it('stops reading an answer that goes on past the limit', async () => {
    // Valid JSON of 64 MiB, sent as long as the client reads: a client without a limit
    // takes it all (and would take more, were there more).
    const server = await startHostileServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"statusCode": 200, "result": "');
      const filler = repeated('a', 64 * mebibyte);
      filler.on('end', () => response.end('"}'));
      filler.pipe(response, { end: false });
    });
    const error = await rejection(clientOf(server.url, mebibyte).getAuditSummary(ids));
    expect(error.code).toBe('response-too-large');
    expect(error.message).toBe(
      `answer too large: GET ${server.url}/audit/license/lic-1/account/acc-1/job/job-1/benchmark/CSBP/summary: HTTP 200, the answer is longer than the limit of 1 MiB (--max-body)`,
    );
    expect(error.data).toEqual({
      url: `${server.url}/audit/license/lic-1/account/acc-1/job/job-1/benchmark/CSBP/summary`,
      limit: mebibyte,
    });
  });

  it('refuses an answer whose Content-Length passes the limit before reading it', async () => {
    const server = await startHostileServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(8 * mebibyte) });
      response.write('{"statusCode": 200, "result": "');
      // The rest never comes: only the declared length can end this answer in time.
    });
    const error = await rejection(clientOf(server.url, mebibyte).getAuditSummary(ids));
    expect(error.code).toBe('response-too-large');
  });

  it('stops inflating a gzip answer that inflates past the limit (a 1 MiB bomb of 1 GiB)', async () => {
    // A gzip stream of 1 GiB of zeros (about 1 MiB compressed), compressed as the client reads.
    const server = await startHostileServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      repeated('\0', 1024 * mebibyte)
        .pipe(createGzip())
        .pipe(response);
    });
    const error = await rejection(clientOf(server.url, 16 * mebibyte).getAuditSummary(ids));
    expect(error.code).toBe('response-too-large');
    expect(error.data).toMatchObject({ limit: 16 * mebibyte });
  });

  it('takes an answer within the limit, compressed or not', async () => {
    const server = await startHostileServer((request, response) => {
      response.writeHead(200, {
        'Content-Type': 'application/json',
        ...(request.path.includes('gz') ? { 'Content-Encoding': 'gzip' } : {}),
      });
      if (request.path.includes('gz'))
        Readable.from([Buffer.from(statusEnvelope)])
          .pipe(createGzip())
          .pipe(response);
      else response.end(statusEnvelope);
    });
    const limit = Buffer.byteLength(statusEnvelope);
    await expect(
      createClient({
        baseUrl: server.url,
        accountToken: secrets.accountToken,
        maxBodyBytes: Math.max(limit, 1024),
      }).getJobStatus(ids),
    ).resolves.toBe('Success');
    await expect(
      createClient({
        baseUrl: `${server.url}/gz`,
        accountToken: secrets.accountToken,
        maxBodyBytes: Math.max(limit, 1024),
      }).getJobStatus(ids),
    ).resolves.toBe('Success');
  });

  it.each([
    { name: 'below 1 KiB', maxBodyBytes: 1000 },
    { name: 'above 512 MiB', maxBodyBytes: 512 * mebibyte + 1 },
    { name: 'a fraction', maxBodyBytes: 4096.5 },
  ])('refuses a limit $name when the client is made', ({ maxBodyBytes }) => {
    expect(() => createClient({ baseUrl: 'http://127.0.0.1:9', maxBodyBytes })).toThrow(
      expect.objectContaining({ code: 'usage', message: expect.stringContaining('from 1024 to 536870912') }),
    );
  });
});
