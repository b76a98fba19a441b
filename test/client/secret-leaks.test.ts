import { afterEach, describe, expect, it } from 'vitest';
import { createClient, createEmulator, type Emulator } from '../../src/index.js';
import { runInProcess } from '../support/cli-run.js';
import { rejection } from './client-fixture.js';
import { startHostileServer, type HostileServer } from '../support/hostile-server.js';

/** Secrets with the characters that JSON escapes: a quote, a backslash, a control character. */
const awkward = {
  licenseToken: 'LICENSE"TOKEN\\1a2b',
  accountToken: 'ACCOUNT-TOKEN-3c4d',
  apiKey: 'API+KEY/5e6f"\\',
  applicationId: 'app-id',
  applicationSecret: 'APP"SECRET\\7a8b\u0007x',
};
const clientSecret = 'AD"CLIENT\\SECRET\u0001\u001b[31m9f0e';

/** Every spelling a leak could take: as is, JSON-escaped, URL-encoded, base64 and base64url. */
function spellingsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const base64 = Buffer.from(secret).toString('base64');
  return [
    secret,
    json,
    encodeURIComponent(secret),
    base64.replace(/=+$/, ''),
    Buffer.from(secret).toString('base64url'),
  ];
}

function expectNoSpelling(text: string, secrets: readonly string[]): void {
  for (const secret of secrets) for (const spelling of spellingsOf(secret)) expect(text).not.toContain(spelling);
}

let emulator: Emulator | undefined;
let server: HostileServer | undefined;
afterEach(async () => {
  await emulator?.close();
  await server?.close();
  emulator = undefined;
  server = undefined;
});

describe('no secret leaves in any spelling', () => {
  it('--debug shows the onboarding body and the token exchange with secrets holding ", \\ and control characters as placeholders', async () => {
    emulator = await createEmulator({ credentials: awkward });
    const env = {
      CSPM_BASE_URL: emulator.url,
      CSPM_API_KEY: awkward.apiKey,
      CSPM_APP_ID: awkward.applicationId,
      CSPM_APP_SECRET: awkward.applicationSecret,
      CSPM_AD_CLIENT_SECRET: clientSecret,
    };
    const flags = [
      '--license',
      'L1',
      '--account-name',
      'Payments',
      '--domain-name',
      'contoso.com',
      '--tenant-id',
      't-1',
      '--ad-application-client-id',
      'c-1',
      '--subscription-id',
      'sub-1',
    ];
    const result = await runInProcess(['onboard', 'azure', ...flags, '--wait', '--poll-seconds', '0.01', '--debug'], {
      env,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('"ADApplicationClientSecret":"<AD_APPLICATION_CLIENT_SECRET>"');
    expect(result.stderr).toContain('"Secret":"<API_APPLICATION_SECRET>"');
    expectNoSpelling(`${result.stdout}${result.stderr}`, [
      ...Object.values(awkward).filter((value) => value !== awkward.applicationId),
      clientSecret,
    ]);
  });

  it('hides the API key a service message echoes in base64, standard or URL-safe, alone or in a Basic pair', async () => {
    const apiKey = 'API-KEY-5e6f?>>~';
    const echoes = [
      Buffer.from(apiKey).toString('base64'),
      Buffer.from(apiKey).toString('base64url'),
      Buffer.from(`app-id:${apiKey}`).toString('base64'),
      Buffer.from(`x:${apiKey}`).toString('base64'),
    ];
    server = await startHostileServer(() => ({
      status: 401,
      body: { statusCode: 401, message: `invalid subscription key: ${echoes.join(' ')}` },
    }));
    const client = createClient({ baseUrl: server.url, apiKey, accountToken: 'ACCOUNT-TOKEN-3c4d', retries: 0 });
    const error = await rejection(client.getJobStatus({ licenseId: 'L1', accountId: 'A1', jobId: 'J1' }));
    expect(error.code).toBe('service-error');
    const shown = `${error.message} ${JSON.stringify(error.data)}`;
    expect(shown).toContain('<API_KEY>');
    for (const echo of echoes) expect(shown).not.toContain(echo.slice(4, 16));
    expectNoSpelling(shown, [apiKey]);
  });

  it('redacts a body that is not JSON before cutting its excerpt: no first characters of a secret', async () => {
    const accountToken = 'Zq9Xw2-token-0123456789';
    server = await startHostileServer(() => ({
      status: 200,
      body: `<html>${'x'.repeat(60)} token=${accountToken}</html>`,
    }));
    const client = createClient({ baseUrl: server.url, accountToken, retries: 0 });
    const error = await rejection(client.getJobStatus({ licenseId: 'L1', accountId: 'A1', jobId: 'J1' }));
    expect(error.code).toBe('service-invalid-response');
    expect(error.message).toContain('body is not JSON');
    expect(error.message).not.toContain(accountToken.slice(0, 5));
  });
});
