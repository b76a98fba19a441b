import { checkReports, evaluateGate, parseGateRules, type AssertionResult, type BenchmarkReport, type GateResult, type RulesFileAssertion } from '../../src/index.js';

/** Checks the reports (one input each) and evaluates the assertions, written as a JSON rules file would. */
export async function gate(reports: readonly BenchmarkReport[], assertions: readonly RulesFileAssertion[]): Promise<GateResult> {
  const analysis = await checkReports(reports.map((report, index) => ({ value: report, name: `r${index + 1}.json` })));
  return evaluateGate(analysis, parseGateRules(JSON.stringify({ assertions }), 'rules.json'));
}

/** The one result of a gate that evaluated one assertion on one scope. */
export function only(result: GateResult): AssertionResult {
  if (result.assertions.length !== 1) throw new Error(`expected one result, got ${JSON.stringify(result.assertions, null, 2)}`);
  return result.assertions[0]!;
}
