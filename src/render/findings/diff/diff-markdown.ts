import { severityRank } from '../../../model/observed-values.js';
import {
  type AccountChange,
  type DiffResult,
  type PolicyChange,
  policyChangeKinds,
  type ReportDiff,
  type ResourceRegression,
  type UnpairedReport,
} from '../../../model/diff.js';
import type { FindingsResult } from '../../../model/findings-format.js';
import type { Verdict } from '../../../model/verdict.js';
import { displayCount } from '../../../text/display-count.js';
import { plural } from '../../../text/plural.js';
import type { MarkdownBudget } from '../markdown-budget.js';
import { markdownText, tableRow } from '../markdown-cell.js';
import type { MarkdownList } from '../markdown-list.js';
import { changeFails } from '../stated-verdict.js';
import { accountChangeText, accountsHeading, accountText } from './diff-accounts.js';
import { acceptanceCountsText } from './diff-acceptance-words.js';
import { newlyFailingHeading, resourceRegressionNote } from './diff-resource-words.js';
import {
  changeWords,
  countsText,
  percentChangeText,
  resourcesChangeText,
  scanText,
  transitionText,
} from './diff-words.js';

/**
 * The heading of the comparison: its mark is the verdict's, so regressions that fail nothing never read as a failure.
 */
function diffHeading(diff: DiffResult, verdict: Verdict, judged: boolean): string {
  if (verdict.status === 'fail') return '### ❌ Changes since the old scan';
  const resources = diff.newlyFailingResources ?? 0;
  const worse = diff.counts.regression + diff.counts['new-failure'] + resources;
  if (worse === 0) return '### ✅ No regression since the old scan';
  const counted = [
    ...(['regression', 'new-failure'] as const)
      .filter((kind) => diff.counts[kind] > 0)
      .map((kind) => plural(diff.counts[kind], changeWords[kind].one, changeWords[kind].many)),
    ...(resources > 0 ? [plural(resources, 'newly failing resource')] : []),
  ].join(' and ');
  return `### ⚠️ ${counted} since the old scan, ${judged ? 'none counted by the regression limit' : 'not judged: no regression limit'}`;
}

/** The comparison's heading and one table of its counts, which a capped text keeps whole. */
export function diffSummary(diff: DiffResult, result: FindingsResult, verdict: Verdict, out: MarkdownBudget): void {
  const kinds = policyChangeKinds.map((kind) => changeWords[kind].label);
  out.force('');
  out.force(diffHeading(diff, verdict, result.regressionLimit !== undefined));
  out.force('');
  out.force(tableRow(['Compared reports', ...kinds, 'Unchanged', 'Only in one input']));
  out.force(tableRow(Array.from({ length: kinds.length + 3 }, () => '---:')));
  out.force(
    tableRow(
      [
        diff.reports.length,
        ...policyChangeKinds.map((kind) => diff.counts[kind]),
        diff.counts.unchanged,
        diff.unpaired.length,
      ].map(displayCount),
    ),
  );
  const accepted = acceptanceCountsText(diff);
  if (accepted !== undefined) {
    out.force('');
    out.force(`Accepted risks: ${markdownText(accepted, 400)}.`);
  }
}

/** A change's mark of what an exception made of it: accepted, or no longer accepted; none without. */
function acceptanceMark(change: PolicyChange): string {
  if (change.accepted !== undefined)
    return ` ✔️ accepted: ${markdownText(`${change.accepted.id}, expires ${change.accepted.expires}`, 200)}`;
  const lapsed = change.noLongerAccepted;
  if (lapsed === undefined) return '';
  return ` ⏰ no longer accepted: ${markdownText(`${lapsed.id}, ${lapsed.expired ? 'expired' : 'expires'} ${lapsed.expires}`, 200)}`;
}

/** A changed policy and the report it is in. */
interface ReportChange {
  report: ReportDiff;
  change: PolicyChange;
}

/** Regressions from Critical to VeryLow, then new failures likewise, then the other kinds in their order. */
function worstFirst(diff: DiffResult): ReportChange[] {
  const all: ReportChange[] = [];
  for (const report of diff.reports) for (const change of report.changes) all.push({ report, change });
  const kindRank = (change: PolicyChange): number => policyChangeKinds.indexOf(change.kind);
  return all.sort(
    (a, b) =>
      kindRank(a.change) - kindRank(b.change) || severityRank(a.change.severity) - severityRank(b.change.severity),
  );
}

/** The changed policies, worst first; a change that fails the run is marked ❌. */
export function changeList(diff: DiffResult, result: FindingsResult): MarkdownList<ReportChange> {
  return {
    heading: 'Changed policies, worst first',
    columns: ['Change', 'Severity', 'Policy', 'Colour', 'Category', 'Report'],
    items: worstFirst(diff),
    line: ({ report, change }) =>
      tableRow([
        `${changeFails(change, result) ? '❌ ' : ''}${changeWords[change.kind].mark}${acceptanceMark(change)}`,
        markdownText(change.severity, 40),
        markdownText(`${change.complianceNumber} ${change.shortTitle}`),
        markdownText(transitionText(change), 60),
        markdownText(change.category.name, 200),
        markdownText(`${report.benchmarkId} · ${report.accountName}`, 200),
      ]),
    noun: ['change', 'changes'],
  };
}

/** Each compared report's scans and figures. */
export function reportList(diff: DiffResult): MarkdownList<ReportDiff> {
  return {
    heading: 'Compared reports',
    columns: ['Report', 'Old scan', 'New scan', 'Compliance', 'Resources passed', 'Changes'],
    items: diff.reports,
    line: (report) =>
      tableRow([
        `${report.mismatched ? '⚠️ paired by `--allow-mismatch`: ' : ''}${markdownText(`${report.benchmarkId} · ${report.accountName}`, 200)}`,
        markdownText(scanText(report.old), 300),
        markdownText(scanText(report.new), 300),
        markdownText(percentChangeText(report.overall)),
        markdownText(resourcesChangeText(report.overall)),
        markdownText(countsText(report.counts)),
      ]),
    noun: ['compared report', 'compared reports'],
  };
}

/** The reports only one input has. */
export function unpairedList(diff: DiffResult): MarkdownList<UnpairedReport> {
  return {
    heading: 'Reports only in one input',
    items: diff.unpaired,
    line: (report) =>
      `- Only in the ${report.side} input: ${markdownText(`${report.benchmarkId} of account ${report.accountId}, job ${report.jobId} (${report.source})`, 400)}`,
    noun: ['report only in one input', 'reports only in one input'],
  };
}

/** The accounts of a comparison of many, worst first; none for a comparison of one account. */
export function accountList(diff: DiffResult): MarkdownList<{ place: number; account: AccountChange }> {
  return {
    heading: accountsHeading,
    columns: ['#', 'Account', 'Change'],
    items: (diff.accounts ?? []).map((account, at) => ({ place: at + 1, account })),
    line: ({ place, account }) =>
      tableRow([
        String(place),
        markdownText(accountText(account), 200),
        `${account.status === 'lost' || account.lostReports > 0 ? '⚠️ ' : ''}${markdownText(accountChangeText(account), 300)}`,
      ]),
    noun: ['account', 'accounts'],
  };
}

/** A policy's newly failing resources and the report it is in. */
interface ReportResources {
  report: ReportDiff;
  regression: ResourceRegression;
}

/** The policies with resources failing now that did not before (reports built from a scanner's results). */
export function resourceList(diff: DiffResult): MarkdownList<ReportResources> {
  const items = diff.reports.flatMap((report) =>
    (report.newlyFailingResources ?? []).map((regression) => ({ report, regression })),
  );
  return {
    heading: newlyFailingHeading,
    columns: ['Severity', 'Policy', 'Resources', 'Report'],
    items,
    line: ({ report, regression }) =>
      tableRow([
        markdownText(regression.severity, 40),
        markdownText(`${regression.complianceNumber} ${regression.shortTitle} (${resourceRegressionNote(regression)})`),
        markdownText(regression.resources.join(', '), 600),
        markdownText(`${report.benchmarkId} · ${report.accountName}`, 200),
      ]),
    noun: ['policy with newly failing resources', 'policies with newly failing resources'],
  };
}
