import { describe, expect, it } from 'vitest';
import { type BenchmarkReport } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { evaluateGate } from '../../../src/gate/evaluate-gate.js';
import { parseGateRules } from '../../../src/gate/parse-gate-rules.js';
import { minimalReport, policy } from '../../support/minimal-report.js';

/** The minimal report of a benchmark of its own, so that one document can hold several. */
function scanOf(index: number): BenchmarkReport {
  return { ...minimalReport(), BenchmarkId: `B${index}` };
}

/** A report whose category `category` states a percent that fits no formula: one warning there. */
function warnedAt(category: number, index = category): BenchmarkReport {
  const report = scanOf(index);
  report.ResourceCategories[category]!.CompliancePercent = 12.5;
  return report;
}

/** A report whose category `category` states a Total one too high: one error there. */
function erredAt(category: number, index = 10 + category): BenchmarkReport {
  const report = scanOf(index);
  report.ResourceCategories[category]!.Total += 1;
  return report;
}

async function measured(reports: BenchmarkReport[], assertion: object): Promise<(number | string | null)[]> {
  const analysis = await analyseInputs({ value: reports, name: 'reports.json' });
  const result = evaluateGate(
    analysis,
    parseGateRules(JSON.stringify({ assertions: [{ metric: 'findings', max: 0, ...assertion }] }), 'rules.json'),
  );
  return result.assertions.map((entry) => entry.actual);
}

describe('the findings metric', () => {
  it.each<[string, BenchmarkReport[], object, (number | string | null)[]]>([
    // A Total one too high is two errors: category-total and category-count.
    ['counts errors and warnings', [warnedAt(0), erredAt(1)], {}, [1, 2]],
    ['counts errors only with severity error', [warnedAt(0), erredAt(1)], { severity: 'error' }, [0, 2]],
    ['counts errors and warnings with severity warning', [warnedAt(0), erredAt(1)], { severity: 'warning' }, [1, 2]],
    ['counts within the category in scope', [warnedAt(0), warnedAt(1)], { category: 'AZ_NETWORK' }, [0, 1]],
    ['counts over every report in scope', [warnedAt(0), erredAt(1), scanOf(5)], { aggregate: 'all' }, [3]],
  ])('%s', async (_name, reports, assertion, actual) => {
    expect(await measured(reports, assertion)).toEqual(actual);
  });

  it("counts a report's own findings, not those of a report whose pointer starts alike", async () => {
    // Eleven reports: /1 is clean, /10 has a warning; "/10" starts with "/1".
    const reports = Array.from({ length: 11 }, (_, index) => (index === 10 ? warnedAt(0, index) : scanOf(index)));
    expect(await measured(reports, {})).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
  });

  it('counts findings on the report itself, beside those in its categories', async () => {
    // The same benchmark twice in one document: a duplicate-report error at /1, and a warning in /1's Network.
    const reports = [scanOf(0), warnedAt(1, 0)];
    expect(await measured(reports, {})).toEqual([0, 2]);
    expect(await measured(reports, { category: 'AZ_NETWORK' })).toEqual([0, 1]);
  });

  it('counts findings in every category of the name or id in scope', async () => {
    // Two of three categories in scope: Storage by its id, a second by that name.
    const report = warnedAt(0);
    const third = {
      CategoryName: 'AZ_STORAGE',
      ControlCategoryOrder: 3,
      CategoryId: 'AZ_OTHER',
      Total: 1,
      Green: 1,
      Red: 0,
      Amber: 0,
      Gray: 0,
      CompliancePercent: 100,
      Policies: [policy('Other', '3.1', 1, 1)],
    };
    report.ResourceCategories.push(third);
    expect(await measured([report], { category: 'AZ_STORAGE' })).toEqual([1]);
  });

  it('counts a finding on the whole document in a report that is the document', async () => {
    const report = warnedAt(1);
    const analysis = await analyseInputs({ value: report, name: 'one.json' });
    const result = evaluateGate(
      analysis,
      parseGateRules('{"assertions":[{"metric":"findings","max":0}]}', 'rules.json'),
    );
    expect(result.assertions.map((entry) => entry.actual)).toEqual([1]);
  });
});
