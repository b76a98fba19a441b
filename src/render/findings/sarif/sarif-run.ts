import type { AnalysedSource } from '../../../model/analysis.js';
import type { FindingsResult } from '../../../model/findings-format.js';
import type { RuleInfo } from '../../../model/rule.js';
import { terminalJson } from '../../../text/terminal-text.js';
import { toolInfo } from '../../../tool-info.js';
import { artifactLocation } from './artifact-uri.js';
import { informationUri, noteNotifications, originalUriBaseIds, sarifSchemaUri } from './log-parts.js';
import { writePolicyLog } from './policy-log.js';
import { maxUploadBytes, writeWithinUpload, type WrittenLog } from './upload-size.js';
import { createFingerprinter } from './fingerprints.js';
import { findingResults } from './finding-result.js';
import { assertionResult, countGate, failedAssertions } from './gate-results.js';
import { indexSource } from './logical-locations.js';
import { ResultTexts } from './result-texts.js';
import { findingLimit } from '../../../model/capped-findings.js';
import { maxResultsPerRun, omittedResults, planResults, type ResultBudget } from './result-budget.js';
import type { SarifInvocation, SarifNotification, SarifTool } from './sarif-log.js';
import { regressionCandidates } from './regression-results.js';
import { driverRules, type DriverRules } from './sarif-rules.js';
import { acceptedOf, acceptedResult, acceptedRiskRule, exceptionsProperty } from './accepted-results.js';
import { exceptionsRecord } from '../../../analyse/exceptions/exceptions-record.js';

/**
 * A check or gate result as the JSON text of one SARIF 2.1.0 log of one run, on one
 * line. The results are written first, since a finding of a rule the catalogue lacks
 * adds that rule to the driver, which the text names before them. The text is made
 * safe to print as the json format's is (terminalJson): the results string by string
 * as they are written (json-text.ts), the rest around them here. A diff's log is a
 * policy log of its regressions (policy-log.ts).
 */
export function writeSarifLog(result: FindingsResult, catalogue: readonly RuleInfo[]): string {
  if (result.diff !== undefined) {
    const candidates = regressionCandidates(result.diff);
    // The verdict last, as in a check's or gate's log: the exit code's, stated once.
    const verdict = result.verdict === undefined ? {} : { verdict: result.verdict };
    // The record of the later scan's exceptions; its accepted regressions are suppressed results of their policies.
    const exceptions = result.exceptions === undefined ? {} : { exceptions: exceptionsRecord(result.exceptions) };
    return writePolicyLog({
      ...candidates,
      properties: { ...analysisProperties(result), ...candidates.properties, ...exceptions, ...verdict },
      notifications: noteNotifications(result.notes),
    }).text;
  }
  return writeWithinUpload((max) => writeFindingsLog(result, catalogue, max), maxResultsPerRun).text;
}

function writeFindingsLog(result: FindingsResult, catalogue: readonly RuleInfo[], max: number): WrittenLog {
  const texts = new ResultTexts();
  const accepted = acceptedOf(result.exceptions);
  const driver = driverRules(catalogue, result.gate, accepted.length === 0 ? [] : [acceptedRiskRule()]);
  const { rules, budget } = writeResults(result, driver, texts, max);
  // Accepted policies last, in the room the problems leave: suppressed, they fail nothing.
  const room = Math.max(0, max - (budget.gate + budget.errors + budget.warnings));
  const fingerprint = createFingerprinter();
  const writtenAccepted = Math.min(accepted.length, room);
  for (let index = 0; index < writtenAccepted; index += 1) {
    texts.start();
    acceptedResult(accepted[index]!, rules, fingerprint, texts.parts);
  }
  const tool: SarifTool = {
    driver: {
      name: toolInfo.name,
      version: toolInfo.version,
      semanticVersion: toolInfo.version,
      informationUri,
      rules: rules.rules,
    },
  };
  const invocations: SarifInvocation[] = [
    {
      executionSuccessful: true,
      toolExecutionNotifications: [...notifications(budget, max), ...noteNotifications(result.notes)],
    },
  ];
  const opening = terminalJson(
    `{"$schema":${JSON.stringify(sarifSchemaUri)},"version":"2.1.0","runs":[{"tool":${JSON.stringify(tool)},` +
      `"invocations":${JSON.stringify(invocations)},"originalUriBaseIds":${originalUriBaseIds},"results":[`,
  );
  const properties = runProperties(result, budget, rules, max);
  if (result.exceptions !== undefined)
    properties['exceptions'] = exceptionsProperty(result.exceptions, accepted.length - writtenAccepted);
  const closing = terminalJson(`],"properties":${JSON.stringify(properties)}}]}\n`);
  return {
    text: texts.join(opening, closing),
    results: budget.gate + budget.errors + budget.warnings + writtenAccepted,
  };
}

/**
 * Writes the results the budget allows: failed gate assertions first, then findings in
 * file order, errors kept before warnings.
 */
function writeResults(
  result: FindingsResult,
  rules: DriverRules,
  texts: ResultTexts,
  max: number,
): { rules: DriverRules; budget: ResultBudget } {
  const { analysis, gate } = result;
  const fingerprint = createFingerprinter();
  const failed = failedAssertions(gate);
  const budget = planResults(failed.length, countSeverities(analysis.sources), max);
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

function notifications(budget: ResultBudget, max: number): SarifNotification[] {
  const omitted = omittedResults(budget);
  if (omitted === 0) return [];
  const written = budget.gate + budget.errors + budget.warnings;
  // Worded as before when only the count cut the run, so that such logs stay as they were.
  const limit =
    max < maxResultsPerRun
      ? `${maxResultsPerRun.toLocaleString('en-US')} per run and ${maxUploadBytes / 1_000_000} MB compressed per upload`
      : `${maxResultsPerRun.toLocaleString('en-US')} per run`;
  const text =
    `${written.toLocaleString('en-US')} of ${(written + omitted).toLocaleString('en-US')} results written: GitHub code scanning accepts at most ` +
    `${limit}. Failed gate assertions come first, then errors, then warnings; left out: ` +
    `${budget.omittedGate} gate assertions, ${budget.omittedErrors} errors, ${budget.omittedWarnings} warnings. The json format lists them, up to ${findingLimit.toLocaleString('en-US')} findings of a rule per file (the rest counted).`;
  return [{ level: 'warning', message: { text }, descriptor: { id: 'results-capped' } }];
}

/** What every log of a check, gate or diff tells of the inputs. */
function analysisProperties(result: FindingsResult): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    percentFormula: result.analysis.percentFormula,
    summary: result.analysis.summary,
    files: result.analysis.sources.map((source) => source.source),
  };
  // Settings no command line shows (a config file's): recorded with the file's digest.
  if (result.runSettings !== undefined) properties['runSettings'] = result.runSettings;
  return properties;
}

function runProperties(
  result: FindingsResult,
  budget: ResultBudget,
  rules: DriverRules,
  max: number,
): Record<string, unknown> {
  const resultLimit: Record<string, unknown> = {
    maxResultsPerRun,
    omittedGate: budget.omittedGate,
    omittedErrors: budget.omittedErrors,
    omittedWarnings: budget.omittedWarnings,
  };
  // Only when the size cut the run, so that the logs of every other run stay as they were.
  if (max < maxResultsPerRun && omittedResults(budget) > 0)
    Object.assign(resultLimit, { maxUploadBytes, cutBy: 'size' });
  const properties: Record<string, unknown> = { ...analysisProperties(result), resultLimit, rules: rules.rules.length };
  if (result.gate) properties.gate = countGate(result.gate);
  if (result.verdict) properties.verdict = result.verdict;
  return properties;
}
