import { CspmError } from '../error/cspm-error.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorEnvelope, isRequestRefusal, refuseRequest, successEnvelope, type ApiEnvelope } from './api-error.js';
import { answerClientError } from './client-error.js';
import { makeCredentials, type CredentialOptions, type EmulatorCredentials } from './credentials.js';
import { createDocumentRoute } from './document-route.js';
import { EmulatorState, type StateLimits } from './emulator-state.js';
import { makeFaults, makeScanOutcome, type FaultOptions } from './faults.js';
import { packageRoot } from '../package-root.js';
import { matchRoute } from './match-route.js';
import { readJsonBody } from './read-json-body.js';
import { isLoopbackAddress } from './loopback.js';
import { loadReportLibrary, type ReportLibrary } from './report-library.js';
import type { EmulatorContext } from './request-context.js';
import { routes } from './routes/routes.js';
import { createSiteRoute, sitePath } from './site-files.js';
import { resolveSiteFolder } from './site-folder.js';

/** Options of {@link createEmulator}. */
export interface EmulatorOptions extends FaultOptions, StateLimits {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Address to listen on; 127.0.0.1 (loopback only) by default. */
  host?: string;
  /** Folder of the reports to serve (its `*.json` files); the package's samples/ by default. */
  reports?: string | URL;
  /** Credentials accepted for every license and account; those left out are random. */
  credentials?: CredentialOptions;
  /**
   * Seconds a scan job takes (New, Running, then Success, or Failed at `scanFailureRate`); 0, done at once, by
   * default.
   */
  scanSeconds?: number;
  /** Largest request body in bytes (413 above); 1 MiB by default. */
  maxBodyBytes?: number;
  /**
   * Time allowed to receive a whole request (headers and body), in ms; 30 s by default.
   * A request still arriving then is answered 408 within a quarter of it (1 s at most) more.
   */
  requestTimeoutMs?: number;
  /** Clock in ms (Date.now by default). */
  now?: () => number;
  /**
   * Folder of a built site (`cspm-report site -o FOLDER`) to serve as static files under
   * `/site/`; checked before listening (a usage error when missing, not a folder, or
   * without index.html). Nothing is served under /site/ without it.
   */
  site?: string;
}

/** A running emulator. */
export interface Emulator {
  /** Base URL, `http://127.0.0.1:PORT`. */
  url: string;
  /**
   * Whether it listens on a loopback address only. When not, requests, with their tokens
   * and API key, travel unencrypted over the network (the emulator has no TLS).
   */
  loopbackOnly: boolean;
  credentials: EmulatorCredentials;
  /** URL of the site's page, `http://127.0.0.1:PORT/site/`, when a site is served. */
  siteUrl: string | undefined;
  /** What is served, and what of the reports folder was left out. */
  reports: Pick<ReportLibrary, 'size' | 'skipped'>;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/**
 * Starts a local emulator of the service's REST API on `node:http`: onboarding, token
 * exchange, scan status, benchmarks and the audit summary, state in memory, and the
 * self-contained OpenAPI document at `GET /openapi.json` (not an endpoint of the service). It changes
 * no process-wide state; the caller decides when to close it.
 */
export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const now = options.now ?? Date.now;
  const context: EmulatorContext = {
    state: new EmulatorState(options),
    credentials: makeCredentials(options.credentials),
    reports: await loadReportLibrary(options.reports ?? new URL('samples/', packageRoot)),
    scanMs: Math.max(0, (options.scanSeconds ?? 0) * 1000),
    scanOutcome: makeScanOutcome(options),
    now,
  };
  const faults = makeFaults(options, now);
  const answerDocument = createDocumentRoute();
  const answerSite = options.site === undefined ? undefined : createSiteRoute(await resolveSiteFolder(options.site));
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  // Loaded here, not at the top: the command line loads this module for every command,
  // and node:http (with net and its streams) only for `serve`.
  const { createServer } = await import('node:http');
  // Node checks its request and headers timeouts every connectionsCheckingInterval
  // (30 s by default), so a 30 s limit would end a request at 30 to 60 s; checking every
  // quarter of the limit, at most every second, keeps the answer within 1 s of it.
  const server = createServer(
    { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: checkingInterval(requestTimeout) },
    (request, response) => {
      void answer(request, response).catch(() => response.destroy());
    },
  );
  server.on('clientError', answerClientError);

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (answerDocument(request, response) || answerSite?.(request, response) === true) return;
    try {
      await faults();
      const url = new URL(request.url ?? '/', 'http://emulator.invalid');
      const { route, params } = matchRoute(routes, request.method ?? 'GET', url.pathname);
      const result = await route.handle(context, {
        params,
        query: url.searchParams,
        headers: request.headers,
        body: () => readJsonBody(request, maxBodyBytes),
      });
      send(response, 200, successEnvelope(result));
    } catch (error) {
      const failure = isRequestRefusal(error) ? error : refuseRequest(500, 'internal error of the emulator');
      for (const [name, value] of Object.entries(failure.data.headers)) response.setHeader(name, value);
      send(response, failure.data.status, errorEnvelope(failure));
    }
  }

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(listenFailure(error, host, options.port ?? 0)));
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${shownHost}:${address.port}`;
  return {
    url,
    siteUrl: answerSite === undefined ? undefined : `${url}${sitePath}`,
    loopbackOnly: isLoopbackAddress(address.address),
    credentials: context.credentials,
    reports: { size: context.reports.size, skipped: context.reports.skipped },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Every quarter of the request limit, at most every second; Node's 30 s when there is no limit (0). */
function checkingInterval(requestTimeout: number): number {
  return requestTimeout > 0 ? Math.ceil(Math.min(1000, Math.max(10, requestTimeout / 4))) : 30_000;
}

function send(response: ServerResponse, status: number, envelope: ApiEnvelope): void {
  if (response.headersSent) return;
  const body = JSON.stringify(envelope);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
}

/**
 * Failures to listen that the command line can fix are usage errors that say how: a
 * port another program holds, a port below 1024 without the privilege, a host that is
 * not an address of this machine. Anything else is passed on as it is.
 */
function listenFailure(error: Error & { code?: string }, host: string, port: number): Error {
  const data = { host, port };
  switch (error.code) {
    case 'EADDRINUSE':
      return new CspmError('port-in-use', `${host}:${port} is already in use by another program`, {
        data,
        cause: error,
      });
    case 'EACCES':
      return new CspmError(
        'port-not-allowed',
        `${host}:${port}: this user may not listen on port ${port} (ports below 1024 need privileges)`,
        { data, cause: error },
      );
    case 'EADDRNOTAVAIL':
      return new CspmError('host-not-local', `${host}:${port} cannot be listened on`, { data, cause: error });
    default:
      return error;
  }
}
