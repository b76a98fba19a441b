import { describe, expect, it } from 'vitest';
import { isCspmError, type AnalysedReport, type FleetFigures } from '../../../src/index.js';
import { addFleetReport, createFleetFigures } from '../../../src/analyse/fleet/add-fleet-report.js';
import { fleetFiguresFromJson, fleetFiguresToJson } from '../../../src/analyse/fleet/fleet-json.js';
import { mergeFleetFigures } from '../../../src/analyse/fleet/merge-fleet-figures.js';
import { fleetMember, sampleReports } from '../../support/fleet-reports.js';

type Member = { source: string; report: AnalysedReport };

async function members(size: number): Promise<{ formula: FleetFigures['percentFormula']; list: Member[] }> {
  const { analysis, reports } = await sampleReports();
  return {
    formula: analysis.percentFormula,
    list: Array.from({ length: size }, (_, index) => fleetMember(reports[index % reports.length] as Member, index)),
  };
}

function build(formula: FleetFigures['percentFormula'], list: readonly Member[]): FleetFigures {
  const fleet = createFleetFigures(formula);
  for (const member of list) addFleetReport(fleet, member.source, member.report);
  return fleet;
}

/** The error `run` throws. */
function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('addFleetReport', () => {
  it('keeps a row per report with full names, figures, Red by severity and per-category percents', async () => {
    const { analysis, reports } = await sampleReports();
    const fleet = build(analysis.percentFormula, reports);
    expect(fleet.accounts).toHaveLength(reports.length);
    const [first] = reports as [Member];
    const row = fleet.accounts[0];
    expect(row).toMatchObject({
      accountName: first.report.report.AccountName,
      accountId: first.report.report.AccountId,
      connectorType: first.report.report.ConnectorType,
      benchmarkId: first.report.report.BenchmarkId,
      benchmarkName: first.report.report.BenchmarkName,
      source: first.source,
      figures: first.report.figures,
      redBySeverity: first.report.redBySeverity,
    });
    expect(row?.categories.map((category) => category.name)).toEqual(
      first.report.categories.map(({ category }) => category.CategoryName),
    );
    expect(row?.categories.map((category) => category.figures)).toEqual(
      first.report.categories.map(({ figures }) => figures),
    );
  });

  it('counts each policy per benchmark: the reports holding it and those where it is Red, Amber or failing', async () => {
    const { analysis, reports } = await sampleReports();
    const [first] = reports as [Member];
    const fleet = build(analysis.percentFormula, [first, fleetMember(first, 1), fleetMember(first, 2)]);
    const policies = first.report.categories.flatMap(({ category }) => category.Policies);
    const red = policies.find((policy) => policy.Compliance === 'Red');
    const green = policies.find((policy) => policy.Compliance === 'Green');
    const entry = (policyId: string | undefined) =>
      [...fleet.policies.values()].find((policy) => policy.policyId === policyId);
    expect(entry(red?.PolicyId)).toMatchObject({
      benchmarkId: first.report.report.BenchmarkId,
      title: red?.ShortTitle,
      severity: red?.Severity,
      accounts: 3,
      red: 3,
      amber: 0,
      failing: 3,
    });
    expect(entry(green?.PolicyId)).toMatchObject({ accounts: 3, red: 0, amber: 0, failing: 0 });
  });

  it('holds as many policies for 300 accounts as for 6: memory grows with distinct policies, not with every policy', async () => {
    const few = await members(6);
    const many = await members(300);
    const small = build(few.formula, few.list);
    const large = build(many.formula, many.list);
    expect(large.policies.size).toBe(small.policies.size);
    expect(large.accounts).toHaveLength(300);
    const total = many.list.reduce((sum, member) => sum + member.report.figures.total, 0);
    expect(large.policies.size).toBeLessThan(total / 40);
  });
});

describe('mergeFleetFigures', () => {
  it('gives what one build over every report gives: the builds of two halves merged, a then b', async () => {
    const { formula, list } = await members(31);
    const whole = build(formula, list);
    expect(mergeFleetFigures(build(formula, list.slice(0, 13)), build(formula, list.slice(13)))).toEqual(whole);
    expect([
      ...mergeFleetFigures(build(formula, list.slice(0, 13)), build(formula, list.slice(13))).policies.keys(),
    ]).toEqual([...whole.policies.keys()]);
  });

  it('changes neither input and shares no object with them', async () => {
    const { formula, list } = await members(8);
    const a = build(formula, list.slice(0, 4));
    const b = build(formula, list.slice(4));
    const before = JSON.stringify([fleetFiguresToJson(a), fleetFiguresToJson(b)]);
    const merged = mergeFleetFigures(a, b);
    (merged.accounts[0] as FleetFigures['accounts'][number]).figures.red = -1;
    for (const policy of merged.policies.values()) policy.failing = -1;
    expect(JSON.stringify([fleetFiguresToJson(a), fleetFiguresToJson(b)])).toBe(before);
  });

  it('refuses fleets counted by different percent formulas', () => {
    const error = thrown(() =>
      mergeFleetFigures(createFleetFigures('green-of-assessed'), createFleetFigures('green-of-total')),
    );
    expect(isCspmError(error) && error.code).toBe('fleet-figures-invalid');
    expect(error.message).toMatch(
      /^invalid fleet figures: \/percentFormula: green-of-total cannot merge with green-of-assessed/,
    );
  });
});

describe('fleetFiguresToJson and fleetFiguresFromJson', () => {
  it('round-trip through JSON text without loss', async () => {
    const { formula, list } = await members(12);
    const fleet = build(formula, list);
    const json = fleetFiguresToJson(fleet);
    expect(json.version).toBe(1);
    expect(json.policies).toHaveLength(fleet.policies.size);
    expect(fleetFiguresFromJson(JSON.parse(JSON.stringify(json)))).toEqual(fleet);
  });

  it('round-trips an empty fleet', () => {
    expect(fleetFiguresFromJson(JSON.parse(JSON.stringify(fleetFiguresToJson(createFleetFigures()))))).toEqual(
      createFleetFigures(),
    );
  });

  it('names the JSON pointer of the value at fault', async () => {
    const { formula, list } = await members(2);
    const valid = (): Record<string, unknown> =>
      JSON.parse(JSON.stringify(fleetFiguresToJson(build(formula, list)))) as Record<string, unknown>;
    const cases: {
      name: string;
      change(
        json: Record<string, unknown> & { accounts: Record<string, unknown>[]; policies: Record<string, unknown>[] },
      ): unknown;
      message: string;
    }[] = [
      { name: 'not an object', change: () => [], message: '(the whole value): expected an object' },
      {
        name: 'another version',
        change: (json) => ({ ...json, version: 2 }),
        message: '/version: 2; this version of cspm-report reads version 1',
      },
      {
        name: 'an unknown formula',
        change: (json) => ({ ...json, percentFormula: 'guess' }),
        message: '/percentFormula: "guess"; the formulas are green-of-assessed, green-of-total, passed-resources',
      },
      {
        name: 'a negative count',
        change: (json) => (((json.accounts[1]!['figures'] as Record<string, unknown>)['red'] = -3), json),
        message: '/accounts/1/figures/red: expected a whole number ≥ 0',
      },
      {
        name: 'a missing name',
        change: (json) => (delete json.accounts[0]!['accountName'], json),
        message: '/accounts/0/accountName: missing',
      },
      {
        name: 'a percent that is text',
        change: (json) => (
          (((json.accounts[0]!['categories'] as Record<string, unknown>[])[2] as Record<string, unknown>)['percent'] =
            '50'),
          json
        ),
        message: '/accounts/0/categories/2/percent: expected a number',
      },
      {
        name: 'more Red accounts than accounts',
        change: (json) => ((json.policies[0]!['red'] = 99), json),
        message: '/policies/0/red: 99, more than the reports that hold the policy (1)',
      },
      {
        name: 'a policy listed twice',
        change: (json) => (json.policies.push({ ...json.policies[0] }), json),
        message: `/policies/${(valid()['policies'] as unknown[]).length}: policy `,
      },
    ];
    for (const { name, change, message } of cases) {
      const error = thrown(() => fleetFiguresFromJson(change(valid() as never)));
      expect(isCspmError(error) && error.code, name).toBe('fleet-figures-invalid');
      expect(error.message, name).toContain(`invalid fleet figures: ${message}`);
    }
  });
});
