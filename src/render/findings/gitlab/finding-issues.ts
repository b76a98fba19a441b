import { findingLimit, findingWeight } from '../../../model/capped-findings.js';
import type { AnalysedSource } from '../../../model/analysis.js';
import type { Finding } from '../../../model/finding.js';
import { plural } from '../../../text/plural.js';
import { indexSource } from '../sarif/logical-locations.js';
import { pointerLabel } from '../visible-text.js';
import {
  codeQualityIssue,
  type CodeQualityIssue,
  type CodeQualitySeverity,
  type IssueContext,
} from './code-quality-issue.js';

/**
 * A finding's Code Quality severity: `major` when it fails the run (at or above
 * `--fail-on`: an error by default, a warning too under `--fail-on warning`), else
 * `minor`, as the exit code has it. The policy a finding is in does not change it: a
 * broken total in a Low policy fails the run as surely as one in a Critical policy.
 */
export function findingSeverity(fails: boolean): CodeQualitySeverity {
  return fails ? 'major' : 'minor';
}

/**
 * The issues of one input file: an issue per finding, at most {@link findingLimit} of a
 * rule, as the check lists them, and one more per rule that counts the rest. The loader
 * already lists no more than that, but a library user may hand in any number, and a
 * report must not grow without bound. The count keeps every finding of the run in the
 * report, so it is empty only when the run found nothing.
 */
export function findingIssues(
  source: AnalysedSource,
  context: IssueContext,
  out: CodeQualityIssue[],
  fails: (finding: Finding) => boolean,
): void {
  if (source.findings.length === 0) return;
  const path = context.path(source.source);
  const locate = indexSource(source);
  const listed = new Map<string, number>();
  const rest = new Map<string, { count: number; fails: boolean }>();
  for (const finding of source.findings) {
    const count = listed.get(finding.rule) ?? 0;
    if (count < findingLimit || finding.omitted !== undefined) {
      listed.set(finding.rule, count + 1);
      const place = locate(finding.pointer);
      out.push(
        findingIssue(
          finding,
          path,
          place.inReport?.identity ?? '',
          place.region?.startLine ?? 1,
          context,
          fails(finding),
        ),
      );
      continue;
    }
    const left = rest.get(finding.rule) ?? { count: 0, fails: false };
    left.count += findingWeight(finding);
    if (fails(finding)) left.fails = true;
    rest.set(finding.rule, left);
  }
  for (const [rule, left] of rest) {
    const description = `${plural(left.count, 'more finding')} of ${rule} in this file, counted but not listed: the json format lists the first ${findingLimit.toLocaleString('en-US')} of a rule per file`;
    out.push(
      codeQualityIssue(
        path,
        rule,
        findingSeverity(left.fails),
        description,
        context.fingerprint(rule, path, 'not listed'),
      ),
    );
  }
}

function findingIssue(
  finding: Finding,
  path: string,
  identity: string,
  line: number,
  context: IssueContext,
  fails: boolean,
): CodeQualityIssue {
  const description = `${finding.message} (${pointerLabel(finding.pointer)})`;
  // A stand-in for findings past the loader's limit has the pointer of the first it stands for.
  const kind = finding.omitted === undefined ? 'finding' : 'not listed';
  // The line is no part of the fingerprint: an issue keeps it when lines above it change.
  return codeQualityIssue(
    path,
    finding.rule,
    findingSeverity(fails),
    description,
    context.fingerprint(finding.rule, path, finding.pointer, identity, kind),
    line,
  );
}
