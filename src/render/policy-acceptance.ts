import type { AcceptedRisks, ExceptionsFile, PolicyAcceptance } from '../model/exceptions.js';
import type { Policy } from '../model/report.js';
import type { ReportView, ViewModel } from '../model/view-model.js';

/** The RFC 6901 pointer of a policy in its input, as exceptions key their acceptances. */
export function policyPointer(report: ReportView, categoryIndex: number, policyIndex: number): string {
  return `${report.pointer}/ResourceCategories/${categoryIndex}/Policies/${policyIndex}`;
}

/**
 * The exception that accepts the policy at these positions of a report, if one does.
 * Most reports have none accepted: then no pointer is made, as a report may hold
 * hundreds of thousands of policies.
 */
export function acceptanceAt(
  report: ReportView,
  categoryIndex: number,
  policyIndex: number,
): PolicyAcceptance | undefined {
  if (report.accepted === undefined || report.accepted.size === 0) return undefined;
  return report.accepted.get(policyPointer(report, categoryIndex, policyIndex));
}

const byPolicyOf = new WeakMap<ReportView, ReadonlyMap<Policy, PolicyAcceptance>>();
const tail = /\/ResourceCategories\/(\d+)\/Policies\/(\d+)$/;

/**
 * The accepted policies of a report by the policy object itself, for outputs that walk a
 * filtered list (the listed policies, the action list) and so do not know a policy's
 * position. Made once per report from its few accepted pointers.
 */
export function acceptancesByPolicy(report: ReportView): ReadonlyMap<Policy, PolicyAcceptance> {
  let made = byPolicyOf.get(report);
  if (made !== undefined) return made;
  const map = new Map<Policy, PolicyAcceptance>();
  for (const [pointer, acceptance] of report.accepted ?? []) {
    const match = tail.exec(pointer);
    if (match === null || pointer.slice(0, match.index) !== report.pointer) continue;
    const policy = report.categories[Number(match[1])]?.policies[Number(match[2])];
    if (policy !== undefined) map.set(policy, acceptance);
  }
  made = map;
  byPolicyOf.set(report, made);
  return made;
}

/** What a machine-readable output records of a document's exceptions: each file read, and the ids applied. */
export interface ExceptionsProvenance {
  /** Each exceptions file: its path as the document shows it, the SHA-256 of its bytes and its ids. */
  files: readonly ExceptionsFile[];
  /** The ids of the exceptions that accept at least one policy of the document, in file order. */
  applied: readonly string[];
}

/**
 * The files and applied ids of a run's exceptions, each file's path as `shownPath` shows
 * it: what a file written over many inputs (a dataset's part) records.
 */
export function provenanceOf(risks: AcceptedRisks, shownPath: (path: string) => string): ExceptionsProvenance {
  return {
    files: risks.files.map(({ path, sha256, ids }) => ({ path: shownPath(path), sha256, ids })),
    applied: risks.outcomes.filter((outcome) => outcome.accepted.length > 0).map((outcome) => outcome.exception.id),
  };
}

/** The files and applied ids of a document rendered with exceptions; undefined without. */
export function exceptionsProvenance(view: ViewModel): ExceptionsProvenance | undefined {
  const risks = view.acceptedRisks;
  if (risks === undefined) return undefined;
  return {
    files: risks.files,
    applied: risks.exceptions.filter((exception) => exception.accepted.length > 0).map((exception) => exception.id),
  };
}

/**
 * The acceptance in a sentence, as status details and comments give it: `accepted under
 * EXC-1 until 2027-03-01 (owner …, approved by …, ticket … and its link): reason`.
 */
export function acceptanceText(acceptance: PolicyAcceptance): string {
  const link = acceptance.ticketUrl === undefined ? '' : ` ${acceptance.ticketUrl}`;
  const ticket = acceptance.ticket === undefined ? '' : `, ticket ${acceptance.ticket}${link}`;
  return `accepted under ${acceptance.id} until ${acceptance.expires} (owner ${acceptance.owner}, approved by ${acceptance.approvedBy}${ticket}): ${acceptance.reason}`;
}
