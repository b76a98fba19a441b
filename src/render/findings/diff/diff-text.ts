import type { DiffResult, PolicyChangeKind, ReportDiff } from '../../../model/diff.js';
import type { Verdict } from '../../../model/verdict.js';
import { plural } from '../../../text/plural.js';
import { terminalText } from '../../../text/terminal-text.js';
import { accountChangeText, accountsHeading, accountText } from './diff-accounts.js';
import { acceptanceCountsText, acceptanceText, acceptedCount } from './diff-acceptance-words.js';
import { newlyFailingHeading, resourceRegressionNote } from './diff-resource-words.js';
import {
  changeWords,
  countsText,
  percentChangeText,
  resourcesChangeText,
  scanText,
  transitionText,
} from './diff-words.js';

type Paint = (code: string, text: string) => string;

function reportLines(report: ReportDiff, paint: Paint, lines: string[]): void {
  const name = `${report.benchmarkId} · ${report.accountName} (${report.connectorType} account ${report.accountId})`;
  lines.push(paint('1', terminalText(name)));
  if (report.mismatched)
    lines.push(`  ${paint('33', 'paired by --allow-mismatch: the old scan is of another account or benchmark')}`);
  lines.push(`  old: ${terminalText(scanText(report.old))}`);
  lines.push(`  new: ${terminalText(scanText(report.new))}`);
  lines.push(
    `  compliance ${percentChangeText(report.overall)}; resources passed ${resourcesChangeText(report.overall)}`,
  );
  lines.push(`  ${countsText(report.counts)}`);
  for (const kind of Object.keys(changeWords) as PolicyChangeKind[]) {
    const changes = report.changes.filter((change) => change.kind === kind);
    if (changes.length === 0) continue;
    lines.push('', `  ${paint(changeWords[kind].colour, changeWords[kind].heading)}`);
    for (const change of changes) {
      const resources = change.new ?? change.old;
      const checked =
        resources === null
          ? ''
          : resources.totalResources === 0
            ? '; no resource checked'
            : `; ${resources.passedResources} of ${resources.totalResources} resources passed`;
      const where = `${change.category.name}${checked}`;
      lines.push(
        `    ${change.severity.padEnd(8)} ${paint(changeWords[kind].colour, transitionText(change).padEnd(14))} ${terminalText(`${change.complianceNumber} ${change.shortTitle}`)}`,
      );
      lines.push(
        `             ${terminalText(`${change.policyId} in ${where}`)}${change.matchedBy === 'ComplianceNumber+ShortTitle' ? ' (matched by number and title: its PolicyId changed)' : ''}`,
      );
      const acceptance = acceptanceText(change);
      if (acceptance !== undefined)
        lines.push(`             ${paint(change.accepted ? '36' : '31', terminalText(acceptance))}`);
    }
  }
  resourceLines(report, paint, lines);
  const moved = report.categories.filter(
    (category) =>
      category.status !== 'matched' ||
      (category.percentDelta !== null && category.percentDelta !== 0) ||
      Object.values(category.changes).some((count) => count > 0),
  );
  if (moved.length > 0) {
    lines.push('', '  Categories');
    for (const category of moved) {
      const status =
        category.status === 'matched' ? '' : ` (${category.status === 'added' ? 'new' : 'removed'} category)`;
      lines.push(`    ${terminalText(category.name)}${status}: ${percentChangeText(category)}`);
    }
  }
}

/** The policies with resources failing now that did not before, each resource on a line of its own. */
function resourceLines(report: ReportDiff, paint: Paint, lines: string[]): void {
  const regressions = report.newlyFailingResources ?? [];
  if (regressions.length === 0) return;
  lines.push('', `  ${paint('31', newlyFailingHeading)}`);
  for (const regression of regressions) {
    lines.push(
      `    ${regression.severity.padEnd(8)} ${terminalText(`${regression.complianceNumber} ${regression.shortTitle} (${resourceRegressionNote(regression)})`)}`,
    );
    for (const resource of regression.resources) lines.push(`             ${terminalText(resource)}`);
  }
}

/**
 * A comparison for a person: per paired report the two scans, the overall figures before
 * and after, then the changed policies, regressions first and worst severity first,
 * and the categories whose figures moved; of many accounts, the accounts ranked worst
 * first.
 */
export function formatDiffText(diff: DiffResult, options: { color?: boolean; verdict?: Verdict } = {}): string {
  const paint: Paint = options.color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
  const lines: string[] = [];
  for (const report of diff.reports) {
    if (lines.length > 0) lines.push('');
    reportLines(report, paint, lines);
  }
  for (const report of diff.unpaired) {
    const failing = report.failing.reduce((sum, { count }) => sum + count, 0);
    const what =
      report.side === 'old'
        ? 'only in the old input, lost by the later scan'
        : `only in the new input (${plural(failing, 'failing policy', 'failing policies')}: new failures${acceptedCount(report) > 0 ? `; ${acceptedCount(report)} more accepted` : ''})`;
    lines.push(
      '',
      `${paint('33', what)}: ${terminalText(`${report.benchmarkId} of account ${report.accountId}, job ${report.jobId} (${report.source})`)}`,
    );
  }
  if (diff.accounts !== undefined) {
    lines.push('', paint('1', accountsHeading));
    diff.accounts.forEach((account, at) => {
      const line = `  ${String(at + 1).padStart(String(diff.accounts?.length ?? 0).length)}. ${terminalText(accountText(account))}: ${accountChangeText(account)}`;
      lines.push(account.status === 'lost' || account.lostReports > 0 ? paint('33', line) : line);
    });
  }
  const accepted = acceptanceCountsText(diff);
  if (accepted !== undefined) lines.push('', `accepted risks: ${accepted}`);
  const compared = `${plural(diff.reports.length, 'compared report')}: ${countsText(diff.counts)}`;
  const verdict = verdictText(diff, options.verdict, paint);
  lines.push('', verdict === undefined ? `${compared} (not judged: no regression limit)` : `${verdict} — ${compared}`);
  return `${lines.join('\n')}\n`;
}

/**
 * The last line's verdict: the job's when given (what counted against the regression
 * limit, or that there was none), else the regressions and new failures counted.
 */
function verdictText(diff: DiffResult, verdict: Verdict | undefined, paint: Paint): string | undefined {
  const reason = verdict?.reasons[0];
  if (verdict?.status === 'fail') return paint('31;1', `✖ ${reason ?? 'failed'}`);
  if (reason !== undefined) return paint('32', `✔ ${reason}`);
  if (verdict !== undefined) return undefined;
  const worse = diff.counts.regression + diff.counts['new-failure'];
  const resources = diff.newlyFailingResources ?? 0;
  if (worse === 0 && resources === 0) return paint('32', '✔ no regression');
  const parts = [
    ...(worse > 0 ? [plural(worse, 'regression or new failure', 'regressions or new failures')] : []),
    ...(resources > 0 ? [plural(resources, 'newly failing resource')] : []),
  ];
  return paint('31', `✖ ${parts.join(' and ')}`);
}
