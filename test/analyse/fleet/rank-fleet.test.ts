import { describe, expect, it } from 'vitest';
import { buildFleetFigures } from '../../../src/analyse/fleet/add-fleet-report.js';
import { rankFleetAccounts, worstAccountMeasure } from '../../../src/analyse/fleet/rank-fleet.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import type { BenchmarkReport, Policy } from '../../../src/model/report.js';
import { minimalReport, policy } from '../../support/minimal-report.js';

/** A report of one category holding `policies`, its totals stated as recounted. */
function account(name: string, policies: Policy[]): BenchmarkReport {
  const report = minimalReport();
  const count = (colour: string): number => policies.filter((entry) => entry.Compliance === colour).length;
  const assessed = policies.length - count('Gray');
  const category = {
    ...report.ResourceCategories[0]!,
    Total: policies.length,
    Green: count('Green'),
    Red: count('Red'),
    Amber: count('Amber'),
    Gray: count('Gray'),
    CompliancePercent: assessed === 0 ? 0 : Math.round((count('Green') / assessed) * 1000) / 10,
    Policies: policies,
  };
  return { ...report, AccountName: name, AccountId: `id-${name}`, ResourceCategories: [category] };
}

describe('the worst accounts of a fleet', () => {
  it('rank by what fails, not by the lowest percent: 10 High Reds come before one Low Red at 0 %', async () => {
    const small = account('one-low-red', [policy('P1', '1', 0, 1, { Severity: 'Low' })]);
    const large = account('ten-high-reds', [
      ...Array.from({ length: 10 }, (_, index) => policy(`R${index}`, `1.${index}`, 0, 5)),
      ...Array.from({ length: 10 }, (_, index) => policy(`G${index}`, `2.${index}`, 5, 5)),
    ]);
    const nothing = account('nothing-assessed', [policy('Q1', '1', 0, 0)]);
    const analysis = await analyseInputs([{ value: [nothing, small, large], name: 'fleet.json' }]);
    const ranked = rankFleetAccounts(buildFleetFigures(analysis)).map((row) => row.accountName);
    expect(ranked).toEqual(['ten-high-reds', 'one-low-red', 'nothing-assessed']);
    expect(worstAccountMeasure).toMatch(/^most Red policies weighted by severity/);
  });
});
