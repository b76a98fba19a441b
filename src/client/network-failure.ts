import { CspmError } from '../error/cspm-error.js';
import type { Redactor } from './redact.js';

/** Codes of a host name that does not resolve: unknown, or no answer from DNS. */
const unknownHostCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME']);

/** Codes of a connection that broke after it was made, as Node's fetch reports them. */
const resetCodes: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/**
 * True when a fetch failed because its connection broke after it was made: a reset, or
 * the body cut short, which Node's fetch reports as a TypeError `terminated`.
 */
export function isConnectionBroken(error: unknown): boolean {
  const code = networkErrorCode(error);
  return (code !== undefined && resetCodes.has(code)) || (error instanceof TypeError && error.message === 'terminated');
}

/** The `code` of the innermost cause of a fetch failure (`ECONNREFUSED`, `ENOTFOUND`…). */
export function networkErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  let code: string | undefined;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const value = (current as Error & { code?: unknown }).code;
    if (typeof value === 'string') code = value;
    current = current.cause;
  }
  return code;
}

/** `host:port` of a URL, the port given even when it is the scheme's: what a firewall rule or a proxy log names. */
export function hostAndPort(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

/**
 * A network failure of a request (sending it or reading its answer) as the CspmError
 * that says what broke: a host that does not resolve, a connection reset, else the
 * service unreachable. Messages name host and port and the request with its secrets
 * redacted, never the error's own text alone (which can hold the URL unredacted).
 */
export function networkFailure(error: unknown, url: URL, where: string, redactor: Redactor): CspmError {
  const code = networkErrorCode(error);
  const host = hostAndPort(url);
  const redacted = redactor.redact(url.href);
  if (code !== undefined && unknownHostCodes.has(code)) {
    return new CspmError(
      'service-host-unknown',
      `${url.hostname} does not resolve (${code}), so ${host} cannot be reached (${where}); check the base URL and the DNS`,
      { data: { url: redacted, host }, cause: error },
    );
  }
  if (isConnectionBroken(error)) {
    return new CspmError(
      'service-connection-reset',
      `the connection to ${host} broke before the answer was complete (${code ?? 'terminated'}; ${where}); try again`,
      { data: { url: redacted, host }, cause: error },
    );
  }
  const reason = error instanceof Error ? describeNetworkError(error) : String(error);
  return new CspmError('service-unreachable', `${where}: ${redactor.redact(reason)}`, {
    data: { url: redacted },
    cause: error,
  });
}

/** The innermost cause of a network failure, which names what went wrong (`ECONNREFUSED`). */
function describeNetworkError(error: Error): string {
  let current: Error = error;
  while (current.cause instanceof Error) current = current.cause;
  const code = (current as Error & { code?: unknown }).code;
  return typeof code === 'string' && !current.message.includes(code) ? `${code} ${current.message}` : current.message;
}
