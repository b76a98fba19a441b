import type { Redactor } from './redact.js';

/** One step of the client's exchange with the service, as `trace` receives it. */
export type TraceEvent =
  | { kind: 'request'; method: string; url: string; headers: [string, string][]; body?: string; attempt: number }
  | { kind: 'response'; method: string; url: string; status: number; ms: number }
  | { kind: 'failure'; method: string; url: string; reason: string; ms: number }
  | { kind: 'retry'; method: string; url: string; attempt: number; reason: string };

/** Headers worth a line of a trace: what the service authenticates and reads. */
const shownHeaders = new Set(['authorization', 'ocp-apim-subscription-key', 'content-type', 'accept']);

/**
 * A trace event as lines a person reads (`--debug`): the request with its headers and
 * body, then the status and time, every secret the client knows in its placeholder's
 * place. A header the client does not know as a secret but that carries one by its
 * nature (Authorization, the API key) is hidden whole, so that nothing slips through.
 */
export function traceLines(event: TraceEvent, redactor: Redactor): string[] {
  switch (event.kind) {
    case 'request': {
      const retry = event.attempt > 0 ? ` (retry ${event.attempt})` : '';
      const lines = [`→ ${event.method} ${redactor.redact(event.url)}${retry}`];
      for (const [name, value] of event.headers) {
        if (shownHeaders.has(name.toLowerCase())) lines.push(`  ${name}: ${hideHeader(name, redactor.redact(value))}`);
      }
      if (event.body !== undefined) lines.push(`  ${redactor.redactBody(event.body)}`);
      return lines;
    }
    case 'response':
      return [`← ${event.status} ${event.method} ${redactor.redact(event.url)} in ${milliseconds(event.ms)}`];
    case 'failure':
      return [
        `✖ ${event.method} ${redactor.redact(event.url)}: ${redactor.redact(event.reason)} after ${milliseconds(event.ms)}`,
      ];
    case 'retry':
      return [
        `↻ ${event.method} ${redactor.redact(event.url)}: retry ${event.attempt} after ${redactor.redact(event.reason)}`,
      ];
  }
}

function hideHeader(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'authorization') return /^Bearer <[A-Z_]+>$/.test(value) ? value : 'Bearer <TOKEN>';
  if (lower === 'ocp-apim-subscription-key') return /^<[A-Z_]+>$/.test(value) ? value : '<API_KEY>';
  return value;
}

function milliseconds(ms: number): string {
  return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}
