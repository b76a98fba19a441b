import type { AnalyseOptions } from '../model/analysis.js';
import type { Finding, RuleId, Severity } from '../model/finding.js';
import type { CappedFindings } from '../model/capped-findings.js';
import type { CategoryVisitor, PolicyRule, ReportContext, RuleHit, RuleInfo } from '../model/rule.js';
import { settingInForce } from './silencing-guard.js';

/**
 * The severity a hit gets: the user's setting in force (see settingInForce), else the hit's own, else the rule's
 * default.
 */
export function resolveSeverity(rule: RuleInfo, hit: RuleHit, options: AnalyseOptions): Severity | undefined {
  const setting = settingInForce(options.severities, rule.id);
  if (setting === 'off') return undefined;
  return setting ?? hit.severity ?? rule.defaultSeverity;
}

/** Applies the user's severity settings to findings made before the rules ran (load, schema). */
export function applySeverities(findings: readonly Finding[], options: AnalyseOptions): Finding[] {
  const settings = options.severities;
  if (!settings) return [...findings];
  const kept: Finding[] = [];
  for (const finding of findings) {
    const setting = settingInForce(settings, finding.rule);
    if (setting !== 'off') kept.push(setting ? { ...finding, severity: setting } : finding);
  }
  return kept;
}

/**
 * Runs one rule and appends its findings. A rule that throws becomes an error finding
 * and the run goes on, as a Lighthouse audit that fails does not stop the others.
 */
export function runRule<C>(
  rule: RuleInfo & { check(context: C): RuleHit[] },
  context: C,
  pointer: string,
  options: AnalyseOptions,
  into: CappedFindings,
): void {
  if (settingInForce(options.severities, rule.id) === 'off') return;
  try {
    addHits(rule, rule.check(context), options, into);
  } catch (error) {
    into.add(failure(rule, pointer, error));
  }
}

interface RunningPolicyRule {
  rule: PolicyRule;
  hits: RuleHit[];
  visit: CategoryVisitor | undefined;
  error?: unknown;
}

/**
 * Runs the policy rules over a report in one pass: each category is shown to every rule
 * in turn (see PolicyRule). A rule that throws stops there, with an error finding; the
 * others go on.
 */
export function runPolicyRules(
  rules: readonly PolicyRule[],
  context: ReportContext,
  options: AnalyseOptions,
  into: CappedFindings,
): void {
  const running: RunningPolicyRule[] = [];
  for (const rule of rules) {
    if (settingInForce(options.severities, rule.id) === 'off') continue;
    const entry: RunningPolicyRule = { rule, hits: [], visit: undefined };
    try {
      entry.visit = rule.start(context, entry.hits);
    } catch (error) {
      entry.error = error;
    }
    running.push(entry);
  }
  for (const category of context.categories) {
    for (const entry of running) {
      if (entry.visit === undefined) continue;
      try {
        entry.visit(category, entry.hits);
      } catch (error) {
        entry.error = error;
        entry.visit = undefined;
      }
    }
  }
  for (const entry of running) {
    addHits(entry.rule, entry.hits, options, into);
    if (entry.error !== undefined) into.add(failure(entry.rule, context.pointer, entry.error));
  }
}

function addHits(rule: RuleInfo, hits: readonly RuleHit[], options: AnalyseOptions, into: CappedFindings): void {
  for (const hit of hits) {
    const severity = resolveSeverity(rule, hit, options);
    if (severity) into.add(toFinding(rule.id, severity, hit));
  }
}

function failure(rule: RuleInfo, pointer: string, error: unknown): Finding {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    rule: rule.id,
    severity: 'error',
    pointer,
    message: `the rule ${rule.id} could not run here (${reason}); please report this`,
  };
}

function toFinding(rule: RuleId, severity: Severity, hit: RuleHit): Finding {
  const finding: Finding = { rule, severity, pointer: hit.pointer, message: hit.message };
  if (hit.expected !== undefined) finding.expected = hit.expected;
  if (hit.actual !== undefined) finding.actual = hit.actual;
  return finding;
}
