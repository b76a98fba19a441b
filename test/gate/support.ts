import { type AssertionResult, type BenchmarkReport, type GateResult, type RulesFileAssertion } from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { diffAnalyses } from '../../src/analyse/diff/diff-analyses.js';
import { evaluateGate } from '../../src/gate/evaluate-gate.js';
import { parseGateRules } from '../../src/gate/parse-gate-rules.js';

/**
 * Checks the reports (one input each) and evaluates the assertions, written as a JSON rules
 * file would; with baseline reports, compared with them as `gate --baseline` compares.
 */
export async function gate(reports: readonly BenchmarkReport[], assertions: readonly RulesFileAssertion[], baselineReports?: readonly BenchmarkReport[]): Promise<GateResult> {
  const analysis = await analyseInputs(reports.map((report, index) => ({ value: report, name: `r${index + 1}.json` })));
  const rules = parseGateRules(JSON.stringify({ assertions }), 'rules.json');
  if (baselineReports === undefined) return evaluateGate(analysis, rules);
  const baseline = await analyseInputs(baselineReports.map((report, index) => ({ value: report, name: `old${index + 1}.json` })));
  return evaluateGate(analysis, rules, { baseline: diffAnalyses(baseline, analysis) });
}

/** The one result of a gate that evaluated one assertion on one scope. */
export function only(result: GateResult): AssertionResult {
  if (result.assertions.length !== 1) throw new Error(`expected one result, got ${JSON.stringify(result.assertions, null, 2)}`);
  return result.assertions[0]!;
}
