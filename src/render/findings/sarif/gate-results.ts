import type { AssertionResult, GateResult } from '../../../model/gate.js';
import { artifactLocation } from './artifact-uri.js';
import type { DriverRules } from './sarif-rules.js';
import { gateRuleId, sarifLevel } from './sarif-rules.js';
import type { SarifResult } from './sarif-log.js';

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
  return { rulesFile: gate.rulesFile, status: gate.status, assertions: gate.assertions.length, passed, failed: gate.assertions.length - passed };
}

/** The gate's failed assertions, in rules-file order. */
export function failedAssertions(gate: GateResult | undefined): AssertionResult[] {
  return gate === undefined ? [] : gate.assertions.filter((assertion) => !assertion.passed);
}

/**
 * A failed assertion as a result. It sits in the report file it measured when it had
 * one scope, else in the rules file that states it; either way its pointer into the
 * rules file is kept, since that is where a person changes the bound.
 */
export function assertionResult(
  assertion: AssertionResult,
  gate: GateResult,
  rules: DriverRules,
  fingerprint: (identity: string) => Record<string, string>,
): SarifResult {
  const ruleId = gateRuleId(assertion.metric);
  const file = assertion.source ?? gate.rulesFile;
  const location = artifactLocation(file);
  const actual = assertion.actual === null ? 'nothing matched' : String(assertion.actual);
  return {
    ruleId,
    ruleIndex: rules.indexOf(ruleId),
    level: sarifLevel(assertion.level),
    message: { text: `${assertion.message} (assertion "${assertion.name}" on ${assertion.scope}: actual ${actual}, expected ${assertion.expected})` },
    locations: [{ physicalLocation: { artifactLocation: location } }],
    partialFingerprints: fingerprint([ruleId, location.uri, assertion.name, assertion.scope].join('\u0000')),
    properties: {
      assertion: assertion.name,
      metric: assertion.metric,
      scope: assertion.scope,
      actual: assertion.actual,
      expected: assertion.expected,
      rulesFile: gate.rulesFile,
      rulesPointer: assertion.pointer,
    },
  };
}
