import { CspmError } from '../../error/cspm-error.js';
import type { AnalysedReport, Analysis, SeverityCount } from '../../model/analysis.js';
import { severityRank } from '../../model/observed-values.js';
import type { UnpairedReport } from '../../model/diff.js';

/** A report with the input it came from. */
export interface SideReport {
  source: string;
  analysed: AnalysedReport;
}

/** The reports of two analyses paired, and those left over. */
export interface ReportPairing {
  pairs: { old: SideReport; new: SideReport; mismatched: boolean }[];
  unpaired: UnpairedReport[];
  /** The reports of {@link unpaired} as read: of the old input, then of the new. */
  left: { old: SideReport[]; new: SideReport[] };
}

function reportsOf(analysis: Analysis): SideReport[] {
  return analysis.sources.flatMap((source) => source.reports.map((analysed) => ({ source: source.source, analysed })));
}

const keyOf = ({ analysed: { report } }: SideReport): string => JSON.stringify([report.BenchmarkId, report.AccountId]);

function unpaired(side: 'old' | 'new', entry: SideReport): UnpairedReport {
  const { report, pointer, figures } = entry.analysed;
  return {
    side,
    source: entry.source,
    pointer,
    benchmarkId: report.BenchmarkId,
    accountId: report.AccountId,
    jobId: report.JobId,
    policies: figures.total,
    failing: failingBySeverity(entry.analysed),
  };
}

/** The failing policies of a report by Severity, worst first, only the severities that have one. */
function failingBySeverity(analysed: AnalysedReport): SeverityCount[] {
  const counts = new Map<string, number>();
  for (const list of [analysed.redBySeverity, analysed.amberBySeverity, analysed.otherBySeverity]) {
    for (const { severity, count } of list) if (count > 0) counts.set(severity, (counts.get(severity) ?? 0) + count);
  }
  return [...counts]
    .map(([severity, count]) => ({ severity, count }))
    .sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
}

function identity(entry: SideReport): { source: string; benchmarkId: string; accountId: string } {
  return {
    source: entry.source,
    benchmarkId: entry.analysed.report.BenchmarkId,
    accountId: entry.analysed.report.AccountId,
  };
}

/**
 * Pairs the reports of an old and a new analysis by BenchmarkId and AccountId (the same
 * key twice pairs in order). With `allowMismatch`, the reports left over are then paired
 * by position. When reports exist on both sides but none pairs, the inputs are scans of
 * another account or benchmark: a `reports-mismatch` error naming both.
 */
export function pairReports(olds: Analysis, news: Analysis, allowMismatch: boolean): ReportPairing {
  const oldReports = reportsOf(olds);
  const newReports = reportsOf(news);
  const byKey = new Map<string, SideReport[]>();
  for (const entry of oldReports) {
    const list = byKey.get(keyOf(entry));
    if (list) list.push(entry);
    else byKey.set(keyOf(entry), [entry]);
  }
  const pairs: ReportPairing['pairs'] = [];
  const newLeft: SideReport[] = [];
  for (const entry of newReports) {
    const partner = byKey.get(keyOf(entry))?.shift();
    if (partner) pairs.push({ old: partner, new: entry, mismatched: false });
    else newLeft.push(entry);
  }
  // Stryker disable next-line OptionalChaining: every old entry's key is in byKey
  const oldLeft = oldReports.filter((entry) => byKey.get(keyOf(entry))?.includes(entry));
  if (allowMismatch) {
    while (oldLeft.length > 0 && newLeft.length > 0)
      pairs.push({ old: oldLeft.shift() as SideReport, new: newLeft.shift() as SideReport, mismatched: true });
  }
  if (pairs.length === 0 && oldLeft.length > 0 && newLeft.length > 0) {
    const names = (entries: SideReport[]): string =>
      entries
        .slice(0, 3)
        .map(
          (entry) =>
            `${entry.analysed.report.BenchmarkId} of account ${entry.analysed.report.AccountId} (${entry.source})`,
        )
        .join(', ') + (entries.length > 3 ? ` and ${entries.length - 3} more` : '');
    throw new CspmError(
      'reports-mismatch',
      `old: ${names(oldLeft)}; new: ${names(newLeft)}; compare scans of one account and benchmark`,
      {
        data: { old: oldLeft.map(identity), new: newLeft.map(identity) },
      },
    );
  }
  return {
    pairs,
    unpaired: [...oldLeft.map((entry) => unpaired('old', entry)), ...newLeft.map((entry) => unpaired('new', entry))],
    left: { old: oldLeft, new: newLeft },
  };
}
