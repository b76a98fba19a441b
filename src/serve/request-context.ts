import type { IncomingHttpHeaders } from 'node:http';
import type { EmulatorCredentials } from './credentials.js';
import type { EmulatorState } from './emulator-state.js';
import type { JobOutcome } from './job-status.js';
import type { ReportLibrary } from './report-library.js';

/** What every route handler may use: the emulator's state and settings. */
export interface EmulatorContext {
  state: EmulatorState;
  credentials: EmulatorCredentials;
  reports: ReportLibrary;
  /** How long a scan job takes, in ms (0: done at once). */
  scanMs: number;
  /** How a scan job started now will end (Failed at the share FaultOptions.scanFailureRate). */
  scanOutcome(): JobOutcome;
  now(): number;
}

/** One request as a route handler sees it. */
export interface RouteRequest {
  /** Path parameters by the names of the route's pattern, decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Reads and parses the JSON body (bounded; 400 or 413 on a bad one). */
  body(): Promise<unknown>;
}

/**
 * An endpoint: its method, its path pattern (`:name` segments) and its handler, which returns the envelope's result.
 */
export interface Route {
  method: 'GET' | 'POST';
  pattern: string;
  handle(context: EmulatorContext, request: RouteRequest): unknown;
}
