import { refuseRequest } from '../api-error.js';
import { refusedApplication, requireApiKey } from '../authenticate.js';
import { newToken, sameSecret } from '../credentials.js';
import type { Route } from '../request-context.js';

/**
 * `POST /authorize/license/{license_id}/token[?accountId=]`: exchanges the API
 * application's id and secret for a bearer token bound to the license, or to one of
 * its accounts when `accountId` is given (404 when that account is unknown).
 */
export const tokenRoute: Route = {
  method: 'POST',
  pattern: '/authorize/license/:licenseId/token',
  async handle(context, { params, query, headers, body }) {
    const licenseId = params['licenseId']!;
    requireApiKey(context, headers);
    const value = await body();
    const record =
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined;
    const missing = ['APIApplicationId', 'Secret'].filter((field) => typeof record?.[field] !== 'string');
    if (!record || missing.length > 0)
      throw refuseRequest(400, `the body must be a JSON object with string ${missing.join(', ')}`);
    const { applicationId, applicationSecret } = context.credentials;
    if (
      !sameSecret(record['APIApplicationId'] as string, applicationId) ||
      !sameSecret(record['Secret'] as string, applicationSecret)
    ) {
      throw refusedApplication();
    }
    const accountId = query.get('accountId');
    if (accountId !== null && !context.state.findAccount(licenseId, accountId))
      throw refuseRequest(404, `no account ${accountId} under license ${licenseId}`);
    const token = newToken();
    context.state.addToken(token, { licenseId, accountId });
    return { token };
  },
};
