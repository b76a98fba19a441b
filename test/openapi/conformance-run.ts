import { afterEach } from 'vitest';
import {
  createClient,
  createEmulator,
  type ClientOptions,
  type CspmClient,
  type Emulator,
  type EmulatorOptions,
} from '../../src/index.js';
import { secrets } from '../client/client-fixture.js';
import { createServiceConformance, type Exchange } from '../support/openapi-conformance.js';
import { recordFetch } from '../support/recording-fetch.js';

/** An emulator, clients of it that send through one recording fetch, and the checks of what they exchanged. */
export interface ConformanceRun {
  emulator: Emulator;
  exchanges: Exchange[];
  /** A client with the test tokens and API key, `options` on top. */
  client(options?: Partial<ClientOptions>): CspmClient;
  /** A request the client refuses to make (no token, a body it would reject), through the same recording fetch. */
  send(method: string, path: string, init?: { headers?: Record<string, string>; body?: unknown }): Promise<Response>;
  /** What is wrong with every exchange so far, by the service's OpenAPI document. */
  problems(): string[];
}

const conformance = createServiceConformance();

/** A function that starts a run; the runs it started are closed after each test of the calling file. */
export function useConformanceRun(): (options?: EmulatorOptions) => Promise<ConformanceRun> {
  const started: Emulator[] = [];
  afterEach(async () => {
    for (const emulator of started.splice(0)) await emulator.close();
  });
  return async (options = {}) => {
    const emulator = await createEmulator({ credentials: secrets, ...options });
    started.push(emulator);
    const recorder = recordFetch();
    return {
      emulator,
      exchanges: recorder.exchanges,
      client: (more = {}) =>
        createClient({
          baseUrl: emulator.url,
          licenseToken: secrets.licenseToken,
          accountToken: secrets.accountToken,
          apiKey: secrets.apiKey,
          fetch: recorder.fetch,
          ...more,
        }),
      send: (method, path, { headers = {}, body } = {}) =>
        recorder.fetch(`${emulator.url}${path}`, {
          method,
          headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      problems: () => recorder.exchanges.flatMap((exchange) => conformance.checkExchange(exchange)),
    };
  };
}

/** The operationIds of the documented operations that the exchanges' requests matched, sorted, each once. */
export function operationIdsOf(exchanges: readonly Exchange[]): string[] {
  const ids = exchanges.map(({ request }) => conformance.operationOf(request)?.operation['operationId']);
  return [...new Set(ids.filter((id) => id !== undefined).map(String))].sort();
}
