import { createHash } from 'node:crypto';
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
  /** The result's colour: `Amber`, or `Red` for Red and a colour outside the observed set, which counts as Red. */
  colour: 'Red' | 'Amber';
}

/**
 * How far an Amber's `security-severity` sits below a Red's of the same Severity: one
 * notch, within the same GitHub band, so that code scanning, which keeps the top 5,000
 * results of a run by the score of their rules, keeps Red before Amber as the log does.
 */
const amberNotch = 0.1;

/** The `security-severity` a rule of a failing policy states: its Severity's, a notch lower when Amber. */
export function policySecuritySeverity(severity: string, colour: PolicyRuleFacts['colour']): string {
  return (securitySeverity(severity) - (colour === 'Amber' ? amberNotch : 0)).toFixed(1);
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

/** Every fact a rule states, as one key: two results share a rule only when all of them agree. */
function factsKey(facts: PolicyRuleFacts): string {
  return [
    facts.policyId,
    facts.shortTitle,
    facts.serviceName,
    facts.severity,
    facts.categoryName,
    facts.connectorType,
    facts.benchmarkId,
    facts.colour,
  ].join('\u0000');
}

/**
 * The rules of the policies a log's results cite, as JSON text: the posture log's
 * failing policies and the diff's regressions are results of the policy itself, so
 * that code scanning shows its title, severity and category and a team can dismiss or
 * filter one policy. GitHub reads `security-severity`, level and tags from the rule,
 * not the result, so a rule is one variant of a policy: its PolicyId with one title,
 * service, Severity, category, connector, benchmark and colour, and every result cites
 * the rule that states what it is. The first variant of a PolicyId (results come worst
 * first) takes the plain id `policy/<PolicyId>`, as when a policy had one rule; each
 * other one a suffix hashed from what it states, the same in every log. Only cited
 * variants get a rule, so a log never holds more rules than results.
 */
export class PolicyRules {
  private readonly texts: string[] = [];
  private readonly citations = new Map<string, string>();
  private readonly ids = new Set<string>();

  /** @param firstIndex the `ruleIndex` of the first policy rule: the count of the driver's rules before them */
  constructor(private readonly firstIndex = 0) {}

  /** The JSON text `"ruleId":…,"ruleIndex":…` of a result of this policy variant, adding its rule when it is new. */
  cite(facts: PolicyRuleFacts): string {
    const key = factsKey(facts);
    let citation = this.citations.get(key);
    if (citation === undefined) {
      const id = jsonString(this.newId(facts.policyId, key));
      citation = `"ruleId":${id},"ruleIndex":${this.firstIndex + this.texts.length}`;
      this.citations.set(key, citation);
      this.texts.push(policyRuleText(id, facts));
    }
    return citation;
  }

  /**
   * The plain id when no rule has it yet, else the plain id, `~` and the first 8 hex
   * digits of the variant's SHA-256, or more of them should a PolicyId that ends so
   * have taken that id first.
   */
  private newId(policyId: string, key: string): string {
    const plain = policyRuleId(policyId);
    const digest = createHash('sha256').update(key).digest('hex');
    const candidates = [plain, ...[8, 16, 32, 64].map((length) => `${plain}~${digest.slice(0, length)}`)];
    let id = candidates.find((candidate) => !this.ids.has(candidate));
    for (let round = 2; id === undefined; round += 1)
      if (!this.ids.has(`${plain}~${digest}~${round}`)) id = `${plain}~${digest}~${round}`;
    this.ids.add(id);
    return id;
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
  const colour = facts.colour === 'Amber' ? 'Amber (partly failing)' : 'Red';
  const about = `Policy ${facts.policyId} of ${facts.serviceName}, category "${facts.categoryName}", benchmark ${facts.benchmarkId} (${facts.connectorType}), severity ${facts.severity}, ${colour}.`;
  const tags = ['security', 'cspm', facts.connectorType, facts.benchmarkId].filter(
    (tag, index, all) => tag !== '' && all.indexOf(tag) === index,
  );
  return (
    `{"id":${id},"name":${jsonString(facts.policyId)},"shortDescription":{"text":${title}},"fullDescription":{"text":${jsonString(about)}},` +
    `"help":{"text":${jsonString(`${about} ${lifecycle}`)}},"defaultConfiguration":{"level":"${policyLevel(facts.severity)}"},` +
    `"properties":{"security-severity":"${policySecuritySeverity(facts.severity, facts.colour)}","tags":[${tags.map(jsonString).join(',')}],"precision":"high",` +
    `"severity":${jsonString(facts.severity)},"compliance":"${facts.colour}","service":${jsonString(facts.serviceName)},"category":${jsonString(facts.categoryName)}}}`
  );
}

/**
 * The region of a result that concerns a policy of a report rather than a line (a
 * failing policy, a regression): the file's first line. GitHub code scanning refuses a
 * result without a line to show (its rule GH1003).
 */
export const firstLine = '{"startLine":1}';
