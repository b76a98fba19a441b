import { isWorse } from '../../../analyse/diff/classify-change.js';
import type { DiffResult, PolicyChange, ReportDiff } from '../../../model/diff.js';
import { acceptanceText } from '../diff/diff-acceptance-words.js';
import { transitionText } from '../diff/diff-words.js';
import { regressionRuleId } from '../sarif/regression-results.js';
import {
  codeQualityIssue,
  type CodeQualityIssue,
  type CodeQualitySeverity,
  type IssueContext,
} from './code-quality-issue.js';

/** The Code Quality severity of a policy Severity as the service writes it. */
const policySeverities: Partial<Record<string, CodeQualitySeverity>> = {
  Critical: 'critical',
  High: 'major',
  Moderate: 'minor',
  Low: 'info',
  VeryLow: 'info',
};

/** The severities that say the run failed, and the most a change that fails nothing may take. */
const failing: readonly CodeQualitySeverity[] = ['major', 'critical', 'blocker'];

/**
 * A regressed policy's severity follows the policy's Severity in the new scan: Critical is
 * `critical`, High `major`, Moderate `minor`, Low and VeryLow `info`. A Severity the
 * service is not known to use is `minor`: the policy did get worse, but how much it
 * matters is not known. Then the exit code has its say: a regression that fails the run
 * (it counts against `--fail-on-regression`) is at least `major`, one that fails nothing
 * at most `minor`, as the other formats state it (a warning, not a failure).
 */
export function regressionSeverity(policySeverity: string, fails: boolean): CodeQualitySeverity {
  const own = policySeverities[policySeverity] ?? 'minor';
  if (fails) return failing.includes(own) ? own : 'major';
  return failing.includes(own) ? 'minor' : own;
}

/**
 * The regressions and new failures of a diff as issues, in the new scan's file, in the
 * order the diff lists them. Fixes, other coverage changes, new policies that pass and
 * removed policies are no issue of code quality: the json and text formats list them. Nor
 * is a change the new scan accepts under an exception: the accepted risks' note counts it.
 */
export function regressionIssues(
  diff: DiffResult,
  context: IssueContext,
  out: CodeQualityIssue[],
  fails: (change: PolicyChange) => boolean,
): void {
  for (const report of diff.reports)
    for (const change of report.changes)
      if (isWorse(change.kind) && change.accepted === undefined)
        out.push(regressionIssue(report, change, context, fails(change)));
}

function regressionIssue(
  report: ReportDiff,
  change: PolicyChange,
  context: IssueContext,
  fails: boolean,
): CodeQualityIssue {
  const path = context.path(report.new.source);
  const verb = change.kind === 'new-failure' ? 'failed anew' : 'regressed';
  const description =
    `${change.severity} policy ${change.complianceNumber} "${change.shortTitle}" (${change.policyId}) ${verb} (${transitionText(change)}) ` +
    `(${report.benchmarkId}, account ${report.accountName} (${report.accountId}); category ${change.category.name})` +
    (change.noLongerAccepted === undefined ? '' : `; ${acceptanceText(change) ?? ''}`);
  // The ids and the new colour: not the jobs (each scan has new job ids), nor the file or
  // its place in it (scans are often saved under dated names), so that the same
  // regression is one issue from pipeline to pipeline, as in the SARIF output.
  const fingerprint = context.fingerprint(
    regressionRuleId,
    report.benchmarkId,
    report.accountId,
    change.category.id,
    change.policyId,
    change.new?.compliance ?? '',
  );
  return codeQualityIssue(path, regressionRuleId, regressionSeverity(change.severity, fails), description, fingerprint);
}
