import type { IncomingHttpHeaders } from 'node:http';
import { refuseRequest, type RequestRefusal } from './api-error.js';
import { sameSecret } from './credentials.js';
import type { EmulatorContext } from './request-context.js';

const apiKeyHeader = 'ocp-apim-subscription-key';

/*
 * Every 401 says how to authenticate (RFC 9110, section 11.6.1): the Bearer scheme of
 * RFC 6750 where a token is missing (no error code) or refused (invalid_token), and
 * where the API key is missing or refused, the challenge that Azure API Management,
 * which issues Ocp-Apim-Subscription-Key, answers with.
 */
const realm = 'cspm';
const bearerChallenge = { 'WWW-Authenticate': `Bearer realm="${realm}"` };
const invalidTokenChallenge = { 'WWW-Authenticate': `Bearer realm="${realm}", error="invalid_token"` };
const apiKeyChallenge = {
  'WWW-Authenticate': `AzureApiManagementKey realm="${realm}", name="Ocp-Apim-Subscription-Key", type="header"`,
};

/** The token of an `Authorization: Bearer <token>` header; 401 when there is none. */
function bearerToken(headers: IncomingHttpHeaders): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  if (!match?.[1]) throw refuseRequest(401, 'missing Authorization header with a Bearer token', bearerChallenge);
  return match[1];
}

/** Checks `Ocp-Apim-Subscription-Key`: 401 when missing or not the emulator's API key. */
export function requireApiKey(context: EmulatorContext, headers: IncomingHttpHeaders): void {
  const key = headers[apiKeyHeader];
  if (typeof key !== 'string' || key === '')
    throw refuseRequest(401, 'missing Ocp-Apim-Subscription-Key header', apiKeyChallenge);
  if (!sameSecret(key, context.credentials.apiKey))
    throw refuseRequest(401, 'invalid Ocp-Apim-Subscription-Key', apiKeyChallenge);
}

/**
 * The 401 of a token exchange whose application id or secret is wrong: the route's only
 * HTTP credential is the API key, so its challenge is the one a 401 there can carry.
 */
export function refusedApplication(): RequestRefusal {
  return refuseRequest(401, 'invalid APIApplicationId or Secret', apiKeyChallenge);
}

/** Checks the bearer license token: the emulator's own, or one issued for this license. */
export function requireLicenseToken(context: EmulatorContext, headers: IncomingHttpHeaders, licenseId: string): void {
  const token = bearerToken(headers);
  if (sameSecret(token, context.credentials.licenseToken)) return;
  const binding = context.state.findToken(token);
  if (binding?.licenseId === licenseId && binding.accountId === null) return;
  throw refuseRequest(401, `the bearer token is not a license token of license ${licenseId}`, invalidTokenChallenge);
}

/** Checks the bearer account token (the emulator's own, or one issued for this account) and the API key. */
export function requireAccountToken(
  context: EmulatorContext,
  headers: IncomingHttpHeaders,
  licenseId: string,
  accountId: string,
): void {
  const token = bearerToken(headers);
  const binding = context.state.findToken(token);
  const bound = binding?.licenseId === licenseId && binding.accountId === accountId;
  if (!bound && !sameSecret(token, context.credentials.accountToken))
    throw refuseRequest(401, `the bearer token is not an account token of account ${accountId}`, invalidTokenChallenge);
  requireApiKey(context, headers);
}
