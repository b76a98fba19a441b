import type { AnalysedSource } from '../../../model/analysis.js';
import type { FindingsResult } from '../../../model/findings-format.js';
import type { RuleInfo } from '../../../model/rule.js';
import { terminalJson } from '../../../text/terminal-text.js';
import { toolInfo } from '../../../tool-info.js';
import { artifactLocation, sourceRootId } from './artifact-uri.js';
import { createFingerprinter } from './fingerprints.js';
import { findingResults } from './finding-result.js';
import { assertionResult, countGate, failedAssertions } from './gate-results.js';
import { indexSource } from './logical-locations.js';
import { ResultTexts } from './result-texts.js';
import { findingLimit } from '../../../load/capped-findings.js';
import { maxResultsPerRun, omittedResults, planResults, type ResultBudget } from './result-budget.js';
import type { SarifInvocation, SarifNotification, SarifTool } from './sarif-log.js';
import { regressionResult, regressionRule, regressionRuleId, regressionsOf } from './regression-results.js';
import { driverRules, type DriverRules } from './sarif-rules.js';

/** The schema the log names: the OASIS Standard's, with Errata 01. */
export const sarifSchemaUri = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

const informationUri = 'https://www.npmjs.com/package/cspm-report';

/**
 * A check or gate result as the JSON text of one SARIF 2.1.0 log of one run, on one
 * line. The results are written first, since a finding of a rule the catalogue lacks
 * adds that rule to the driver, which the text names before them. The text is made
 * safe to print as the json format's is (terminalJson): the results string by string
 * as they are written (json-text.ts), the rest around them here.
 */
export function writeSarifLog(result: FindingsResult, catalogue: readonly RuleInfo[]): string {
  const texts = new ResultTexts();
  const extra = result.diff === undefined ? [] : [regressionRule()];
  const { rules, budget } = writeResults(result, driverRules(catalogue, result.gate, extra), texts);
  const tool: SarifTool = { driver: { name: toolInfo.name, version: toolInfo.version, semanticVersion: toolInfo.version, informationUri, rules: rules.rules } };
  const invocations: SarifInvocation[] = [{ executionSuccessful: true, toolExecutionNotifications: notifications(budget, result.diff !== undefined) }];
  const opening = terminalJson(
    `{"$schema":${JSON.stringify(sarifSchemaUri)},"version":"2.1.0","runs":[{"tool":${JSON.stringify(tool)},` +
      `"invocations":${JSON.stringify(invocations)},"originalUriBaseIds":${originalUriBaseIds},"results":[`,
  );
  const closing = terminalJson(`],"properties":${JSON.stringify(runProperties(result, budget, rules))}}]}\n`);
  return texts.join(opening, closing);
}

const originalUriBaseIds = JSON.stringify({
  [sourceRootId]: { description: { text: 'The folder the command ran in: relative input paths start there. Run it from the repository root so that they match the repository.' } },
});

/**
 * Writes the results the budget allows: failed gate assertions first, then findings in
 * file order. A diff writes its regressions instead of findings: code scanning should
 * show what got worse, and the inputs' findings did not stop the comparison.
 */
function writeResults(result: FindingsResult, rules: DriverRules, texts: ResultTexts): { rules: DriverRules; budget: ResultBudget } {
  const { analysis, gate } = result;
  const fingerprint = createFingerprinter();
  if (result.diff !== undefined) {
    const regressions = regressionsOf(result.diff);
    // Counted as errors by the budget: they are what the run is about.
    const budget = planResults(0, { error: regressions.length, warning: 0 });
    const cite = rules.cite(regressionRuleId);
    for (let index = 0; index < budget.errors; index += 1) {
      const { report, change } = regressions[index]!;
      texts.start();
      regressionResult(report, change, cite, fingerprint, texts.parts);
    }
    return { rules, budget };
  }
  const failed = failedAssertions(gate);
  const budget = planResults(failed.length, countSeverities(analysis.sources));
  for (let index = 0; index < budget.gate; index += 1) {
    texts.start();
    assertionResult(failed[index]!, gate!, rules, fingerprint, texts.parts);
  }
  const taken = { error: 0, warning: 0 };
  const allowed = { error: budget.errors, warning: budget.warnings };
  for (const source of analysis.sources) {
    if (source.findings.length === 0) continue;
    const file = artifactLocation(source.source);
    const write = findingResults(terminalJson(JSON.stringify(file)), file.uri, indexSource(source), rules, fingerprint);
    for (const finding of source.findings) {
      if (taken[finding.severity] >= allowed[finding.severity]) continue;
      taken[finding.severity] += 1;
      texts.start();
      write(finding, texts.parts);
    }
  }
  return { rules, budget };
}

/** Loops rather than filters: a source may hold more findings than is worth copying. */
function countSeverities(sources: readonly AnalysedSource[]): { error: number; warning: number } {
  const counts = { error: 0, warning: 0 };
  for (const source of sources) for (const finding of source.findings) counts[finding.severity] += 1;
  return counts;
}

function notifications(budget: ResultBudget, isDiff: boolean): SarifNotification[] {
  const omitted = omittedResults(budget);
  if (omitted === 0) return [];
  const written = budget.gate + budget.errors + budget.warnings;
  const text = isDiff
    ? `${written.toLocaleString('en-US')} of ${(written + omitted).toLocaleString('en-US')} regressions written: GitHub code scanning accepts at most ` +
      `${maxResultsPerRun.toLocaleString('en-US')} results per run. The json format lists every one.`
    :
    `${written.toLocaleString('en-US')} of ${(written + omitted).toLocaleString('en-US')} results written: GitHub code scanning accepts at most ` +
    `${maxResultsPerRun.toLocaleString('en-US')} per run. Failed gate assertions come first, then errors, then warnings; left out: ` +
    `${budget.omittedGate} gate assertions, ${budget.omittedErrors} errors, ${budget.omittedWarnings} warnings. The json format lists them, up to ${findingLimit.toLocaleString('en-US')} findings of a rule per file (the rest counted).`;
  return [{ level: 'warning', message: { text }, descriptor: { id: 'results-capped' } }];
}

function runProperties(result: FindingsResult, budget: ResultBudget, rules: DriverRules): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    percentFormula: result.analysis.percentFormula,
    summary: result.analysis.summary,
    files: result.analysis.sources.map((source) => source.source),
    resultLimit: { maxResultsPerRun, omittedGate: budget.omittedGate, omittedErrors: budget.omittedErrors, omittedWarnings: budget.omittedWarnings },
    rules: rules.rules.length,
  };
  if (result.gate) properties.gate = countGate(result.gate);
  if (result.verdict) properties.verdict = result.verdict;
  if (result.diff) properties.diff = { counts: result.diff.counts, reports: result.diff.reports.length, unpaired: result.diff.unpaired.length, inputs: result.diff.inputs };
  return properties;
}
