import { describe, expect, it } from 'vitest';
import { isCspmError } from '../../src/index.js';
import { errorEnvelope } from '../../src/serve/api-error.js';
import { matchRoute } from '../../src/serve/match-route.js';
import { routes } from '../../src/serve/routes/routes.js';

/** What matchRoute throws for `method` and `path`. */
function refusalOf(method: string, path: string): unknown {
  try {
    matchRoute(routes, method, path);
  } catch (error) {
    return error;
  }
  throw new Error(`${method} ${path} found a route`);
}

// The emulator's refusals are errors of the one class, with their status, reason and
// headers as the code's data: the envelope and the response are built from that data.
describe('a request the emulator refuses', () => {
  it.each([
    ['DELETE', '/audit/license/L/account/A/benchmarks', 405, /^method DELETE is not allowed here; use GET, HEAD$/],
    ['GET', '/nowhere', 404, /^no such endpoint$/],
    ['GET', '/audit/%zz', 400, /^the path has a malformed percent escape$/],
  ])('%s %s is a request-refused CspmError answered with %i', (method, path, status, reason) => {
    const refusal = refusalOf(method, path);
    expect(isCspmError(refusal) && refusal.code).toBe('request-refused');
    if (!isCspmError(refusal) || refusal.code !== 'request-refused') return;
    const data = refusal.data as { status: number; reason: string; headers: Record<string, string> };
    expect(data.status).toBe(status);
    expect(data.reason).toMatch(reason);
    expect(refusal.message).toBe(`request refused by the emulator: ${data.reason}`);
    // The envelope's message is the reason alone, as the service's would be.
    expect(errorEnvelope(refusal as Parameters<typeof errorEnvelope>[0])).toEqual({
      result: null,
      statusCode: status,
      message: data.reason,
    });
  });

  it('carries the Allow header of a 405 in its data', () => {
    const refusal = refusalOf('POST', '/audit/license/L/account/A/benchmarks');
    expect(refusal).toMatchObject({ code: 'request-refused', data: { status: 405, headers: { Allow: 'GET, HEAD' } } });
  });
});
