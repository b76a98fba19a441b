import type { Policy } from '../../model/report.js';
import type { ScanResult, ScannedCheck } from '../../model/scan-result.js';
import { isAtLeast } from '../../model/observed-values.js';

/**
 * The results of one policy of a built report, counted as they come: the check (or the
 * framework's requirement) and what its resources said.
 */
export interface PolicyTally {
  id: string;
  number: string;
  title: string;
  service: string;
  severity: string;
  checks: ScannedCheck[];
  passed: number;
  /** Resources evaluated: passed, failed, muted. */
  total: number;
  muted: number;
  /** Where the first muted result is, for the finding that names them. */
  mutedPointer?: string;
  /** Results not evaluated (manual, not available, skipped, error), by status. */
  unevaluated: Record<string, number>;
  failedResources: string[];
}

/** A tally with nothing counted yet. */
export function newTally(id: string, number: string, title: string, service: string, check: ScannedCheck): PolicyTally {
  return {
    id,
    number,
    title,
    service,
    severity: check.severity,
    checks: [check],
    passed: 0,
    total: 0,
    muted: 0,
    unevaluated: {},
    failedResources: [],
  };
}

/**
 * Counts one result. A muted result is evaluated and never passes, whatever its status:
 * the scanner was told to stop reporting it, which says nothing of whether it is fixed.
 */
export function countResult(tally: PolicyTally, result: ScanResult): void {
  if (!tally.checks.includes(result.check)) {
    if (!tally.checks.some((check) => check.id === result.check.id)) tally.checks.push(result.check);
    // A requirement is as severe as its most severe check.
    if (!isAtLeast(tally.severity, result.check.severity)) tally.severity = result.check.severity;
  }
  if (result.muted === true) {
    tally.total += 1;
    tally.muted += 1;
    tally.mutedPointer ??= result.pointer;
    if (result.resource !== undefined) tally.failedResources.push(result.resource);
    return;
  }
  if (result.status === 'pass') {
    tally.passed += 1;
    tally.total += 1;
  } else if (result.status === 'fail') {
    tally.total += 1;
    if (result.resource !== undefined) tally.failedResources.push(result.resource);
  } else tally.unevaluated[result.status] = (tally.unevaluated[result.status] ?? 0) + 1;
}

/**
 * The colour of a built policy: Gray when no resource was evaluated, Green when every
 * one passed, Red when any failed or was muted. A scanner's check fails on one failing
 * resource; the service's Amber (some passed) has no counterpart in a scanner's results.
 */
export function colourOf(tally: Pick<PolicyTally, 'passed' | 'total'>): 'Green' | 'Red' | 'Gray' {
  if (tally.total === 0) return 'Gray';
  return tally.passed === tally.total ? 'Green' : 'Red';
}

/**
 * The policy of a tally, in the service's shape. Risk is inferred: a failing policy is
 * a Certain risk (a resource fails), Red when High or Critical and Amber below; a
 * passing one NotLikely and Green; a Gray one has none, as the service writes it.
 */
export function policyOf(tally: PolicyTally): Policy {
  const compliance = colourOf(tally);
  const risk =
    compliance === 'Gray'
      ? { RiskProbability: ' ', RiskLevel: '' }
      : compliance === 'Green'
        ? { RiskProbability: 'NotLikely', RiskLevel: 'Green' }
        : { RiskProbability: 'Certain', RiskLevel: isAtLeast(tally.severity, 'High') ? 'Red' : 'Amber' };
  const [first] = tally.checks;
  return {
    PolicyId: tally.id,
    ShortTitle: tally.title,
    ServiceName: tally.service,
    ComplianceNumber: tally.number,
    PassedResourceCount: tally.passed,
    TotalResourceCount: tally.total,
    Compliance: compliance,
    Severity: tally.severity,
    ...risk,
    ...(first?.description === undefined ? {} : { Description: first.description }),
    ...(first?.remediation === undefined ? {} : { Remediation: first.remediation }),
    ...(first?.references === undefined || first.references.length === 0 ? {} : { References: first.references }),
    ...(tally.checks.length > 1 || tally.id !== first?.id ? { Checks: tally.checks.map((check) => check.id) } : {}),
    ...(tally.muted === 0 ? {} : { MutedResourceCount: tally.muted }),
    ...(Object.keys(tally.unevaluated).length === 0 ? {} : { UnevaluatedResults: tally.unevaluated }),
    ...(tally.failedResources.length === 0 ? {} : { FailedResources: tally.failedResources }),
  };
}
