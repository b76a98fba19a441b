import type { AnalyseOptions } from '../model/analysis.js';
import type { Finding, RuleId, Severity } from '../model/finding.js';
import type { RuleHit, RuleInfo } from '../model/rule.js';

/** The severity a hit gets: the user's setting, else the hit's own, else the rule's default. */
export function resolveSeverity(rule: RuleInfo, hit: RuleHit, options: AnalyseOptions): Severity | undefined {
  const setting = options.severities?.[rule.id];
  if (setting === 'off') return undefined;
  return setting ?? hit.severity ?? rule.defaultSeverity;
}

/** Applies the user's severity settings to findings made before the rules ran (load, schema). */
export function applySeverities(findings: readonly Finding[], options: AnalyseOptions): Finding[] {
  const settings = options.severities;
  if (!settings) return [...findings];
  const kept: Finding[] = [];
  for (const finding of findings) {
    const setting = settings[finding.rule];
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
  into: Finding[],
): void {
  if (options.severities?.[rule.id] === 'off') return;
  try {
    for (const hit of rule.check(context)) {
      const severity = resolveSeverity(rule, hit, options);
      if (severity) into.push(toFinding(rule.id, severity, hit));
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    into.push({ rule: rule.id, severity: 'error', pointer, message: `the rule ${rule.id} could not run here (${reason}); please report this` });
  }
}

function toFinding(rule: RuleId, severity: Severity, hit: RuleHit): Finding {
  const finding: Finding = { rule, severity, pointer: hit.pointer, message: hit.message };
  if (hit.expected !== undefined) finding.expected = hit.expected;
  if (hit.actual !== undefined) finding.actual = hit.actual;
  return finding;
}
