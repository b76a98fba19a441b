import type { PolicyChange } from '../../model/diff.js';
import type { Finding } from '../../model/finding.js';
import type { FindingsResult } from '../../model/findings-format.js';
import type { Verdict } from '../../model/verdict.js';

/*
 * What every findings format states of a run: its verdict, and which of its items
 * failed it. These read the judgement the run was given (judgeFindingsResult, in the
 * fail-closed policy); a format judges nothing itself, so that no two outputs of one
 * run can disagree with each other or with the exit code.
 */

/** The verdict a format states: the judgement's, which the exit code is. */
export function statedVerdict(result: FindingsResult): Verdict {
  return result.judgement.verdict;
}

/** True when `finding` failed the run, as the judgement says. */
export function findingFails(finding: Finding, result: FindingsResult): boolean {
  const rules = result.judgement.failingRules[finding.severity];
  return rules === 'every' || rules.includes(finding.rule);
}

/** True when a diff's `change` failed the run, as the judgement says. */
export function changeFails(change: PolicyChange, result: FindingsResult): boolean {
  return result.judgement.failingChanges.has(change);
}
