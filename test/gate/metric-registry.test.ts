import { describe, expect, it, vi } from 'vitest';
import { gateReports, type GateRules } from '../../src/index.js';
import { parseGateRules } from '../../src/gate/parse-gate-rules.js';

// The one line a new metric adds to the registry, here in a mock of it: the metric is the
// fixture's one file.
vi.mock('../../src/gate/metrics/gate-metrics.js', async (importOriginal) => {
  const { grayPolicies } = await import('../fixtures/gate-metrics/gray-policies.js');
  return {
    gateMetrics: {
      ...(await importOriginal<typeof import('../../src/gate/metrics/gate-metrics.js')>()).gateMetrics,
      grayPolicies,
    },
  };
});

/** Rules holding one assertion of the new metric, as a rules file's parse would give them. */
function rulesOf(max: number): GateRules {
  return {
    file: 'gray.yaml',
    assertions: [
      {
        name: 'grayPolicies',
        level: 'error',
        metric: 'grayPolicies',
        max,
        aggregate: 'each',
        allowNoMatch: false,
        pointer: '/assertions/0',
      },
    ],
  };
}

describe('a gate metric added to the registry', () => {
  it('is measured by the gate job and decides its verdict', async () => {
    const failing = await gateReports('samples/aws-cis.json', { rules: rulesOf(0) });
    const [result] = failing.gate!.assertions;
    expect(result?.metric).toBe('grayPolicies');
    // aws-cis.json: 7 of its 59 policies are Gray.
    expect(result?.actual).toBe(7);
    expect(result?.message).toBe('grayPolicies is 7, expected <= 0');
    expect([result?.passed, failing.verdict.status, failing.verdict.exitCode]).toEqual([false, 'fail', 3]);

    const passing = await gateReports('samples/aws-cis.json', { rules: rulesOf(7) });
    expect([passing.gate!.assertions[0]?.passed, passing.verdict.status, passing.verdict.exitCode]).toEqual([
      true,
      'pass',
      0,
    ]);
  });

  it('is listed among the metrics a misspelt name is offered', () => {
    expect(() => parseGateRules('assertions: [{metric: grayPolicy, max: 0}]', 'gray.yaml')).toThrow(
      /did you mean grayPolicies\?.* The metrics are .*expiringExceptions, grayPolicies$/,
    );
  });

  it('in a rules file, asks for the schema to be generated again rather than calling it unknown', () => {
    expect(() => parseGateRules('assertions: [{metric: grayPolicies, max: 0}]', 'gray.yaml')).toThrow(
      'invalid gate rules: gray.yaml:1:23: /assertions/0/metric: metric "grayPolicies" is in the registry but not yet in the rules schema; run npm run generate:validators',
    );
  });
});
