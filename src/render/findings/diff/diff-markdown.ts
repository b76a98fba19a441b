import type { DiffResult, PolicyChange, ReportDiff } from '../../../model/diff.js';
import { plural } from '../../../text/plural.js';
import { markdownText, tableRow } from '../markdown-cell.js';
import { changeWords, countsText, percentChangeText, resourcesChangeText, scanText, transitionText } from './diff-words.js';

/** Where the lines go: `add` refuses a line past the summary's size, `force` does not. */
export interface MarkdownSink {
  add(line: string): boolean;
  force(line: string): void;
}

function changeRow(change: PolicyChange): string {
  return tableRow([changeWords[change.kind].mark, change.severity, markdownText(`${change.complianceNumber} ${change.shortTitle}`), markdownText(transitionText(change)), markdownText(change.category.name)]);
}

function reportSection(report: ReportDiff, maxRows: number, out: MarkdownSink): void {
  out.force('');
  out.force(`### ${markdownText(`${report.benchmarkId} · ${report.accountName}`)}`);
  out.force('');
  if (report.mismatched) out.force('⚠️ Paired by `--allow-mismatch`: the old scan is of another account or benchmark.  ');
  out.force(`Old: ${markdownText(scanText(report.old))}  `);
  out.force(`New: ${markdownText(scanText(report.new))}  `);
  out.force(`Compliance ${markdownText(percentChangeText(report.overall))}; resources passed ${markdownText(resourcesChangeText(report.overall))}  `);
  out.force(markdownText(countsText(report.counts)));
  if (report.changes.length === 0) return;
  out.force('');
  out.force(tableRow(['Change', 'Severity', 'Policy', 'Colour', 'Category']));
  out.force('| --- | --- | --- | --- | --- |');
  let shown = 0;
  while (shown < Math.min(maxRows, report.changes.length) && out.add(changeRow(report.changes[shown]!))) shown += 1;
  const left = report.changes.length - shown;
  if (left > 0) {
    out.force('');
    out.force(`_${plural(left, 'more change')} not shown: the summary is kept small; \`--format text\` or \`json\` lists every one._`);
  }
}

/**
 * The comparison as Markdown for a pull-request comment: the verdict and counts, then
 * per paired report its scans, figures and a table of changes, regressions first.
 */
export function diffMarkdown(diff: DiffResult, maxRows: number, out: MarkdownSink): void {
  const { regression } = diff.counts;
  out.force('');
  out.force(`### ${regression > 0 ? `❌ ${plural(regression, changeWords.regression.one, changeWords.regression.many)}` : '✅ No regression'} since the old scan`);
  out.force('');
  out.force(markdownText(`${plural(diff.reports.length, 'compared report')}: ${countsText(diff.counts)}`));
  for (const report of diff.reports) reportSection(report, maxRows, out);
  if (diff.unpaired.length > 0) {
    out.force('');
    for (const report of diff.unpaired) {
      out.force(`- Only in the ${report.side} input: ${markdownText(`${report.benchmarkId} of account ${report.accountId}, job ${report.jobId} (${report.source})`)}`);
    }
  }
}
