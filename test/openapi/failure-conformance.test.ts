import { describe, expect, it } from 'vitest';
import type { EmulatorOptions } from '../../src/index.js';
import { bodies, secrets } from '../client/client-fixture.js';
import { useConformanceRun, type ConformanceRun } from './conformance-run.js';

const start = useConformanceRun();
const licenseId = 'lic-1';
const credentials = { applicationId: secrets.applicationId, secret: secrets.applicationSecret };

/** Onboards an AWS account with a well-configured client: the ids the failing request uses. */
const onboard = (run: ConformanceRun) => run.client().onboardAccount('aws', licenseId, bodies.aws);

interface FailureCase {
  name: string;
  emulator?: EmulatorOptions;
  /** The request that fails; what it resolves or rejects with does not matter here. */
  act(run: ConformanceRun): Promise<unknown>;
  status: number;
  /** What is wrong with the request on purpose, when the client could not have sent it. */
  requestProblem?: RegExp;
}

const cases: FailureCase[] = [
  {
    name: 'no bearer token',
    act: (run) => run.send('POST', `/onboarding/license/${licenseId}/account/aws`, { body: bodies.aws }),
    status: 401,
    requestProblem: /no security requirement is met/,
  },
  {
    name: 'a wrong license token',
    act: (run) => run.client({ licenseToken: 'WRONG-TOKEN' }).onboardAccount('azure', licenseId, bodies.azure),
    status: 401,
  },
  {
    name: 'a wrong account token',
    act: async (run) =>
      run.client({ accountToken: 'WRONG-TOKEN' }).listBenchmarks(licenseId, (await onboard(run)).accountId),
    status: 401,
  },
  {
    name: 'a wrong API key on a GET',
    act: async (run) => run.client({ apiKey: 'WRONG-KEY' }).getJobStatus({ licenseId, ...(await onboard(run)) }),
    status: 401,
  },
  {
    name: 'a wrong API key on the token exchange',
    act: (run) => run.client({ apiKey: 'WRONG-KEY', credentials }).getToken(licenseId),
    status: 401,
  },
  {
    name: 'a wrong application secret',
    act: (run) => run.client({ credentials: { ...credentials, secret: 'WRONG-SECRET' } }).getToken(licenseId),
    status: 401,
  },
  {
    name: 'an unknown account',
    act: (run) => run.client().getJobStatus({ licenseId, accountId: 'no-such-account', jobId: 'no-such-job' }),
    status: 404,
  },
  {
    name: 'an unknown job',
    act: async (run) =>
      run.client().getJobStatus({ licenseId, accountId: (await onboard(run)).accountId, jobId: 'no-such-job' }),
    status: 404,
  },
  {
    name: 'an unknown benchmark',
    act: async (run) =>
      run.client().getAuditSummary({ licenseId, ...(await onboard(run)), benchmarkId: 'NO-SUCH-BENCHMARK' }),
    status: 404,
  },
  {
    name: 'a token for an unknown account',
    act: (run) => run.client({ credentials }).getToken(licenseId, 'no-such-account'),
    status: 404,
  },
  {
    name: 'an onboarding body missing a field',
    act: (run) =>
      run.send('POST', `/onboarding/license/${licenseId}/account/azure`, {
        headers: { Authorization: `Bearer ${secrets.licenseToken}` },
        body: { ...bodies.azure, SubscriptionId: undefined },
      }),
    status: 400,
    requestProblem: /request body: must have required property 'SubscriptionId'/,
  },
  {
    name: 'a token request missing the secret',
    act: (run) =>
      run.send('POST', `/authorize/license/${licenseId}/token`, {
        headers: { 'Ocp-Apim-Subscription-Key': secrets.apiKey },
        body: { APIApplicationId: secrets.applicationId },
      }),
    status: 400,
    requestProblem: /request body: must have required property 'Secret'/,
  },
  {
    name: 'a summary before the scan is done',
    emulator: { scanSeconds: 3600 },
    act: async (run) => run.client().getAuditSummary({ licenseId, ...(await onboard(run)), benchmarkId: 'CISAWS140' }),
    status: 409,
  },
  {
    name: 'a request above the rate limit',
    emulator: { rateLimit: 1, now: () => 0 },
    act: async (run) => run.client({ retries: 0 }).getJobStatus({ licenseId, ...(await onboard(run)) }),
    status: 429,
  },
  {
    name: 'an injected failure',
    emulator: { failRate: 1 },
    act: (run) => run.client({ retries: 0 }).listBenchmarks(licenseId, 'acc-1'),
    status: 503,
  },
  {
    name: 'a body above the size limit',
    emulator: { maxBodyBytes: 256 },
    act: (run) => run.client().onboardAccount('aws', licenseId, { ...bodies.aws, AccountName: 'x'.repeat(1000) }),
    status: 413,
  },
];

describe('failures the emulator answers, held to the OpenAPI document', () => {
  it.each(cases)(
    'answers $name with $status, request and response as documented',
    async ({ emulator, act, status, requestProblem }) => {
      const run = await start(emulator);
      await act(run).catch(() => undefined);
      expect(run.exchanges.at(-1)?.response.status).toBe(status);
      const problems = run.problems();
      if (requestProblem === undefined) expect(problems).toEqual([]);
      else expect(problems).toEqual([expect.stringMatching(requestProblem)]);
    },
  );
});
