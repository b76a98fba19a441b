import { readFileSync } from 'node:fs';

/** What a recount of a Prowler JSON-OCSF file finds, written from the format's fields alone. */
export interface ProwlerRecount {
  checks: number;
  /** Checks with a failing or muted resource, by our Severity word. */
  failingBySeverity: Record<string, number>;
  failing: number;
  /** Checks with no resource evaluated (MANUAL only). */
  notEvaluated: number;
  passedResources: number;
  totalResources: number;
}

/** Prowler's severity words as the service's, lower-cased (the table). */
const severityWords: Record<string, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Moderate',
  low: 'Low',
  informational: 'VeryLow',
};

interface RawFinding {
  status_code: string;
  status_id: number;
  severity: string;
  metadata: { event_code: string };
}

/**
 * Recounts a Prowler output from its raw JSON, never through the reader: one check is one
 * `metadata.event_code`; a muted finding (status_id 3) is evaluated and never passes.
 */
export function recountProwler(path: string): ProwlerRecount {
  const findings = JSON.parse(readFileSync(path, 'utf8')) as RawFinding[];
  const byCheck = new Map<string, { severity: string; failing: boolean; evaluated: boolean }>();
  let passedResources = 0;
  let totalResources = 0;
  for (const finding of findings) {
    const muted = finding.status_id === 3;
    const evaluated = muted || finding.status_code === 'PASS' || finding.status_code === 'FAIL';
    const failing = muted || finding.status_code === 'FAIL';
    if (evaluated) totalResources += 1;
    if (evaluated && !failing) passedResources += 1;
    const check = byCheck.get(finding.metadata.event_code) ?? {
      severity: severityWords[finding.severity.toLowerCase()] ?? finding.severity,
      failing: false,
      evaluated: false,
    };
    check.failing ||= failing;
    check.evaluated ||= evaluated;
    byCheck.set(finding.metadata.event_code, check);
  }
  const failingBySeverity: Record<string, number> = {};
  for (const check of byCheck.values())
    if (check.failing) failingBySeverity[check.severity] = (failingBySeverity[check.severity] ?? 0) + 1;
  const checks = [...byCheck.values()];
  return {
    checks: checks.length,
    failingBySeverity,
    failing: checks.filter((check) => check.failing).length,
    notEvaluated: checks.filter((check) => !check.evaluated).length,
    passedResources,
    totalResources,
  };
}
