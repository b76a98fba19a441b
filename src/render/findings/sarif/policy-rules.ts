import { securitySeverity } from '../../../analyse/severity-rank.js';
import { jsonString } from './json-text.js';
import type { SarifLevel } from './sarif-log.js';

/** What the rule of a policy is made of: the policy as its report states it. */
export interface PolicyRuleFacts {
  policyId: string;
  shortTitle: string;
  serviceName: string;
  severity: string;
  categoryName: string;
  connectorType: string;
  benchmarkId: string;
}

/**
 * SARIF's level of a failing policy's Severity. Critical and High are errors, as
 * `--fail-on-regression High` fails on them; Moderate is a warning; Low and VeryLow are
 * notes, so that code scanning lists the worst first and a team can filter the rest
 * away. A severity the service is not known to use is an error, as its
 * `security-severity` is High's: it fails closed.
 */
export function policyLevel(severity: string): SarifLevel {
  const score = securitySeverity(severity);
  if (score >= 7) return 'error';
  return score >= 4 ? 'warning' : 'note';
}

/** The rule id of a policy: prefixed, so that no PolicyId can take the id of a catalogue rule. */
export function policyRuleId(policyId: string): string {
  return `policy/${policyId}`;
}

/**
 * The rules of the policies a log's results cite, one per PolicyId, as JSON text: the
 * posture log's failing policies and the diff's regressions are results of the policy
 * itself, so that code scanning shows its title, severity and category and a team can
 * dismiss or filter one policy. Only cited policies get a rule, so a log never holds
 * more rules than results. A policy id seen again (in another benchmark) cites the
 * rule of its first result; results come worst first, so that is the worst one.
 */
export class PolicyRules {
  private readonly texts: string[] = [];
  private readonly citations = new Map<string, string>();

  /** @param firstIndex the `ruleIndex` of the first policy rule: the count of the driver's rules before them */
  constructor(private readonly firstIndex = 0) {}

  /** The JSON text `"ruleId":…,"ruleIndex":…` of a result of this policy, adding its rule when it is new. */
  cite(facts: PolicyRuleFacts): string {
    let citation = this.citations.get(facts.policyId);
    if (citation === undefined) {
      const id = jsonString(policyRuleId(facts.policyId));
      citation = `"ruleId":${id},"ruleIndex":${this.firstIndex + this.texts.length}`;
      this.citations.set(facts.policyId, citation);
      this.texts.push(policyRuleText(id, facts));
    }
    return citation;
  }

  /** How many rules were cited. */
  get count(): number {
    return this.texts.length;
  }

  /** The rules' JSON texts, joined by commas, without brackets. */
  joined(): string {
    return this.texts.join(',');
  }
}

/**
 * What every policy rule's help says after the policy's own description: one text, so
 * that gzip finds it again in each of up to 25,000 rules.
 */
const lifecycle =
  'A result is written while a scan finds the policy Red (no resource passed; a colour outside the observed set counts as Red) or Amber (some resources failed). ' +
  'Green and Gray (not assessed) policies are not results, so an alert closes when a scan finds the policy passing.';

function policyRuleText(id: string, facts: PolicyRuleFacts): string {
  const title = jsonString(facts.shortTitle || facts.policyId);
  const about = `Policy ${facts.policyId} of ${facts.serviceName}, category "${facts.categoryName}", benchmark ${facts.benchmarkId} (${facts.connectorType}), severity ${facts.severity}.`;
  const tags = ['security', 'cspm', facts.connectorType, facts.benchmarkId].filter((tag, index, all) => tag !== '' && all.indexOf(tag) === index);
  return (
    `{"id":${id},"name":${jsonString(facts.policyId)},"shortDescription":{"text":${title}},"fullDescription":{"text":${jsonString(about)}},` +
    `"help":{"text":${jsonString(`${about} ${lifecycle}`)}},"defaultConfiguration":{"level":"${policyLevel(facts.severity)}"},` +
    `"properties":{"security-severity":"${securitySeverity(facts.severity).toFixed(1)}","tags":[${tags.map(jsonString).join(',')}],"precision":"high",` +
    `"severity":${jsonString(facts.severity)},"service":${jsonString(facts.serviceName)},"category":${jsonString(facts.categoryName)}}}`
  );
}

/**
 * The region of a result that concerns a policy of a report rather than a line (a
 * failing policy, a regression): the file's first line. GitHub code scanning refuses a
 * result without a line to show (its rule GH1003).
 */
export const firstLine = '{"startLine":1}';
