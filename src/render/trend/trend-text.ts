import type { FleetTrend } from '../../model/fleet-trend.js';
import type { Trend, TrendExceptions, TrendScan } from '../../model/trend.js';
import { oneDecimal } from '../../text/one-decimal.js';
import { plural } from '../../text/plural.js';
import { terminalText } from '../../text/terminal-text.js';
import { displayCount, displayPercent } from '../display-values.js';
import { acceptedText, trendExceptionsView } from './trend-exceptions-view.js';
import { trendTitle, type TrendRenderer } from './trend-renderer.js';

function percentOf(scan: { figures: { percent: number }; hasPercent: boolean }): string {
  return scan.hasPercent ? displayPercent(scan.figures.percent) : 'n/a';
}

function points(change: number | null): string {
  if (change === null) return 'n/a';
  const text = oneDecimal(change);
  return `${change > 0 && text !== '0.0' ? '+' : ''}${text.replace('-', '−')} points`;
}

function scanLine(scan: TrendScan): string {
  const { figures } = scan;
  const regressed = scan.regressions === null ? '' : `, ${plural(scan.regressions, 'regression')}`;
  const accepted = scan.acceptedPolicies === undefined ? '' : `; ${displayCount(scan.acceptedPolicies)} accepted`;
  return `  ${terminalText(scan.scanDate ?? 'no date')}  ${percentOf(scan).padStart(6)}  ${figures.red} Red, ${figures.amber} Amber, ${figures.green} Green, ${figures.gray} Gray${regressed}${accepted}  (${terminalText(scan.source)})`;
}

/** ` as scanned (2 policies accepted)` after a scan's compliance, in a trend given exceptions. */
function asScanned(scan: TrendScan | undefined): string {
  const accepted = scan?.acceptedPolicies;
  return accepted === undefined ? '' : ` as scanned (${plural(accepted, 'policy', 'policies')} accepted)`;
}

/** The exceptions of a trend as lines: how scans were judged, each file with its SHA-256, then the warnings. */
function exceptionLines(record: TrendExceptions | undefined): string[] {
  if (record === undefined) return [];
  const view = trendExceptionsView(record);
  return [
    '',
    'Accepted risks:',
    `  ${terminalText(view.summary)}`,
    ...view.files.map((file) => `  ${terminalText(file.path)}  sha256 ${file.sha256}`),
    ...view.warnings.map((warning) => `  warning: ${terminalText(warning)}`),
  ];
}

/**
 * One account's trend as lines a person reads on a terminal: each scan, the change, the policies that regressed most.
 */
function trendText(trend: Trend, title: string): string {
  const first = trend.scans[0];
  const last = trend.scans.at(-1);
  const change =
    first !== undefined && last !== undefined && first !== last && first.hasPercent && last.hasPercent
      ? last.figures.percent - first.figures.percent
      : null;
  const lines = [
    terminalText(title),
    `${plural(trend.scans.length, 'scan')}, ${plural(trend.policies, 'policy', 'policies')}; compliance ${last === undefined ? 'n/a' : percentOf(last)}${asScanned(last)}, ${points(change)} since the first scan`,
    '',
    ...trend.scans.map(scanLine),
  ];
  if (trend.regressed.length > 0) {
    lines.push('', 'Regressed most often:');
    for (const policy of trend.regressed)
      lines.push(
        `  ${terminalText(policy.complianceNumber)}  ${terminalText(policy.shortTitle)} (${terminalText(policy.severity)}): ${plural(policy.regressions, 'time')}`,
      );
  }
  if (trend.longestRed.length > 0) {
    lines.push('', 'Red longest:');
    for (const policy of trend.longestRed)
      lines.push(
        `  ${terminalText(policy.complianceNumber)}  ${terminalText(policy.shortTitle)} (${terminalText(policy.severity)}): ${plural(policy.longestRed, 'scan')}`,
      );
  }
  lines.push(...exceptionLines(trend.exceptions));
  return `${lines.join('\n')}\n`;
}

/** A fleet's trend as lines: the accounts, then the biggest drops since the first scan, worst first. */
function fleetText(fleet: FleetTrend, title: string): string {
  const lines = [
    terminalText(title),
    `${plural(fleet.series.length, 'series', 'series')} (account and benchmark), latest scans in ${terminalText(fleet.latestFolder)}; ${plural(fleet.lost, 'account')} with no latest scan`,
    '',
    'Biggest drops since the first scan:',
  ];
  for (const rank of fleet.dropsSinceFirst) {
    const series = fleet.series[rank.series];
    if (series === undefined) continue;
    const latest = series.scans.at(-1);
    lines.push(
      `  ${terminalText(series.accountName)} — ${terminalText(series.benchmarkName)}: ${rank.lost ? 'no latest scan' : points(rank.change)}, now ${latest === undefined ? 'n/a' : percentOf(latest)}`,
    );
  }
  if (fleet.exceptions !== undefined) {
    lines.push('', "Policies accepted in each account's latest scan:");
    for (const series of fleet.series) {
      const latest = series.scans.at(-1);
      lines.push(
        `  ${terminalText(series.accountName)} — ${terminalText(series.benchmarkName)}: ${latest === undefined ? 'n/a' : `${acceptedText(latest.acceptedPolicies)} accepted, compliance ${percentOf(latest)} as scanned`}`,
      );
    }
  }
  lines.push(...exceptionLines(fleet.exceptions));
  return `${lines.join('\n')}\n`;
}

/** The trend as text for a terminal: the default of `trend` when standard output is one. */
export const trendTextRenderer: TrendRenderer = {
  extension: 'txt',
  otherExtensions: ['text'],
  mediaType: 'text/plain; charset=utf-8',
  async render(trend, options) {
    return new TextEncoder().encode(trendText(trend, trendTitle(trend, options)));
  },
  async renderFleet(fleet, options) {
    return new TextEncoder().encode(fleetText(fleet, options.title ?? 'Compliance trend of the fleet'));
  },
};
