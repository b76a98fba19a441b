import type { AcceptedRisks } from '../../model/exceptions.js';
import {
  acceptedPolicies,
  acceptedText,
  accountText,
  describeOutcome,
  namedStates,
  outcomesIn,
} from './accepted-risks.js';
import type { CaseSuite, RankedCase } from './junit-cap.js';
import { visibleText } from './visible-text.js';

/** A skipped `<testcase>` as the JUnit format builds it. */
interface SkippedCase {
  '@_name': string;
  '@_classname': string;
  skipped: { '@_message': string; '#text': string };
}

/** A JUnit `<property>` as fast-xml-builder takes it. */
interface Property {
  '@_name': string;
  '@_value': string;
}

/**
 * The run's accepted risks as a suite of skipped cases, which Jenkins, GitLab and Azure
 * DevOps show with their message: a case per accepted policy (`accepted: EXC-1 (owner,
 * expires …): reason`), then one per exception expired, expiring, unused or unneeded. A
 * skipped case neither fails nor passes, as an accepted risk neither passes nor fails.
 *
 * @param classname the JUnit format's classname of the suite (junitClassname)
 */
export function acceptedRiskSuite(risks: AcceptedRisks, classname: string): CaseSuite<SkippedCase> {
  const cases: RankedCase<SkippedCase>[] = [];
  for (const accepted of acceptedPolicies(risks)) {
    const { match, outcome } = accepted;
    const text = [
      `policy: ${match.policyId} (${match.severity}, ${match.compliance} as scanned)`,
      `account: ${accountText(match)}`,
      `benchmark: ${match.benchmarkId}`,
      `report: ${match.source} ${match.pointer}`,
      `exception: ${outcome.exception.id} (${outcome.exception.file} ${outcome.exception.pointer})`,
      `approved by: ${outcome.exception.approvedBy} on ${outcome.exception.approved}`,
    ];
    cases.push(skipped(`${match.policyId} › ${accountText(match)}`, classname, acceptedText(accepted), text));
  }
  for (const state of namedStates) {
    for (const outcome of outcomesIn(risks, state)) {
      const { exception } = outcome;
      const text = [`reason: ${exception.reason}`, `approved by: ${exception.approvedBy} on ${exception.approved}`];
      cases.push(skipped(`exception ${exception.id}`, classname, `${state}: ${describeOutcome(outcome)}`, text));
    }
  }
  return { name: 'accepted risks', cases };
}

function skipped(name: string, classname: string, message: string, lines: readonly string[]): RankedCase<SkippedCase> {
  return {
    testCase: {
      '@_name': visibleText(name),
      '@_classname': classname,
      skipped: { '@_message': visibleText(message), '#text': `${lines.map(visibleText).join('\n')}\n` },
    },
    kind: 'skipped',
  };
}

/**
 * What every suite records of the run's exceptions as properties: each file's path and
 * SHA-256, in the order given, and the ids that accepted a policy.
 */
export function exceptionProperties(risks: AcceptedRisks): Property[] {
  const properties: Property[] = [];
  for (const file of risks.files) {
    properties.push({ '@_name': 'cspm-report.exceptions.path', '@_value': visibleText(file.path) });
    properties.push({ '@_name': 'cspm-report.exceptions.sha256', '@_value': file.sha256 });
  }
  const applied = risks.outcomes
    .filter((outcome) => outcome.accepted.length > 0)
    .map((outcome) => outcome.exception.id);
  properties.push({ '@_name': 'cspm-report.exceptions.applied', '@_value': visibleText(applied.join(',')) });
  return properties;
}
