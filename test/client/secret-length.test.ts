import { describe, expect, it } from 'vitest';
import { createClient, CspmError } from '../../src/index.js';

function refusal(run: () => unknown): CspmError {
  try {
    run();
  } catch (error) {
    if (error instanceof CspmError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('secrets shorter than 8 characters', () => {
  it.each([
    ['license token', { licenseToken: 'lT9' }],
    ['account token', { accountToken: 'aT7' }],
    ['API key', { apiKey: 'k3Y' }],
    ['API application secret', { credentials: { applicationId: 'app', secret: 's3Cr3t' } }],
  ])('are refused for a service on another host: the %s', (what, secrets) => {
    const error = refusal(() => createClient({ baseUrl: 'https://cspm.example.com/api', ...secrets }));
    expect(error.code).toBe('usage');
    expect(error.message).toContain(`the ${what} is `);
    expect(error.message).toContain('127.0.0.1, ::1 or localhost');
    // The message says how long the value is, never what it is.
    const value = Object.values(secrets)[0];
    expect(error.message).not.toContain(typeof value === 'string' ? value : value.secret);
  });

  it('are taken for the emulator on a loopback host, where the demo tokens are short', () => {
    for (const baseUrl of ['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080']) {
      expect(() => createClient({ baseUrl, licenseToken: 'lt', accountToken: 'at', apiKey: 'key' })).not.toThrow();
    }
  });

  it('of 8 characters or more are taken anywhere', () => {
    expect(() =>
      createClient({ baseUrl: 'https://cspm.example.com', accountToken: 'abcdefgh', apiKey: 'k'.repeat(32) }),
    ).not.toThrow();
  });
});
