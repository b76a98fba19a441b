import { describe, expect, it } from 'vitest';
import type { BenchmarkReport, RulesFileAssertion } from '../../../src/index.js';
import { minimalReport, policy } from '../../support/minimal-report.js';
import { gate } from '../support.js';

/**
 * The metrics that compare with a baseline scan. The minimal report: Storage holds
 * StorageHttps Green, StorageKeys Red, StorageLogs Gray; Network NsgRdp Green, NsgSsh
 * Amber; every policy High; 2 Green of 4 assessed, 50 %.
 */
type Edit = (report: BenchmarkReport) => void;

function scan(BenchmarkId: string, ...edits: Edit[]): BenchmarkReport {
  const report = { ...minimalReport(), BenchmarkId };
  for (const edit of edits) edit(report);
  return report;
}

/** Sets policy `index` of category `category` to `passed` of `total` resources (its colour follows), of `Severity`. */
const set =
  (category: number, index: number, passed: number, total: number, Severity = 'High'): Edit =>
  (report) => {
    const old = report.ResourceCategories[category]!.Policies[index]!;
    report.ResourceCategories[category]!.Policies[index] = policy(old.PolicyId, old.ComplianceNumber, passed, total, {
      ShortTitle: old.ShortTitle,
      Severity,
    });
  };
const add =
  (category: number, id: string, passed: number, total: number, Severity = 'High'): Edit =>
  (report) => {
    report.ResourceCategories[category]!.Policies.push(policy(id, `9.${id}`, passed, total, { Severity }));
  };
const greens = (count: number): Edit[] => Array.from({ length: count }, (_, index) => add(1, `g${index + 1}`, 1, 1));
const remove =
  (category: number, index: number): Edit =>
  (report) => {
    report.ResourceCategories[category]!.Policies.splice(index, 1);
  };

async function measured(
  olds: BenchmarkReport[],
  news: BenchmarkReport[],
  assertion: RulesFileAssertion,
): Promise<(number | string | null)[]> {
  return (await gate(news, [assertion], olds)).assertions.map((entry) => entry.actual);
}

describe('the regressions metric', () => {
  it.each<[string, Edit[], RulesFileAssertion, number]>([
    ['nothing changed', [], { metric: 'regressions', max: 0 }, 0],
    ['Green to Red', [set(0, 0, 0, 4)], { metric: 'regressions', max: 0 }, 1],
    ['Green to Red and Amber to Green', [set(0, 0, 0, 4), set(1, 1, 3, 3)], { metric: 'regressions', max: 0 }, 1],
    ['a new failure counts', [add(0, 'N', 0, 1)], { metric: 'regressions', max: 0 }, 1],
    ['unless allowed', [add(0, 'N', 0, 1)], { metric: 'regressions', max: 0, allowNewFailures: true }, 0],
    ['a removed policy counts', [remove(1, 0)], { metric: 'regressions', max: 0 }, 1],
    ['unless allowed', [remove(1, 0)], { metric: 'regressions', max: 0, allowRemoved: true }, 0],
    [
      'at or above a severity',
      [set(0, 0, 0, 4, 'Low'), set(1, 0, 0, 3, 'Critical')],
      { metric: 'regressions', max: 0, severity: 'High' },
      1,
    ],
    [
      'of a category by name',
      [set(0, 0, 0, 4), set(1, 0, 0, 3), set(1, 1, 0, 3)],
      { metric: 'regressions', max: 0, category: 'Azure - Network' },
      2,
    ],
    [
      'of a category by id',
      [set(0, 0, 0, 4), set(1, 0, 0, 3), set(1, 1, 0, 3)],
      { metric: 'regressions', max: 0, category: 'AZ_STORAGE' },
      1,
    ],
  ])('%s: %i', async (_name, edits, assertion, count) => {
    expect(await measured([scan('CSBP')], [scan('CSBP', ...edits)], assertion)).toEqual([count]);
  });

  it('sums the paired reports under aggregate all, and fails one that pairs with none', async () => {
    const olds = [scan('CSBP'), scan('CIS')];
    const news = [scan('CSBP', set(0, 0, 0, 4)), scan('CIS', set(0, 0, 0, 4), set(1, 0, 1, 3))];
    expect(await measured(olds, news, { metric: 'regressions', max: 0, aggregate: 'all' })).toEqual([3]);
    expect(await measured(olds, [...news, scan('NEW')], { metric: 'regressions', max: 0, aggregate: 'all' })).toEqual([
      null,
    ]);
  });
});

describe('the compliancePercentDrop metric', () => {
  it.each<[string, BenchmarkReport[], BenchmarkReport[], RulesFileAssertion, (number | null)[]]>([
    ['no change', [scan('CSBP')], [scan('CSBP')], { metric: 'compliancePercentDrop', max: 0 }, [0]],
    [
      'a fall of 25 points',
      [scan('CSBP')],
      [scan('CSBP', set(0, 0, 0, 4))],
      { metric: 'compliancePercentDrop', max: 0 },
      [25],
    ],
    [
      'a rise is negative',
      [scan('CSBP')],
      [scan('CSBP', set(0, 1, 2, 2))],
      { metric: 'compliancePercentDrop', max: 0 },
      [-25],
    ],
    // 7 Green of 10 assessed to 5 of 10: 20 points, not the 20.000000000000014 of 0.7 × 100 − 50.
    [
      'rounded below what any report states',
      [scan('CSBP', ...greens(5), add(0, 'r', 0, 1))],
      [scan('CSBP', ...greens(3), add(1, 'g4', 0, 1), add(1, 'g5', 0, 1), add(0, 'r', 0, 1))],
      { metric: 'compliancePercentDrop', max: 0 },
      [20],
    ],
    // Summed counts, not averaged drops: 4 Green of 8 (50 %) to 2 of 8 (25 %).
    [
      'over all paired reports, of the summed counts',
      [scan('CSBP'), scan('CIS')],
      [scan('CSBP', set(0, 0, 0, 4), set(1, 0, 0, 3)), scan('CIS')],
      { metric: 'compliancePercentDrop', max: 0, aggregate: 'all' },
      [25],
    ],
    [
      'a report that pairs with none',
      [scan('CSBP')],
      [scan('CSBP'), scan('NEW')],
      { metric: 'compliancePercentDrop', max: 0 },
      [0, null],
    ],
  ])('%s', async (_name, olds, news, assertion, actual) => {
    expect(await measured(olds, news, assertion)).toEqual(actual);
  });

  it.each<[string, Edit[], Edit[]]>([
    ['before', [set(0, 0, 0, 0), set(0, 1, 0, 0), set(1, 0, 0, 0), set(1, 1, 0, 0)], []],
    ['after', [], [set(0, 0, 0, 0), set(0, 1, 0, 0), set(1, 0, 0, 0), set(1, 1, 0, 0)]],
  ])('fails closed when nothing was assessed %s', async (_when, oldEdits, newEdits) => {
    const [result] = (
      await gate(
        [scan('CSBP', ...newEdits)],
        [{ metric: 'compliancePercentDrop', max: 100 }],
        [scan('CSBP', ...oldEdits)],
      )
    ).assertions;
    expect(result).toMatchObject({ passed: false, actual: null });
    expect(result!.message).toContain(
      'no policy was assessed in one of the scans (all Gray), so there is no compliance percent to compare',
    );
  });

  it('reads in points', async () => {
    const [result] = (
      await gate([scan('CSBP', set(0, 0, 0, 4))], [{ metric: 'compliancePercentDrop', max: 0 }], [scan('CSBP')])
    ).assertions;
    expect(result!.message).toBe('compliancePercentDrop is 25.0 points, expected <= 0');
  });
});
