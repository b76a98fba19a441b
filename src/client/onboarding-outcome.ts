import { CspmError, isCspmError } from '../error/cspm-error.js';
import { hostAndPort, networkErrorCode } from './network-failure.js';

/**
 * An onboarding's failure as the caller must read it. When the connection broke or the
 * deadline passed after the request was sent, the service may have made the account
 * and its answer was lost: "try again" would make a second account, so the error says
 * that the outcome is unknown and how to find out. Other failures pass unchanged.
 */
export function onboardingFailure(
  error: unknown,
  target: URL,
  accountName: string,
  redact: (text: string) => string,
): unknown {
  if (!isCspmError(error) || (error.code !== 'service-connection-reset' && error.code !== 'service-timeout'))
    return error;
  const url = redact(target.href);
  const host = hostAndPort(target);
  const lost =
    error.code === 'service-timeout'
      ? `no complete answer came within ${(error.data as { timeoutMs: number }).timeoutMs} ms`
      : `the connection to ${host} broke before the answer was complete`;
  const reason = error.code === 'service-timeout' ? 'timeout' : (networkErrorCode(error.cause) ?? 'terminated');
  return new CspmError(
    'onboarding-outcome-unknown',
    `POST ${url}: the request was sent but ${lost}, so the account ${JSON.stringify(redact(accountName))} may or may not have been created. Do not onboard it again before finding out: look for it among the license's accounts in the service's console (a second onboarding makes a second account)`,
    { data: { url, host, reason }, cause: error },
  );
}
