import { defineConfig } from 'vitest/config';

/**
 * The end-to-end tier (`npm run test:e2e`): the package as npm packs, installs and
 * builds it from a clone or a git URL, the Action set up from a clean clone, and the
 * container image. Each runs npm or a build for a minute or more, so they stay out of
 * `npm test`; `.ci/run` runs both tiers.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
