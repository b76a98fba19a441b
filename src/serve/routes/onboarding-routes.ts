import { accountKindNames, type AccountKind } from '../account-kinds.js';
import { requireLicenseToken } from '../authenticate.js';
import { readOnboardingBody } from '../onboarding-body.js';
import type { Route } from '../request-context.js';

/** `POST /onboarding/license/{license_id}/account/{aws|azure|office}` (sections 4.1–4.3). */
function onboardingRoute(kind: AccountKind): Route {
  return {
    method: 'POST',
    pattern: `/onboarding/license/:licenseId/account/${kind}`,
    async handle(context, request) {
      const licenseId = request.params['licenseId']!;
      requireLicenseToken(context, request.headers, licenseId);
      const fields = readOnboardingBody(kind, await request.body());
      const account = context.state.addAccount(licenseId, kind, fields, context.now(), context.scanOutcome());
      return { accountId: account.accountId, jobId: account.jobId };
    },
  };
}

/** The three onboarding endpoints, one per account kind. */
export const onboardingRoutes: Route[] = accountKindNames.map(onboardingRoute);
