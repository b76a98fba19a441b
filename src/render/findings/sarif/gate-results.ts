import type { AssertionResult, GateResult } from '../../../model/gate.js';
import { terminalJson } from '../../../text/terminal-text.js';
import { artifactLocation } from './artifact-uri.js';
import { pushResult } from './finding-result.js';
import { jsonString } from './json-text.js';
import type { DriverRules } from './sarif-rules.js';
import { gateRuleId, sarifLevel } from './sarif-rules.js';

/** Counts of a gate run for the run's properties: SARIF lists problems, so passes are only counted. */
export interface GateCounts {
  rulesFile: string;
  status: GateResult['status'];
  assertions: number;
  passed: number;
  failed: number;
}

/** Counts the gate's assertions by outcome. */
export function countGate(gate: GateResult): GateCounts {
  let passed = 0;
  for (const assertion of gate.assertions) if (assertion.passed) passed += 1;
  return {
    rulesFile: gate.rulesFile,
    status: gate.status,
    assertions: gate.assertions.length,
    passed,
    failed: gate.assertions.length - passed,
  };
}

/** The gate's failed assertions, in rules-file order. */
export function failedAssertions(gate: GateResult | undefined): AssertionResult[] {
  return gate === undefined ? [] : gate.assertions.filter((assertion) => !assertion.passed);
}

/**
 * Appends a failed assertion as a result's JSON text to `out`. It sits in the report file it measured
 * when it had one scope, else in the rules file that states it; either way its pointer
 * into the rules file is kept, since that is where a person changes the bound.
 */
export function assertionResult(
  assertion: AssertionResult,
  gate: GateResult,
  rules: DriverRules,
  fingerprint: (identity: string) => string,
  out: string[],
): void {
  const ruleId = gateRuleId(assertion.metric);
  const location = artifactLocation(assertion.source ?? gate.rulesFile);
  const actual = assertion.actual === null ? 'nothing matched' : String(assertion.actual);
  const properties = {
    assertion: assertion.name,
    metric: assertion.metric,
    scope: assertion.scope,
    actual: assertion.actual,
    expected: assertion.expected,
    rulesFile: gate.rulesFile,
    rulesPointer: assertion.pointer,
  };
  pushResult(out, {
    rule: rules.cite(ruleId),
    level: sarifLevel(assertion.level),
    message: jsonString(
      `${assertion.message} (assertion "${assertion.name}" on ${assertion.scope}: actual ${actual}, expected ${assertion.expected})`,
    ),
    artifactLocation: terminalJson(JSON.stringify(location)),
    logical: undefined,
    partialFingerprints: fingerprint([ruleId, location.uri, assertion.name, assertion.scope].join('\u0000')),
    properties: terminalJson(JSON.stringify(properties)),
  });
}
