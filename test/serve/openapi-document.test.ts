import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/index.js';
import { runInProcess } from '../support/cli-run.js';

const started: Emulator[] = [];
afterEach(async () => {
  for (const emulator of started.splice(0)) await emulator.close();
});

async function start(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = await createEmulator({
    credentials: { licenseToken: 'lt', accountToken: 'at', apiKey: 'key' },
    ...options,
  });
  started.push(emulator);
  return emulator;
}

describe("GET /openapi.json, the emulator's own route", () => {
  it('answers the document schema openapi prints, as JSON, without credentials', async () => {
    const emulator = await start();
    const response = await fetch(`${emulator.url}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const printed = await runInProcess(['schema', 'openapi']);
    expect(await response.text()).toBe(printed.stdout);
  });

  it('answers HEAD with the headers only, and another method with 405 and Allow', async () => {
    const emulator = await start();
    const head = await fetch(`${emulator.url}/openapi.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
    expect(await head.text()).toBe('');
    const post = await fetch(`${emulator.url}/openapi.json`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it.each(['DELETE', 'POST', 'PUT', 'PATCH', 'OPTIONS'])(
    'answers %s with 405 in the envelope every other answer has, and Allow',
    async (method) => {
      const emulator = await start();
      const response = await fetch(`${emulator.url}/openapi.json?download=1`, {
        method,
        ...(method === 'DELETE' || method === 'OPTIONS' ? {} : { body: '{}' }),
      });
      const text = await response.text();
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
      expect(JSON.parse(text)).toEqual({
        result: null,
        statusCode: 405,
        message: `method ${method} is not allowed here; use GET, HEAD`,
      });
      // The same shape as a 405 of the service's routes.
      const routed = await fetch(`${emulator.url}/audit/license/L/account/A/benchmarks`, { method });
      expect(routed.status).toBe(405);
      expect(Object.keys(JSON.parse(await routed.text()) as object)).toEqual(Object.keys(JSON.parse(text) as object));
    },
  );

  it("is not subject to the injected faults, which stand for the service's network", async () => {
    const emulator = await start({ failRate: 1 });
    expect((await fetch(`${emulator.url}/openapi.json`)).status).toBe(200);
    expect((await fetch(`${emulator.url}/audit/license/L/account/A/benchmarks`)).status).toBe(503);
  });

  it('is not an operation of the document: the service has no such endpoint', async () => {
    const document = JSON.parse((await runInProcess(['schema', 'openapi'])).stdout) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).not.toContain('/openapi.json');
  });
});
