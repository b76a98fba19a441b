import type { Severity } from '../../../model/finding.js';
import type { GateLevel, GateResult } from '../../../model/gate.js';
import type { RuleInfo } from '../../../model/rule.js';
import { jsonString } from './json-text.js';
import { ruleName } from './rule-name.js';
import type { SarifLevel, SarifRule } from './sarif-log.js';

/** SARIF's level of a finding's severity or a gate assertion's level. */
export function sarifLevel(level: Severity | GateLevel): SarifLevel {
  return level === 'error' ? 'error' : 'warning';
}

/** The rule id of a failed gate assertion on `metric`. */
export function gateRuleId(metric: string): string {
  return `gate/${metric}`;
}

/** The driver's rules and each one's index, which every result cites as `ruleIndex`. */
export interface DriverRules {
  rules: SarifRule[];
  /** The JSON text `"ruleId":…,"ruleIndex":…` of a result of rule `id`, adding a plain rule for an id not yet known. */
  cite(id: string): string;
}

/**
 * One rule per catalogue entry, then one per gate metric the run evaluated, then `more`
 * (the rule of accepted policies, when the run accepted any). A finding
 * whose rule the catalogue lacks (a library caller's own) gets a plain entry of its
 * own rather than a result that points at no rule.
 */
export function driverRules(
  catalogue: readonly RuleInfo[],
  gate: GateResult | undefined,
  more: readonly SarifRule[] = [],
): DriverRules {
  const rules: SarifRule[] = [];
  const index = new Map<string, number>();
  const add = (rule: SarifRule): number => {
    index.set(rule.id, rules.length);
    rules.push(rule);
    return rules.length - 1;
  };
  for (const info of catalogue) add(catalogueRule(info));
  for (const assertion of gate?.assertions ?? []) {
    const id = gateRuleId(assertion.metric);
    if (!index.has(id)) add(gateRule(id, assertion.metric, assertion.level));
  }
  for (const rule of more) if (!index.has(rule.id)) add(rule);
  const citations = new Map<string, string>();
  return {
    rules,
    cite: (id) => {
      let citation = citations.get(id);
      if (citation === undefined) {
        citation = `"ruleId":${jsonString(id)},"ruleIndex":${index.get(id) ?? add(plainRule(id))}`;
        citations.set(id, citation);
      }
      return citation;
    },
  };
}

function catalogueRule(info: RuleInfo): SarifRule {
  return {
    id: info.id,
    ...ruleName(info.id),
    shortDescription: { text: info.description },
    fullDescription: { text: info.rationale },
    help: { text: `${info.description}\n\nWhy: ${info.rationale}` },
    defaultConfiguration: { level: sarifLevel(info.defaultSeverity) },
    properties: { stage: info.stage },
  };
}

function gateRule(id: string, metric: string, level: GateLevel): SarifRule {
  const text = `A gate assertion on ${metric} failed: the value measured is outside the bound the rules file sets.`;
  return {
    id,
    ...ruleName(id),
    shortDescription: { text: `Gate assertion on ${metric} failed` },
    fullDescription: { text },
    help: { text: `${text} The result names the assertion, its scope, the value measured and the bound.` },
    defaultConfiguration: { level: sarifLevel(level) },
  };
}

function plainRule(id: string): SarifRule {
  const text = `Findings of rule ${id}.`;
  return {
    id,
    ...ruleName(id),
    shortDescription: { text },
    fullDescription: { text },
    help: { text },
    defaultConfiguration: { level: 'warning' },
  };
}
