import { describe, expect, it } from 'vitest';
import { type BenchmarkReport, type DiffResult, isCspmError } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { tallyRegressions } from '../../../src/analyse/diff/count-regressions.js';
import { diffAnalyses } from '../../../src/analyse/diff/diff-analyses.js';
import { minimalReport, policy } from '../../support/minimal-report.js';

type Edit = (report: BenchmarkReport) => void;

function edited(...edits: Edit[]): BenchmarkReport {
  const report = minimalReport();
  for (const edit of edits) edit(report);
  return report;
}

async function compare(
  old: BenchmarkReport | BenchmarkReport[],
  next: BenchmarkReport | BenchmarkReport[],
  allowMismatch = false,
): Promise<DiffResult> {
  const olds = await analyseInputs({ value: old, name: 'old.json' });
  const news = await analyseInputs({ value: next, name: 'new.json' });
  return diffAnalyses(olds, news, { allowMismatch });
}

/** [kind, policyId, from, to, matchedBy] of every change of the first report. */
async function changesOf(old: BenchmarkReport, next: BenchmarkReport): Promise<unknown[]> {
  const diff = await compare(old, next);
  return diff.reports[0]!.changes.map((change) => [
    change.kind,
    change.policyId,
    change.old?.compliance ?? null,
    change.new?.compliance ?? null,
    change.matchedBy ?? null,
  ]);
}

const setPolicy =
  (category: number, index: number, passed: number, total: number, extra = {}): Edit =>
  (report) => {
    const old = report.ResourceCategories[category]!.Policies[index]!;
    report.ResourceCategories[category]!.Policies[index] = policy(old.PolicyId, old.ComplianceNumber, passed, total, {
      ShortTitle: old.ShortTitle,
      ...extra,
    });
  };

describe('diffAnalyses: matching', () => {
  it.each<[string, Edit[], Edit[], unknown[]]>([
    ['the same scan twice: nothing changed', [], [], []],
    ['categories in another order: nothing changed', [], [(report) => report.ResourceCategories.reverse()], []],
    [
      'a PolicyId renamed, number and title kept: paired by them',
      [],
      [(report) => (report.ResourceCategories[0]!.Policies[0]!.PolicyId = 'StorageHttpsOnly'), setPolicy(0, 0, 0, 4)],
      [['regression', 'StorageHttpsOnly', 'Green', 'Red', 'ComplianceNumber+ShortTitle']],
    ],
    [
      'a PolicyId renamed and its title too: removed and added',
      [],
      [
        (report) =>
          Object.assign(report.ResourceCategories[0]!.Policies[0]!, { PolicyId: 'X', ShortTitle: 'Another check' }),
      ],
      [
        ['added', 'X', null, 'Green', null],
        ['removed', 'StorageHttps', 'Green', null, null],
      ],
    ],
    [
      'a policy moved to another category: paired by its id',
      [],
      [(report) => report.ResourceCategories[1]!.Policies.push(report.ResourceCategories[0]!.Policies.shift()!)],
      [],
    ],
    [
      'Green → Red is a regression, Red → Amber a fix',
      [],
      [setPolicy(0, 0, 0, 4), setPolicy(0, 1, 1, 2)],
      [
        ['regression', 'StorageHttps', 'Green', 'Red', 'PolicyId'],
        ['fix', 'StorageKeys', 'Red', 'Amber', 'PolicyId'],
      ],
    ],
    [
      'Gray → Green and Amber → Gray are coverage changes',
      [],
      [setPolicy(0, 2, 2, 2), setPolicy(1, 1, 0, 0)],
      [
        ['coverage', 'StorageLogs', 'Gray', 'Green', 'PolicyId'],
        ['coverage', 'NsgSsh', 'Amber', 'Gray', 'PolicyId'],
      ],
    ],
    [
      'one PolicyId twice on both sides: paired in document order',
      [(report) => report.ResourceCategories[1]!.Policies.push(policy('StorageHttps', '1000.1', 0, 1))],
      [(report) => report.ResourceCategories[1]!.Policies.push(policy('StorageHttps', '1000.1', 1, 1))],
      [['fix', 'StorageHttps', 'Red', 'Green', 'PolicyId']],
    ],
    // Two policies numbered 1000.1 on each side; the renamed one pairs with the one of its title, and keeps its colour.
    [
      'one ComplianceNumber for two titles: the renamed policy pairs with the one of its title',
      [(report) => (report.ResourceCategories[0]!.Policies[1]!.ComplianceNumber = '1000.1')],
      [
        (report) =>
          Object.assign(report.ResourceCategories[0]!.Policies[1]!, {
            PolicyId: 'Renamed',
            ComplianceNumber: '1000.1',
          }),
      ],
      [],
    ],
  ])('%s', async (_name, oldEdits, newEdits, expected) => {
    expect(await changesOf(edited(...oldEdits), edited(...newEdits))).toEqual(expected);
  });

  it('pairs a category by name when its id changed, and counts added and removed categories', async () => {
    const next = edited(
      (report) => (report.ResourceCategories[0]!.CategoryId = 'AZ_STORAGE_V2'),
      (report) => (report.ResourceCategories[1]!.CategoryName = 'Azure - Networking'),
    );
    next.ResourceCategories[1]!.CategoryId = 'AZ_NET2';
    const diff = await compare(minimalReport(), next);
    expect(diff.reports[0]!.categories.map((category) => [category.id, category.status])).toEqual([
      ['AZ_STORAGE_V2', 'matched'],
      ['AZ_NET2', 'added'],
      ['AZ_NETWORK', 'removed'],
    ]);
  });

  it('lists regressions first, worst severity first, and counts them by severity', async () => {
    const next = edited(
      setPolicy(0, 0, 0, 4, { Severity: 'Low' }),
      setPolicy(1, 0, 0, 3, { Severity: 'Critical' }),
      setPolicy(0, 1, 2, 2),
    );
    const diff = await compare(minimalReport(), next);
    expect(diff.reports[0]!.changes.map((change) => `${change.kind} ${change.severity}`)).toEqual([
      'regression Critical',
      'regression Low',
      'fix High',
    ]);
    expect([
      tallyRegressions(diff).regressions,
      tallyRegressions(diff, { severity: 'Critical' }).regressions,
      tallyRegressions(diff, { severity: 'High' }).regressions,
      tallyRegressions(diff, { severity: 'VeryLow' }).regressions,
    ]).toEqual([2, 1, 1, 2]);
    expect(diff.counts).toEqual({
      regression: 2,
      'new-failure': 0,
      fix: 1,
      coverage: 0,
      added: 0,
      removed: 0,
      unchanged: 2,
    });
  });

  it('gives the figures before and after, overall and per category', async () => {
    const diff = await compare(minimalReport(), edited(setPolicy(0, 0, 0, 4)));
    const report = diff.reports[0]!;
    expect(report.overall.old!.percent).toBeCloseTo(50);
    expect(report.overall.new!.percent).toBeCloseTo(25);
    expect(report.overall.percentDelta).toBeCloseTo(-25);
    expect(report.overall.passedResourcesDelta).toBe(-4);
    expect(report.categories[0]!.changes.regression).toBe(1);
  });
});

describe('diffAnalyses: pairing reports', () => {
  const other = (edit: Edit): BenchmarkReport => edited(edit);

  it('refuses scans of another account, naming both, unless allowMismatch', async () => {
    const next = other((report) => (report.AccountId = 'another-account'));
    const error = await compare(minimalReport(), next).catch((caught: unknown) => caught);
    expect(isCspmError(error) && error.code).toBe('reports-mismatch');
    expect((error as Error).message).toContain('CSBP of account a1b2c3d4-0000-4000-8000-000000000001 (old.json)');
    expect((error as Error).message).toContain('CSBP of account another-account (new.json)');
    const allowed = await compare(minimalReport(), next, true);
    expect(allowed.reports[0]!.mismatched).toBe(true);
  });

  it('pairs several reports by BenchmarkId and AccountId, and lists those without a partner', async () => {
    const cis = other((report) => (report.BenchmarkId = 'CIS'));
    const pci = other((report) => (report.BenchmarkId = 'PCI'));
    const diff = await compare([minimalReport(), cis], [pci, cis, minimalReport()]);
    expect(diff.reports.map((report) => report.benchmarkId)).toEqual(['CIS', 'CSBP']);
    expect(diff.unpaired.map((report) => [report.side, report.benchmarkId])).toEqual([['new', 'PCI']]);
  });
});
