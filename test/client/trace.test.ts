import { afterEach, describe, expect, it } from 'vitest';
import { bodies, holdsNoSecret, rejection, startClient, type ClientFixture } from './client-fixture.js';

let fixture: ClientFixture | undefined;
afterEach(async () => {
  await fixture?.emulator.close();
  fixture = undefined;
});

describe('the trace of a client (what --debug prints)', () => {
  it('shows each attempt of a retried GET, the retry and the final answer, with placeholders for secrets', async () => {
    const lines: string[] = [];
    fixture = await startClient({
      emulator: { failRate: 1 },
      client: { retries: 1, maxRetryAfterMs: 10, trace: (line) => lines.push(line) },
    });
    const error = await rejection(
      fixture.client.getJobStatus({ licenseId: 'lic-1', accountId: 'acc-1', jobId: 'job-1' }),
    );
    expect(error.code).toBe('service-error');
    const text = lines.join('\n');
    expect(text).toMatch(/^→ GET \S+\/compliance\/license\/lic-1\/account\/acc-1\/job\/job-1\/status$/m);
    expect(text).toMatch(/^← 503 GET \S+\/status in [\d.]+ ms$/m);
    expect(text).toMatch(/^↻ GET \S+\/status: retry 1 after /m);
    expect(text).toMatch(/^→ GET \S+\/status \(retry 1\)$/m);
    expect(text.match(/^← 503 /gm)).toHaveLength(2);
    expect(text).toContain('authorization: Bearer <ACCOUNT_TOKEN>');
    expect(holdsNoSecret(text)).toBe(true);
  });

  it('shows a POST body with the AD client secret as its placeholder', async () => {
    const lines: string[] = [];
    fixture = await startClient({ client: { trace: (line) => lines.push(line) } });
    await fixture.client.onboardAccount('office365', 'lic-1', bodies.office365);
    const text = lines.join('\n');
    expect(text).toMatch(/^→ POST \S+\/onboarding\/license\/lic-1\/account\/office$/m);
    expect(text).toContain('"ADApplicationClientSecret":"<AD_APPLICATION_CLIENT_SECRET>"');
    expect(text).toContain('authorization: Bearer <LICENSE_TOKEN>');
    expect(holdsNoSecret(text)).toBe(true);
  });

  it('shows a refused connection', async () => {
    const lines: string[] = [];
    fixture = await startClient();
    const url = fixture.emulator.url;
    await fixture.emulator.close();
    const client = fixture.clientWith({ baseUrl: url, trace: (line) => lines.push(line) });
    expect((await rejection(client.listBenchmarks('lic-1', 'acc-1'))).code).toBe('service-unreachable');
    expect(lines.join('\n')).toMatch(/^✖ GET \S+\/benchmarks: ECONNREFUSED after [\d.]+ ms$/m);
    fixture = undefined;
  });
});
