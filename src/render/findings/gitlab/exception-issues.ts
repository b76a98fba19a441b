import type { AcceptedRisks } from '../../../model/exceptions.js';
import { plural } from '../../../text/plural.js';
import {
  acceptedPolicies,
  accountText,
  describeAcceptedRisks,
  describeOutcome,
  namedStates,
  outcomesIn,
} from '../accepted-risks.js';
import {
  codeQualityIssue,
  type CodeQualityIssue,
  type CodeQualitySeverity,
  type IssueContext,
} from './code-quality-issue.js';

/** Accepted policies the note names; the rest are counted (the json format lists them all). */
const maxNamed = 20;

/** An exception that needs a person is `minor`, as a check warning; an unneeded one only informs. */
const stateSeverities: Record<(typeof namedStates)[number], CodeQualitySeverity> = {
  expired: 'minor',
  expiring: 'minor',
  unused: 'minor',
  unneeded: 'info',
};

/**
 * The run's accepted risks as issues on the first exceptions file: an accepted policy is
 * no issue (the risk is accepted), so they are counted and named in one `info` note with
 * each file's SHA-256 and the ids applied; then an issue per exception expired, expiring,
 * unused or unneeded, naming its date and owner. The note's identity is the files'
 * digests, so it stays one issue while the files do not change.
 */
export function exceptionIssues(risks: AcceptedRisks, context: IssueContext, out: CodeQualityIssue[]): void {
  const path = context.path(risks.files[0]?.path ?? '.');
  const accepted = acceptedPolicies(risks);
  const named = accepted
    .slice(0, maxNamed)
    .map(({ match, outcome }) => `${match.policyId} in ${accountText(match)} under ${outcome.exception.id}`);
  const more = accepted.length > maxNamed ? `, and ${plural(accepted.length - maxNamed, 'more')}` : '';
  const files = risks.files.map((file) => `${file.path} (sha256 ${file.sha256})`).join(', ');
  const applied = risks.outcomes
    .filter((outcome) => outcome.accepted.length > 0)
    .map((outcome) => outcome.exception.id);
  const description =
    `cspm-report accepted risks: ${describeAcceptedRisks(risks)}. ` +
    `Left out as issues, accepted: ${named.length === 0 ? 'none' : `${named.join('; ')}${more}`}. ` +
    `Exceptions files: ${files}; applied: ${applied.length === 0 ? 'none' : applied.join(', ')}.`;
  const digests = risks.files.map((file) => file.sha256);
  out.push(
    codeQualityIssue(
      path,
      'cspm-report/accepted-risks',
      'info',
      description,
      context.fingerprint('accepted', ...digests),
    ),
  );
  for (const state of namedStates) {
    for (const outcome of outcomesIn(risks, state)) {
      const file = context.path(outcome.exception.file);
      out.push(
        codeQualityIssue(
          file,
          `cspm-report/exception-${state}`,
          stateSeverities[state],
          describeOutcome(outcome),
          context.fingerprint('exception', state, outcome.exception.id, file),
        ),
      );
    }
  }
}
