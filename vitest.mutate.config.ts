import { defineConfig } from 'vitest/config';

/**
 * The tests that `npm run mutate` (stryker.config.mjs) runs against each mutant of the
 * verdict modules: the unit tests of those modules (test/gate, test/analyse, test/model, the folding
 * of coded values, the proof that no key repeats, the verdicts and scan order of jobs, the client's redaction) and the
 * analysis tests beside them. Stryker runs, for each mutant, the tests that reach it, and
 * each run loads their files again: the in-process CLI tests, the client's tests against
 * a live emulator and the renderers reach the same code through the whole pipeline and
 * would make a run of the verdict modules take hours on two cores rather than minutes.
 */
export default defineConfig({
  test: {
    include: [
      'test/gate/**/*.test.ts',
      'test/analyse/**/*.test.ts',
      'test/model/**/*.test.ts',
      'test/validate/fold-coded-values.test.ts',
      'test/load/repeated-key-proof.test.ts',
      'test/jobs/verdicts.test.ts',
      'test/jobs/exceptions/read-exceptions.test.ts',
      'test/jobs/exceptions/import-exceptions.test.ts',
      'test/jobs/exceptions/merge-outcomes.test.ts',
      'test/jobs/exceptions/check-exceptions.test.ts',
      'test/jobs/exceptions/exceptions-check-verdict.test.ts',
      'test/jobs/exceptions/ticket-link.test.ts',
      'test/text/glob.test.ts',
      'test/jobs/gate-result-record.test.ts',
      'test/jobs/scan-order.test.ts',
      'test/jobs/shard/verify-partials.test.ts',
      'test/client/redact.test.ts',
      'test/client/request-trace.test.ts',
      'test/render/findings/stated-verdict.test.ts',
      'test/render/findings/gitlab-format.test.ts',
      'test/jobs/settings/config-scope.test.ts',
      'test/jobs/settings/run-settings.test.ts',
      'test/jobs/settings/load-config.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
