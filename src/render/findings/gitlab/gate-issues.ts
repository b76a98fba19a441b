import { isGatePresetName } from '../../../gate/presets/gate-presets.js';
import type { AssertionResult, GateLevel, GateResult } from '../../../model/gate.js';
import {
  codeQualityIssue,
  type CodeQualityIssue,
  type CodeQualitySeverity,
  type IssueContext,
} from './code-quality-issue.js';

/**
 * A failed assertion's severity. A failed `error` assertion fails the gate (exit 3): it
 * is a `blocker`, the one severity no finding has, so that it heads GitLab's list and
 * reads as what stops the merge. A failed `warn` assertion does not fail it: `minor`,
 * as a check warning.
 */
export const assertionSeverities: Record<GateLevel, CodeQualitySeverity> = { error: 'blocker', warn: 'minor' };

/**
 * The gate's failed assertions as issues, in rules-file order. Each sits in the report
 * file it measured when its scope was one report, else in the rules file that states it;
 * a preset is no file, so one of the whole run sits in the first input instead.
 */
export function gateIssues(
  gate: GateResult,
  inputs: readonly string[],
  context: IssueContext,
  out: CodeQualityIssue[],
): void {
  for (const assertion of gate.assertions)
    if (!assertion.passed) out.push(assertionIssue(assertion, gate.rulesFile, inputs, context));
}

function assertionIssue(
  assertion: AssertionResult,
  rulesFile: string,
  inputs: readonly string[],
  context: IssueContext,
): CodeQualityIssue {
  const file = assertion.source ?? (isGatePresetName(rulesFile) ? (inputs[0] ?? rulesFile) : rulesFile);
  const path = context.path(file);
  const actual = assertion.actual === null ? 'nothing matched' : (assertion.actualText ?? String(assertion.actual));
  const description = `${assertion.message} (gate assertion "${assertion.name}" on ${assertion.scope}: actual ${actual}, expected ${assertion.expected}; ${rulesFile}${assertion.pointer === '' ? '' : ` ${assertion.pointer}`})`;
  const fingerprint = context.fingerprint('gate', assertion.name, path, assertion.scope, rulesFile, assertion.pointer);
  return codeQualityIssue(
    path,
    `gate: ${assertion.name}`,
    assertionSeverities[assertion.level],
    description,
    fingerprint,
  );
}
