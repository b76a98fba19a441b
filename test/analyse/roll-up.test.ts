import { describe, expect, it } from 'vitest';
import { type BenchmarkReport, type Policy } from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { buildViewModel } from '../../src/render/build-view-model.js';
import { rollUpReports } from '../../src/analyse/roll-up.js';
import { type RollUp } from '../../src/model/analysis.js';
import { minimalReport, policy } from '../support/minimal-report.js';

/** A report of one account whose categories hold the given policies, counts stated to match. */
function reportOf(job: number, categories: Policy[][]): BenchmarkReport {
  const report = minimalReport();
  const base = report.ResourceCategories[0]!;
  report.JobId = `a1b2c3d4-0000-4000-8000-${String(job).padStart(12, '0')}`;
  report.ResourceCategories = categories.map((policies, index) => {
    const colour = (name: string) => policies.filter((item) => item.Compliance === name).length;
    const green = colour('Green');
    const assessed = policies.length - colour('Gray');
    return {
      ...base,
      CategoryName: `Category ${index + 1}`,
      ControlCategoryOrder: index + 1,
      CategoryId: `C${index + 1}`,
      Total: policies.length,
      Green: green,
      Red: colour('Red'),
      Amber: colour('Amber'),
      Gray: colour('Gray'),
      CompliancePercent: assessed === 0 ? 0 : (green / assessed) * 100,
      Policies: policies,
    };
  });
  return report;
}

const green = (id: string) => policy(id, `1.${id}`, 2, 2);
const red = (id: string, Severity = 'High') => policy(id, `2.${id}`, 0, 2, { Severity });
const amber = (id: string) => policy(id, `3.${id}`, 1, 2);
const gray = (id: string) => policy(id, `4.${id}`, 0, 0);

async function rollUpOf(...reports: BenchmarkReport[]): Promise<RollUp> {
  return rollUpReports(
    await analyseInputs(reports.map((report, index) => ({ value: report, name: `r${index + 1}.json` }))),
  );
}

interface Case {
  name: string;
  reports: BenchmarkReport[];
  expected: Partial<RollUp> & { percent?: number };
}

const cases: Case[] = [
  {
    name: 'no report at all',
    reports: [],
    expected: { reports: 0, policies: 0, hasPercent: false, redBySeverity: [], rankings: [], worstReports: [] },
  },
  {
    name: 'one report: its own figures',
    reports: [
      reportOf(1, [
        [green('a'), red('b')],
        [amber('c'), gray('d')],
      ]),
    ],
    expected: { reports: 1, policies: 4, hasPercent: true, percent: (1 / 3) * 100, worstReports: [0] },
  },
  {
    // 1 Green of 1 assessed and 1 Green of 4 assessed: 2 of 5 (40 %), not the mean of 100 % and 25 %.
    name: 'several reports: sums, the percent recomputed over them, not averaged',
    reports: [
      reportOf(1, [[green('a'), gray('b')]]),
      reportOf(2, [[green('c'), red('d'), red('e', 'Critical'), amber('f')]]),
    ],
    expected: { reports: 2, policies: 6, hasPercent: true, percent: 40, worstReports: [1] },
  },
  {
    name: 'Gray-only reports: nothing assessed, no percent (n/a), no worst report',
    reports: [reportOf(1, [[gray('a'), gray('b')]]), reportOf(2, [[gray('c')]])],
    expected: { reports: 2, policies: 3, hasPercent: false, worstReports: [] },
  },
];

describe('rollUpReports', () => {
  it.each(cases)('$name', async ({ reports, expected }) => {
    const { percent, ...rest } = expected;
    const rollUp = await rollUpOf(...reports);
    expect(rollUp).toMatchObject(rest);
    if (percent !== undefined) expect(rollUp.figures.percent).toBeCloseTo(percent, 9);
  });

  it('sums colour counts and resources over every report', async () => {
    const rollUp = await rollUpOf(
      reportOf(1, [[green('a'), red('b')]]),
      reportOf(2, [[amber('c'), gray('d'), red('e')]]),
    );
    expect(rollUp.figures).toMatchObject({
      total: 5,
      green: 1,
      red: 2,
      amber: 1,
      gray: 1,
      other: 0,
      passedResources: 3,
      totalResources: 8,
    });
  });

  it('sums Red by severity: known severities worst first, then others in order of first appearance', async () => {
    const rollUp = await rollUpOf(
      reportOf(1, [[red('a', 'Low'), red('b', 'Zeta')]]),
      reportOf(2, [[red('c', 'Critical'), red('d', 'Low'), red('e', 'Alpha')]]),
    );
    expect(rollUp.redBySeverity).toEqual([
      { severity: 'Critical', count: 1 },
      { severity: 'High', count: 0 },
      { severity: 'Moderate', count: 0 },
      { severity: 'Low', count: 2 },
      { severity: 'VeryLow', count: 0 },
      { severity: 'Zeta', count: 1 },
      { severity: 'Alpha', count: 1 },
    ]);
  });

  it('weighs Red policies by severity per category and per report, an unknown severity as Critical', async () => {
    const rollUp = await rollUpOf(
      reportOf(1, [[red('a', 'Critical'), red('b', 'Low'), amber('c')], [green('d')], [red('e', 'Unheard')]]),
    );
    expect(rollUp.rankings[0]).toMatchObject({ categoryRedWeights: [7, 0, 5], redWeight: 12 });
  });

  it('leaves Gray-only categories out of the worst categories: n/a is no 0 %', async () => {
    const rollUp = await rollUpOf(
      reportOf(1, [
        [gray('a'), gray('b')],
        [green('c'), red('d')],
        [red('e'), red('f')],
        [green('g')],
        [amber('h'), green('i'), green('j')],
      ]),
    );
    // Four assessed categories: the worse two with a Red or Amber policy, lowest percent first.
    expect(rollUp.rankings[0]!.worstCategories).toEqual([2, 1]);
  });

  it('ranks reports as categories are ranked: lowest percent, then Red weighted by severity', async () => {
    const rollUp = await rollUpOf(
      reportOf(1, [[green('a'), red('b')]]),
      reportOf(2, [[green('c'), red('d', 'Critical')]]),
      reportOf(3, [[gray('e')]]),
      reportOf(4, [[green('f'), green('g'), green('h'), red('i')]]),
      reportOf(5, [[red('j'), green('k'), green('l'), green('m'), green('n'), green('o'), green('p')]]),
    );
    // Four reports were assessed: the worse two; report 2 ties with 1 and weighs more.
    expect(rollUp.worstReports).toEqual([1, 0]);
  });

  it('is what the view model shows, in every report and across them', async () => {
    const analysis = await analyseInputs([
      { value: reportOf(1, [[green('a'), red('b')], [gray('c')]]), name: 'one.json' },
      { value: reportOf(2, [[red('d', 'Critical')], [amber('e'), green('f')]]), name: 'two.json' },
    ]);
    const rollUp = rollUpReports(analysis);
    const view = buildViewModel(analysis);
    expect(view.rollup).toMatchObject({
      reports: rollUp.reports,
      policies: rollUp.policies,
      redBySeverity: rollUp.redBySeverity,
    });
    expect(view.rollup.figures).toMatchObject(rollUp.figures);
    expect(view.rollup.worstReports).toEqual(rollUp.worstReports.map((position) => view.reports[position]));
    view.reports.forEach((report, index) => {
      const ranking = rollUp.rankings[index]!;
      expect(report.categories.map((category) => category.redWeight)).toEqual(ranking.categoryRedWeights);
      expect(report.worstCategories).toEqual(ranking.worstCategories.map((position) => report.categories[position]));
    });
  });

  it('says n/a in the view where the roll-up has no percent', async () => {
    const view = buildViewModel(
      await analyseInputs({ value: [reportOf(1, [[gray('a')]]), reportOf(2, [[gray('b')]])], name: 'gray.json' }),
    );
    expect(view.rollup.figures).toMatchObject({
      percent: null,
      percentText: 'n/a',
      percentNote: 'nothing assessed: all 2 policies are Gray',
    });
  });
});
