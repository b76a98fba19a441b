import {
  type AssertionResult,
  type BenchmarkReport,
  type GateResult,
  type RulesFileAssertion,
} from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { diffAnalyses } from '../../src/analyse/diff/diff-analyses.js';
import { evaluateGate } from '../../src/gate/evaluate-gate.js';
import { parseGateRules } from '../../src/gate/parse-gate-rules.js';
import { judgeExceptions } from '../../src/analyse/exceptions/judge-exceptions.js';
import type { RiskException } from '../../src/model/exceptions.js';

/** The day the gate tests judge exceptions on. */
export const gateDay = new Date('2026-12-01T12:00:00Z');

/** An exception of the minimal report: StorageKeys (Red, High) of Contoso Azure, in force until 2027-03-31. */
export function exception(overrides: Partial<RiskException> = {}): RiskException {
  return {
    id: 'EXC-1',
    policies: ['StorageKeys'],
    accounts: ['Contoso Azure'],
    reason: 'Keys rotate by hand until the vault migration.',
    owner: 'storage@example.com',
    approvedBy: 'ciso@example.com',
    approved: '2026-11-01',
    expires: '2027-03-31',
    file: 'exceptions.yaml',
    pointer: '/exceptions/0',
    ...overrides,
  };
}

/**
 * Checks the reports (one input each) and evaluates the assertions, written as a JSON rules
 * file would; with baseline reports, compared with them as `gate --baseline` compares; with
 * exceptions, judged on {@link gateDay} as `gate --exceptions` judges them.
 */
export async function gate(
  reports: readonly BenchmarkReport[],
  assertions: readonly RulesFileAssertion[],
  baselineReports?: readonly BenchmarkReport[],
  exceptions?: readonly RiskException[],
): Promise<GateResult> {
  const analysis = await analyseInputs(reports.map((report, index) => ({ value: report, name: `r${index + 1}.json` })));
  const rules = parseGateRules(JSON.stringify({ assertions }), 'rules.json');
  const judged =
    exceptions === undefined ? {} : { exceptions: judgeExceptions(analysis, exceptions, { today: gateDay }) };
  if (baselineReports === undefined) return evaluateGate(analysis, rules, judged);
  const baseline = await analyseInputs(
    baselineReports.map((report, index) => ({ value: report, name: `old${index + 1}.json` })),
  );
  return evaluateGate(analysis, rules, { baseline: diffAnalyses(baseline, analysis), ...judged });
}

/** The one result of a gate that evaluated one assertion on one scope. */
export function only(result: GateResult): AssertionResult {
  if (result.assertions.length !== 1)
    throw new Error(`expected one result, got ${JSON.stringify(result.assertions, null, 2)}`);
  return result.assertions[0]!;
}
