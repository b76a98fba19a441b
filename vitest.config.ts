import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The end-to-end tier (vitest.e2e.config.ts, `npm run test:e2e`): npm installs and builds of minutes.
    exclude: [...configDefaults.exclude, 'test/e2e/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
