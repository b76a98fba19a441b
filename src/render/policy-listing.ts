import type { Policy } from '../model/report.js';
import type { PolicyChoice } from '../model/renderer.js';
import type { FiguresView, ReportView, ViewModel } from '../model/view-model.js';
import { compareBySeverity } from '../analyse/severity-rank.js';
import { displayCount } from './display-values.js';

function policies(count: number): string {
  return `${displayCount(count)} ${count === 1 ? 'policy' : 'policies'}`;
}

function joinWords(parts: readonly string[]): string {
  return parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] as string}`;
}

/** Counts of left-out policies in words: `654 policies not assessed (Gray) and 25 Green policies`. */
function leftOutWords(counts: { gray: number; green: number; amber: number; red: number; other: number }): string {
  const parts: string[] = [];
  if (counts.gray > 0) parts.push(`${policies(counts.gray)} not assessed (Gray)`);
  const coloured = (count: number, colour: string): string =>
    `${displayCount(count)} ${colour} ${count === 1 ? 'policy' : 'policies'}`;
  if (counts.green > 0) parts.push(coloured(counts.green, 'Green'));
  if (counts.amber > 0) parts.push(coloured(counts.amber, 'Amber'));
  if (counts.red > 0) parts.push(coloured(counts.red, 'Red'));
  if (counts.other > 0) parts.push(`${policies(counts.other)} of another colour`);
  return joinWords(parts);
}

/**
 * What the detail tables leave out under a policy choice, as a sentence a reader
 * understands, or null when they list every policy.
 */
export function describeLeftOut(choice: PolicyChoice, figures: FiguresView): string | null {
  if (choice === 'all') return null;
  const counts = {
    gray: figures.gray,
    green: choice === 'failing' ? figures.green : 0,
    amber: 0,
    red: 0,
    other: choice === 'failing' ? figures.other : 0,
  };
  const words = leftOutWords(counts);
  return words === '' ? null : `Not listed: ${words}; every figure counts them.`;
}

/** The policies a length-limited list keeps, and the sentence that says what it leaves out. */
export interface PolicyCut {
  /** Policies kept; null when every listed policy is kept. */
  kept: ReadonlySet<Policy> | null;
  /** Listed policies, across all reports. */
  listed: number;
  /** `The policy tables list the 500 most severe of 879 policies; not listed: …`, or null. */
  text: string | null;
}

/**
 * Keeps at most `limit` of the listed policies: the most severe (Red, then Amber, then
 * Green, then Gray; Critical first; most failing resources), not the first in the file.
 */
export function cutPolicies(view: ViewModel, limit: number): PolicyCut {
  const listed = view.policyListing.listed;
  if (listed <= limit) return { kept: null, listed, text: null };
  const all: Policy[] = [];
  for (const report of view.reports)
    for (const category of report.categories) for (const policy of category.listed) all.push(policy);
  all.sort(compareBySeverity);
  const kept = new Set(all.slice(0, limit));
  const counts = { gray: 0, green: 0, amber: 0, red: 0, other: 0 };
  for (const policy of all.slice(limit)) {
    const key =
      policy.Compliance === 'Gray'
        ? 'gray'
        : policy.Compliance === 'Green'
          ? 'green'
          : policy.Compliance === 'Amber'
            ? 'amber'
            : policy.Compliance === 'Red'
              ? 'red'
              : 'other';
    counts[key] += 1;
  }
  const text = `The policy tables list the ${displayCount(limit)} most severe of ${policies(listed)}; not listed: ${leftOutWords(counts)}. Every figure and chart counts all of them.`;
  return { kept, listed, text };
}

/** Policies of a report the detail tables list, of all it holds, in words (`225 of 879 policies listed`). */
export function listedText(report: ReportView): string {
  return report.listedPolicies === report.figures.total
    ? policies(report.figures.total)
    : `${displayCount(report.listedPolicies)} of ${policies(report.figures.total)} listed`;
}
