import { CspmError } from '../error/cspm-error.js';
import { parseBaseUrl } from './base-url.js';
import { checkOnboardingBody, onboardingKinds, type OnboardingBodies, type OnboardingKind } from './onboarding-body.js';
import { isJobStatus, jobStatusOutcomes, type JobStatus } from './job-status.js';
import { pathIdProblem, pathSegment } from './path-segment.js';
import { Redactor } from './redact.js';
import { assertSecretsLongEnough } from './secret-length.js';
import { documentOf } from './response-shape.js';
import { traceLines } from './request-trace.js';
import { serviceText } from './service-text.js';
import { sendRequest, type ServiceEnvelope, type ServiceRequest } from './send-request.js';
import { TokenSource, type ApplicationCredentials } from './token-source.js';
import { onboardingFailure } from './onboarding-outcome.js';
import { checkTransportLimits, maxBodyRange, timeoutRange } from './transport-limits.js';
import { createTransport } from './transport.js';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** The service's base URL: https, or http on a loopback host (a local emulator). */
  baseUrl: string;
  /** Value of `Ocp-Apim-Subscription-Key`; sent on every request when given. */
  apiKey?: string;
  /** Bearer token of the license, for onboarding. */
  licenseToken?: string;
  /** Bearer token of the account, for the audit and status endpoints. */
  accountToken?: string;
  /** The API application's id and secret; used to obtain the tokens not given. */
  credentials?: ApplicationCredentials;
  /**
   * Deadline of one attempt in ms, from the request to the last byte of the answer
   * (redirects followed included); 30 000 by default, 100 to 3 600 000.
   */
  timeoutMs?: number;
  /**
   * The most bytes of one answer, received and, when compressed, inflated; 512 MiB by
   * default, which is also the most (the answer is parsed as one string). A longer
   * answer is a `response-too-large` error.
   */
  maxBodyBytes?: number;
  /** Retries of a GET after a throttled, unavailable or reset attempt; 3 by default. */
  retries?: number;
  /**
   * Longest `Retry-After` waited for, in ms, and never longer than `timeoutMs`; 30 000
   * by default. A longer one ends the retries with the `service-error`, its `retryAfter` given.
   */
  maxRetryAfterMs?: number;
  /** The fetch to send with; the global one by default. */
  fetch?: typeof globalThis.fetch;
  /**
   * Called with the lines of each attempt (request, headers, body, status, retries),
   * every secret in its placeholder's place (`<LICENSE_TOKEN>`…): what `--debug` prints.
   */
  trace?: (line: string) => void;
}

/** The ids of one audit report: license, account, scan job and benchmark. */
export interface AuditSummaryIds {
  licenseId: string;
  accountId: string;
  jobId: string;
  benchmarkId: string;
}

/** What an onboarding returns: the new account and the scan job the service started for it. */
export interface OnboardedAccount {
  accountId: string;
  jobId: string;
}

/** A benchmark that can be asked of an account. */
export interface BenchmarkRef {
  name: string;
  benchmarkId: string;
}

/** A client of the service's REST API; see {@link createClient}. */
export interface CspmClient {
  /** Onboards an account of `kind` under `licenseId` (sections 4.1–4.3); the body is checked before it is sent. */
  onboardAccount<K extends OnboardingKind>(
    kind: K,
    licenseId: string,
    body: OnboardingBodies[K],
  ): Promise<OnboardedAccount>;
  /**
   * The audit summary (section 4.4), for `loadReports`/`checkReports`: the envelope as
   * received (unwrapped from a one-item array), or the body as received when it holds
   * reports without an envelope, as the specification's sample does.
   */
  getAuditSummary(ids: AuditSummaryIds): Promise<unknown>;
  /** From the service's public documentation: a bearer token for the license, or for one of its accounts. */
  getToken(licenseId: string, accountId?: string): Promise<string>;
  /**
   * From the service's public documentation: the status of a scan job (`Pending`, `New`,
   * `Running`, `Success`, `Failed`); any other status rejects with `service-invalid-response`.
   */
  getJobStatus(ids: Omit<AuditSummaryIds, 'benchmarkId'>): Promise<JobStatus>;
  /** From the service's public documentation: the benchmarks of an account. */
  listBenchmarks(licenseId: string, accountId: string): Promise<BenchmarkRef[]>;
  /** `text` with every secret this client knows replaced by its placeholder (`<API_KEY>`…). */
  redact(text: string): string;
}

/**
 * A client of the service. It checks the base URL and the limits at once (a usage error
 * when the URL is not https and not a loopback host, a secret is under 8 characters for
 * a service that is not on a loopback host, or a limit is out of its range),
 * sends JSON over `fetch` with ky, retries GETs only, follows a redirect only for a GET
 * within the base URL's origin, and rejects with CspmErrors (`service-error`,
 * `service-unreachable`, `service-timeout`, `service-invalid-response`,
 * `service-redirect`, `response-too-large`, `onboarding-outcome-unknown`…) whose
 * messages and data never carry a secret.
 */
export function createClient(options: ClientOptions): CspmClient {
  const base = parseBaseUrl(options.baseUrl);
  assertSecretsLongEnough(base, {
    'license token': options.licenseToken,
    'account token': options.accountToken,
    'API key': options.apiKey,
    'API application secret': options.credentials?.secret,
  });
  const redactor = new Redactor();
  redactor.add('licenseToken', options.licenseToken);
  redactor.add('accountToken', options.accountToken);
  redactor.add('apiKey', options.apiKey);
  redactor.add('applicationSecret', options.credentials?.secret);
  const timeoutMs = options.timeoutMs ?? timeoutRange.default;
  const maxBodyBytes = options.maxBodyBytes ?? maxBodyRange.default;
  checkTransportLimits({ timeoutMs, maxBodyBytes });
  const trace = options.trace;
  const transport = createTransport({
    timeoutMs,
    maxBodyBytes,
    redact: (text) => redactor.redact(text),
    retries: options.retries ?? 3,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 30_000,
    fetch: options.fetch,
    trace: trace && ((event) => traceLines(event, redactor).forEach(trace)),
  });
  const send = (request: ServiceRequest): Promise<ServiceEnvelope> =>
    sendRequest({ transport, redactor, timeoutMs }, request);
  const keyHeader = (): Record<string, string> =>
    options.apiKey ? { 'Ocp-Apim-Subscription-Key': options.apiKey } : {};
  // Each id goes through pathSegment, which encodes it and refuses `.` and `..`; the other segments are the client's
  // own words.
  const url = (segments: readonly string[], query?: Record<string, string>): URL => {
    const target = new URL(`${base.href.replace(/\/$/, '')}/${segments.join('/')}`);
    for (const [name, value] of Object.entries(query ?? {})) target.searchParams.set(name, value);
    return target;
  };

  async function getToken(licenseId: string, accountId?: string): Promise<string> {
    if (!options.credentials)
      throw new CspmError('usage', 'getToken needs the API application credentials', {
        data: { option: 'credentials' },
      });
    const target = url(
      ['authorize', 'license', pathSegment(licenseId, 'license'), 'token'],
      accountId === undefined ? undefined : { accountId },
    );
    const envelope = await send({
      method: 'POST',
      url: target,
      headers: keyHeader(),
      body: { APIApplicationId: options.credentials.applicationId, Secret: options.credentials.secret },
    });
    const token = readString(envelope.result, 'token', target, redactor);
    redactor.add(accountId === undefined ? 'licenseToken' : 'accountToken', token);
    return token;
  }

  const tokens = new TokenSource(options, options.credentials ? getToken : undefined);
  const accountHeaders = async (licenseId: string, accountId: string): Promise<Record<string, string>> => ({
    Authorization: `Bearer ${await tokens.accountToken(licenseId, accountId)}`,
    ...keyHeader(),
  });

  return {
    async onboardAccount(kind, licenseId, body) {
      checkOnboardingBody(kind, body);
      redactor.add('clientSecret', 'ADApplicationClientSecret' in body ? body.ADApplicationClientSecret : undefined);
      const target = url([
        'onboarding',
        'license',
        pathSegment(licenseId, 'license'),
        'account',
        onboardingKinds[kind].path,
      ]);
      const headers = { Authorization: `Bearer ${await tokens.licenseToken(licenseId)}`, ...keyHeader() };
      const envelope = await send({ method: 'POST', url: target, headers, body }).catch((error: unknown) => {
        throw onboardingFailure(error, target, body.AccountName, (text) => redactor.redact(text));
      });
      return {
        accountId: readId(envelope.result, 'accountId', target, redactor),
        jobId: readId(envelope.result, 'jobId', target, redactor),
      };
    },
    async getAuditSummary(ids) {
      const target = url([
        'audit',
        'license',
        pathSegment(ids.licenseId, 'license'),
        'account',
        pathSegment(ids.accountId, 'account'),
        'job',
        pathSegment(ids.jobId, 'job'),
        'benchmark',
        pathSegment(ids.benchmarkId, 'benchmark'),
        'summary',
      ]);
      return documentOf(
        await send({ method: 'GET', url: target, headers: await accountHeaders(ids.licenseId, ids.accountId) }),
      );
    },
    getToken,
    async getJobStatus(ids) {
      const target = url([
        'compliance',
        'license',
        pathSegment(ids.licenseId, 'license'),
        'account',
        pathSegment(ids.accountId, 'account'),
        'job',
        pathSegment(ids.jobId, 'job'),
        'status',
      ]);
      const envelope = await send({
        method: 'GET',
        url: target,
        headers: await accountHeaders(ids.licenseId, ids.accountId),
      });
      const status = readString(envelope.result, 'jobStatus', target, redactor);
      // A status the client does not know cannot be told to end or not: a caller waiting on it would wait in vain.
      if (!isJobStatus(status))
        throw invalidResult(
          target,
          redactor,
          `result has the job status "${serviceText(status, redactor, jobStatusLimit)}", none of ${Object.keys(jobStatusOutcomes).join(', ')}`,
        );
      return status;
    },
    async listBenchmarks(licenseId, accountId) {
      const target = url([
        'audit',
        'license',
        pathSegment(licenseId, 'license'),
        'account',
        pathSegment(accountId, 'account'),
        'benchmarks',
      ]);
      const envelope = await send({ method: 'GET', url: target, headers: await accountHeaders(licenseId, accountId) });
      if (!Array.isArray(envelope.result)) throw invalidResult(target, redactor, 'result is not an array');
      return envelope.result.map((item: unknown) => ({
        name: readString(item, 'name', target, redactor),
        benchmarkId: readId(item, 'benchmarkId', target, redactor),
      }));
    },
    redact: (text) => redactor.redact(text),
  };
}

/** The most of an unknown job status an error shows. */
const jobStatusLimit = 100;

/** The string `field` of a result object; `service-invalid-response` when it is not there. */
function readString(result: unknown, field: string, target: URL, redactor: Redactor): string {
  const value = typeof result === 'object' && result !== null ? (result as Record<string, unknown>)[field] : undefined;
  if (typeof value !== 'string') throw invalidResult(target, redactor, `result has no string ${field}`);
  return value;
}

/**
 * An id the service gave, for later paths: a string that is a path segment, else `service-invalid-response` naming it.
 */
function readId(result: unknown, field: string, target: URL, redactor: Redactor): string {
  const value = readString(result, field, target, redactor);
  const problem = pathIdProblem(value);
  if (problem !== undefined) throw invalidResult(target, redactor, `result's ${field} ${problem}`);
  return value;
}

function invalidResult(target: URL, redactor: Redactor, why: string): CspmError<'service-invalid-response'> {
  const url = redactor.redact(target.href);
  return new CspmError('service-invalid-response', `${url}: ${why}`, { data: { url, status: 200 } });
}
