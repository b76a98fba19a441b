import type { FindingsFormat, FindingsResult } from '../../model/findings-format.js';
import { terminalJson } from '../../text/terminal-text.js';
import { codeQualityIssue, type CodeQualityIssue, type IssueContext } from './gitlab/code-quality-issue.js';
import { exceptionIssues } from './gitlab/exception-issues.js';
import { findingIssues } from './gitlab/finding-issues.js';
import { gateIssues } from './gitlab/gate-issues.js';
import { createIssueFingerprinter } from './gitlab/issue-fingerprints.js';
import { issuePath } from './gitlab/issue-path.js';
import { regressionIssues } from './gitlab/regression-issues.js';
import { reasonsBesideNotes, runNotes } from './run-notes.js';
import { changeFails, findingFails } from './stated-verdict.js';

/**
 * Severities that say the run failed: an error finding, a regression of a High policy or worse, a failed `error`
 * assertion.
 */
const failingSeverities = new Set<CodeQualityIssue['severity']>(['major', 'critical', 'blocker']);

/**
 * The issues of a run: failed gate assertions first (the gate's verdict), then the
 * findings of each input in file order, then a diff's regressions. A run that fails
 * for what no issue shows as failing (a lost report, removed policies) ends on a
 * `critical` issue of its own, so that a failed run never reads as a clean report.
 * A run's accepted risks are no issues: one `info` issue counts and names them, with an
 * issue per exception expired, expiring, unused or unneeded (exception-issues.ts).
 * Last, an `info` issue per note of the run (FindingsResult.notes), passing or failing.
 */
export function codeQualityIssues(result: FindingsResult, workingDirectory: string): CodeQualityIssue[] {
  const context: IssueContext = {
    path: (source) => issuePath(source, workingDirectory),
    fingerprint: createIssueFingerprinter(),
  };
  const inputs = result.analysis.sources.map((source) => source.source);
  const issues: CodeQualityIssue[] = [];
  if (result.gate !== undefined) gateIssues(result.gate, inputs, context, issues);
  // What fails the run was judged once (judgeFindingsResult); every format reads that judgement (stated-verdict.ts).
  for (const source of result.analysis.sources)
    findingIssues(source, context, issues, (finding) => findingFails(finding, result));
  if (result.diff !== undefined)
    regressionIssues(result.diff, context, issues, (change) => changeFails(change, result));
  if (result.exceptions !== undefined) exceptionIssues(result.exceptions, context, issues);
  const verdict = result.verdict;
  const notes = runNotes(result);
  const path = context.path(inputs[0] ?? '.');
  if (verdict?.status === 'fail' && !issues.some((issue) => failingSeverities.has(issue.severity))) {
    issues.push(
      codeQualityIssue(
        path,
        'cspm-report/verdict',
        'critical',
        `cspm-report failed: ${reasonsBesideNotes(verdict, notes).join('; ') || 'failed'}`,
        context.fingerprint('verdict', path),
      ),
    );
  }
  // Each note an `info` issue whose identity is its text alone, a caveat of the whole run:
  // it keeps its fingerprint from run to run whatever the inputs are.
  for (const note of notes)
    issues.push(
      codeQualityIssue(
        path,
        'cspm-report/note',
        'info',
        `cspm-report note: ${note}`,
        context.fingerprint('note', note),
      ),
    );
  return issues;
}

/**
 * The run as a GitLab Code Quality report: a JSON array with one issue a line, so
 * that a large report diffs and greps well. Bidirectional and C1 control characters are
 * written as `\uXXXX` escapes, as the json format writes them: the same text to GitLab,
 * and safe on a terminal.
 *
 * @param workingDirectory the folder absolute input paths are made relative to
 */
export function formatGitlab(result: FindingsResult, workingDirectory: string = process.cwd()): string {
  const issues = codeQualityIssues(result, workingDirectory);
  if (issues.length === 0) return '[]\n';
  return terminalJson(`[\n${issues.map((issue) => JSON.stringify(issue)).join(',\n')}\n]\n`);
}

/**
 * `--format gitlab`: a GitLab Code Quality report (`artifacts:reports:codequality`, Code
 * Climate's issue format), an issue per finding, failed gate assertion and regression,
 * which a merge request shows in its Code Quality widget.
 */
export const gitlabFormat: FindingsFormat = {
  name: 'gitlab',
  extension: 'codequality.json',
  placesFindings: true,
  mediaType: 'application/json',
  describe: 'GitLab Code Quality report (artifacts:reports:codequality), an issue per finding',
  format: (result) => formatGitlab(result),
};
