import { defineConfig } from 'vitest/config';

/**
 * The end-to-end tier (`npm run test:e2e`): the package as npm packs, installs and
 * builds it from a clone or a git URL, the Action set up from a clean clone, the
 * container image, and the compilers run over the whole public entry (a consumer of the
 * published types, TypeDoc's conversion for the API reference). Each runs npm, a build
 * or a compiler for many CPU-seconds, so they stay out of `npm test`; `.ci/run` runs
 * both tiers.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
