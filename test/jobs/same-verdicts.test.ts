import { describe, expect, it } from 'vitest';
import { checkReports, diffScans, gateReports, renderReports, trendScans } from '../../src/index.js';
import { runInProcess } from '../support/cli-run.js';

/**
 * The library user and the command-line user get the same verdict from the same call:
 * each command runs one job and exits with its verdict's code.
 */
const old = 'samples/diff/azure-csbp-2024-03-11.json';
const next = 'samples/diff/azure-csbp-2024-03-18.json';

describe('a job and its command agree on the exit code', () => {
  it.each([
    [['samples/aws-cis.json'], {}],
    [['samples/broken/policy-compliance.json'], {}],
    [['samples/broken/compliance-percent.json'], { failOn: 'warning' as const }],
    [['samples/broken/json-syntax.json'], { severities: { 'json-syntax': 'off' as const } }],
    [['samples/broken/empty-report.json'], { failOn: 'never' as const }],
  ])('check %j %j', async (inputs, options) => {
    const { verdict } = await checkReports(inputs, options);
    const flags = [
      ...('failOn' in options ? ['--fail-on', options.failOn] : []),
      ...('severities' in options ? ['--rule', 'json-syntax=off'] : []),
    ];
    expect((await runInProcess(['check', ...inputs, ...flags])).code).toBe(verdict.exitCode);
  });

  it.each([
    ['samples/aws-cis.json', 'cspm:recommended'],
    ['samples/azure-csbp.json', 'samples/gate/gate-rules.json'],
    ['samples/broken/schema.json', 'cspm:recommended'],
  ])('gate %s --rules %s', async (input, rules) => {
    const { verdict } = await gateReports(input, { rules });
    expect((await runInProcess(['gate', input, '--rules', rules])).code).toBe(verdict.exitCode);
  });

  it.each([
    [{}, []],
    [{ failOnRegression: true }, ['--fail-on-regression']],
    [{ failOnRegression: 'critical' }, ['--fail-on-regression', 'critical']],
    [
      { failOnRegression: 'Critical', allowNewFailures: true },
      ['--fail-on-regression', 'Critical', '--allow-new-failures'],
    ],
  ])('diff %j', async (options, flags) => {
    const { verdict } = await diffScans(old, next, options);
    expect((await runInProcess(['diff', old, next, ...flags])).code).toBe(verdict.exitCode);
  });

  it('render and trend', async () => {
    const rendered = await renderReports(['samples/broken/json-syntax.json'], { formats: ['html'], combine: true });
    expect(rendered.verdict.exitCode).toBe(1);
    expect((await runInProcess(['render', 'samples/broken/json-syntax.json', '-o', '-'])).code).toBe(
      rendered.verdict.exitCode,
    );
    const trend = await trendScans([old, next]);
    expect(trend.verdict.exitCode).toBe(0);
  });
});
