import { describe, expect, it } from 'vitest';
import { type BenchmarkReport } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { renderReport } from '../../../src/render/renderers.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { renderPostureSarif } from '../../../src/render/sarif/render-posture-sarif.js';
import { reportOfPolicies, type PolicyShape } from '../../support/failing-policies.js';
import { readPolicyLog, type PolicyLog } from './sarif-log.js';

/**
 * GitHub code scanning keeps the 5,000 results of a run with the highest
 * `security-severity` (read from their rules) and accepts 25,000: the posture log is
 * capped below that, worst first, Red before Amber at each Severity and rated so, so
 * that what GitHub keeps is the worst and nothing is left for GitHub to choose.
 */
const severities = ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'];

async function postureLog(report: BenchmarkReport, maxResults?: number): Promise<{ text: string; log: PolicyLog }> {
  const analysis = await analyseInputs({ value: [report], name: 'reports/many.json' });
  expect(analysis.summary.errors).toBe(0);
  const text =
    maxResults === undefined
      ? Buffer.from(await collectBytes(await renderReport(analysis, 'sarif'))).toString('utf8')
      : Buffer.from(renderPostureSarif(buildViewModel(analysis), { maxResults })).toString('utf8');
  return { text, log: readPolicyLog(text) };
}

type Result = PolicyLog['runs'][number]['results'][number];

/** The score GitHub ranks a result by: its rule's. */
function scoreOf(log: PolicyLog, result: Result): number {
  return Number(log.runs[0]!.tool.driver.rules[result.ruleIndex]!.properties['security-severity']);
}

function expectWorstFirst(log: PolicyLog): void {
  const results = log.runs[0]!.results;
  const ranks = results.map(
    (result) =>
      severities.indexOf(result.properties.severity) * 2 + (result.properties['compliance'] === 'Amber' ? 1 : 0),
  );
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  // GitHub's order is the rules' score: it must agree, Red strictly above Amber.
  const scores = results.map((result) => scoreOf(log, result));
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
}

/** Worst last in input order: Amber and Red of each Severity interleaved, Critical at the end. */
function worstLast(count: number): (index: number) => PolicyShape {
  return (index) => ({
    severity: severities[4 - Math.floor((index * 5) / count)]!,
    compliance: index % 2 === 0 ? 'Amber' : 'Red',
  });
}

/**
 * A generated report of 6,000 failing policies. That GitHub's rules (sarif-multitool)
 * clear its log at the defaults is checked in posture-sarif.test.ts, in the one run of
 * the tool there.
 */
const largeReport = reportOfPolicies(6_000, worstLast(6_000));

describe('posture SARIF capped for GitHub code scanning', () => {
  it('keeps the worst of a small report under a lowered limit: Red before Amber of one Severity, rated a notch apart, the rest counted', async () => {
    const report = reportOfPolicies(30, (index) => ({
      severity: 'Critical',
      compliance: index % 2 === 0 ? 'Amber' : 'Red',
    }));
    const { log } = await postureLog(report, 10);
    const run = log.runs[0]!;
    expect(run.results).toHaveLength(10);
    expect(new Set(run.results.map((result) => result.properties['compliance']))).toEqual(new Set(['Red']));
    expect(new Set(run.results.map((result) => scoreOf(log, result)))).toEqual(new Set([9.5]));
    expect(run.properties.resultLimit).toMatchObject({
      maxResults: 10,
      written: 10,
      omitted: 20,
      cutBy: 'count',
      omittedBySeverity: { Critical: { red: 5, amber: 15 } },
    });
    const notification = run.invocations[0]!.toolExecutionNotifications[0]!;
    expect(notification).toMatchObject({ level: 'warning', descriptor: { id: 'results-capped' } });
    expect(notification.message.text).toContain('10 of 30 failing policies written, the most severe first');
    expect(notification.message.text).toContain('Critical 20 (Red 5, Amber 15)');
    // The run's own figures still count every failing policy.
    expect(run.properties['failing']).toEqual({ red: 15, amber: 15 });

    const amber = await postureLog(report, 20);
    const amberScores = amber.log.runs[0]!.results.filter((result) => result.properties['compliance'] === 'Amber').map(
      (result) => scoreOf(amber.log, result),
    );
    expect(new Set(amberScores)).toEqual(new Set([9.4]));
    expectWorstFirst(amber.log);
  });

  it('refuses a limit outside 1 to 25,000', async () => {
    const analysis = await analyseInputs({
      value: [reportOfPolicies(3, () => ({ severity: 'High', compliance: 'Red' }))],
      name: 'r.json',
    });
    for (const maxResults of [0, 25_001, 1.5])
      expect(() => renderPostureSarif(buildViewModel(analysis), { maxResults })).toThrow(/1 to 25,000/);
  });

  it("writes 1,000 results by default and 5,000 at GitHub's limit of a generated report of 6,000 failing policies, the worst first", async () => {
    const byDefault = (await postureLog(largeReport)).log;
    expect(byDefault.runs[0]!.results).toHaveLength(1_000);
    expect(byDefault.runs[0]!.properties.resultLimit).toMatchObject({
      maxResults: 1_000,
      written: 1_000,
      omitted: 5_000,
      cutBy: 'count',
    });
    expectWorstFirst(byDefault);
    expect(
      new Set(
        byDefault.runs[0]!.results.map(
          (result) => `${result.properties.severity} ${String(result.properties['compliance'])}`,
        ),
      ),
    ).toEqual(new Set(['Critical Red', 'Critical Amber']));

    const atGithub = (await postureLog(largeReport, 5_000)).log;
    const run = atGithub.runs[0]!;
    expect(run.results).toHaveLength(5_000);
    expect(run.tool.driver.rules.length).toBeLessThanOrEqual(5_000);
    expectWorstFirst(atGithub);
    // The 1,000 VeryLow are left out, and nothing else.
    expect(run.properties.resultLimit).toMatchObject({
      maxResults: 5_000,
      written: 5_000,
      omitted: 1_000,
      cutBy: 'count',
      omittedBySeverity: { VeryLow: { red: 400, amber: 600 } },
    });
  });
});
