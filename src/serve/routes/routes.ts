import type { Route } from '../request-context.js';
import { benchmarksRoute, jobStatusRoute, summaryRoute } from './audit-routes.js';
import { onboardingRoutes } from './onboarding-routes.js';
import { tokenRoute } from './token-route.js';

/** Every endpoint of the emulator: a new one is a file in this folder and a line here. */
export const routes: readonly Route[] = [
  ...onboardingRoutes,
  summaryRoute,
  benchmarksRoute,
  jobStatusRoute,
  tokenRoute,
];
