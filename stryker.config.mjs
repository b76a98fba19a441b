// @ts-check
/**
 * `npm run mutate`: mutation testing (StrykerJS) of the modules that decide verdicts.
 *
 * Only these files are mutated: they turn figures into pass or fail (gate evaluation,
 * scope selection, bounds, the gate's own fail-closed assertions and its metrics),
 * rank severities and colours (an unknown value must rank as the worst), fail closed
 * on untrustworthy inputs (--fail-on, the check verdict, scan order), classify and
 * count the changes of a diff, compute the compliance percent, and keep the client's
 * secrets out of messages and traces. A surviving mutant there is a verdict, an order
 * or a secret that no test pins; renderers, loaders and the CLI's wiring are covered
 * by the ordinary suite and their mutants would cost hours without guarding a verdict.
 *
 * Not part of `npm test`: a run takes minutes (see the README, "Mutation testing").
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  mutate: [
    // Gate evaluation and selection.
    'src/gate/evaluate-gate.ts',
    'src/gate/select-reports.ts',
    'src/text/glob.ts',
    'src/gate/scope-counts.ts',
    'src/gate/bounds.ts',
    'src/gate/baseline.ts',
    'src/gate/untrusted-inputs.ts',
    'src/gate/lost-reports.ts',
    // Each metric's measure; gate-metrics.ts is only their registry.
    'src/gate/metrics/*.ts',
    '!src/gate/metrics/gate-metrics.ts',
    // The checks of a rules file that decide what an assertion measures: the keys a
    // metric reads, min above max, and the severity it reads. These are the lines of
    // normalise and severityOf: move the range with them when the file changes.
    'src/gate/parse-gate-rules.ts:84-140',
    // Accepted risks: which policies an exception covers, its state on the run's day, what the
    // gate leaves out of its counts, and the checks of the file that a verdict rests on.
    'src/analyse/exceptions/*.ts',
    'src/analyse/diff/diff-acceptance.ts',
    'src/gate/accepted-scope.ts',
    // What the fleet tier counts per account: accepted policies, and the expired exceptions whose policies fail again.
    'src/analyse/fleet/fleet-accepted.ts',
    'src/text/calendar-day.ts',
    'src/validate/exceptions/exceptions-of.ts',
    'src/jobs/exceptions/merge-outcomes.ts',
    // `exceptions check`: an exception's state by its dates alone, and what fails the check.
    'src/jobs/exceptions/check-exceptions.ts',
    'src/jobs/exceptions/exceptions-check-verdict.ts',
    // A ticket's link: which templates may make one, and how the ticket is encoded into it.
    'src/jobs/exceptions/ticket-link.ts',
    // A trend's exceptions: each scan judged on its own day, and which scan is the latest whose states are warned of.
    'src/analyse/trend/scan-exceptions.ts',
    'src/analyse/trend/latest-scan.ts',
    // Severity and colour ranking, and the folding of coded values they rely on.
    'src/analyse/severity-rank.ts',
    'src/analyse/colour-rank.ts',
    'src/model/observed-values.ts',
    'src/validate/fold-coded-values.ts',
    // Fail-on and fail-closed, and the guard that keeps a rule marking an unusable input from being silenced.
    'src/model/fail-closed.ts',
    'src/model/unusable-input.ts',
    'src/analyse/silencing-guard.ts',
    // The proof that a text holds no repeated key: one it passes wrongly hides a value JSON.parse dropped.
    'src/load/repeated-key-proof.ts',
    'src/jobs/verdicts.ts',
    // The gate's --result record: its status fails on untrusted inputs whatever the assertions say.
    'src/jobs/gate-result-record.ts',
    'src/jobs/scan-order.ts',
    // Merge's verification of the shards: settings, run, coverage of the inputs, digests.
    'src/jobs/shard/verify-partials.ts',
    // What every findings format states as failed, and GitLab's severities that state it.
    'src/render/findings/stated-verdict.ts',
    'src/render/findings/gitlab/regression-issues.ts',
    // Diff classification and counting.
    'src/analyse/diff/classify-change.ts',
    'src/analyse/diff/count-regressions.ts',
    'src/analyse/diff/pair-reports.ts',
    'src/analyse/diff/match-policies.ts',
    // The ranking of a diff's accounts: what cannot be compared first, and accepted changes left out of regressions.
    'src/analyse/diff/rank-accounts.ts',
    // Percent formulas.
    'src/analyse/percent-formulas.ts',
    // Redaction of the client's secrets in messages and --debug traces.
    'src/client/redact.ts',
    'src/client/request-trace.ts',
    // What a config file may set, what of it weakens a verdict, the record of its settings, and
    // what --strict-config refuses of it.
    'src/jobs/settings/config-scope.ts',
    'src/jobs/settings/run-settings.ts',
    'src/jobs/settings/settle-config.ts',
  ],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts' },
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 30_000,
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // On the terminal the score per file only; each surviving mutant is in the HTML report and in summary.md.
  clearTextReporter: { allowColor: false, reportMutants: false, reportTests: false, reportScoreTable: true },
  // Below 90 % the run fails (exit 1): the floor the verdict modules are held to.
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
