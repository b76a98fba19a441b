import type { AccountSeries, FleetTrend } from '../../model/fleet-trend.js';
import { displayCount, displayInstant } from '../display-values.js';
import { escapeHtml } from './escape-html.js';
import { changeText, fleetTitle, lostText, percentText, rankings, rankRows, scanPercent, accountCount } from './fleet-rows.js';
import { scanLabel } from './trend-chart.js';
import { trendPageEnd, trendPageHead, trendSection } from './trend-styles.js';
import type { TrendRenderOptions } from './trend-renderer.js';

const cell = (text: string, numeric = false): string => `<td${numeric ? ' class="n"' : ''}>${escapeHtml(text)}</td>`;

const accountCells = (series: AccountSeries): string => `${cell(`${series.accountName} (${series.accountId})`)}${cell(series.benchmarkId)}`;

function rankingTable(fleet: FleetTrend, since: 'first' | 'previous', empty: string): string {
  const rows = rankRows(fleet, since);
  if (rows.length === 0) return `<p>${escapeHtml(empty)}</p>`;
  const body = rows
    .map(({ place, rank, series, from, to }) => `<tr>${cell(String(place), true)}${accountCells(series)}${cell(percentText(from), true)}${cell(percentText(to), true)}<td class="n${rank.lost ? ' Red' : ''}">${escapeHtml(changeText(rank.change, rank.lost))}</td></tr>`)
    .join('\n');
  return `<div class="wrap"><table><thead><tr><th class="n">#</th><th>Account</th><th>Benchmark</th><th class="n">${since === 'first' ? 'First' : 'Previous'}</th><th class="n">Latest</th><th class="n">Change</th></tr></thead><tbody>\n${body}\n</tbody></table></div>`;
}

function seriesRows(fleet: FleetTrend): string {
  return fleet.series
    .map((series) => {
      const last = series.scans.at(-1);
      const latest = last === undefined ? '' : scanLabel(last, series.scans.length - 1);
      const percents = series.scans.map((scan) => percentText(scanPercent(scan))).join(' → ');
      return `<tr>${accountCells(series)}${cell(displayCount(series.scans.length), true)}${cell(latest)}${cell(percents)}${cell(changeText(series.changeSinceFirst), true)}${cell(changeText(series.changeSincePrevious), true)}<td${series.lost ? ' class="Red"' : ''}>${series.lost ? `lost: ${lostText}` : ''}</td></tr>`;
    })
    .join('\n');
}

/** A fleet's trend as one self-contained HTML page: the two rankings of drops, then every account's series; no script, no external resource. */
export function renderFleetHtml(fleet: FleetTrend, options: TrendRenderOptions = {}): string {
  const title = fleetTitle(fleet, options);
  const meta = [
    `${displayCount(accountCount(fleet))} accounts`,
    `${displayCount(fleet.series.length)} series (account and benchmark)`,
    `${displayCount(fleet.lost)} lost`,
    `latest scan folder: ${escapeHtml(fleet.latestFolder)}`,
    `percent: ${escapeHtml(fleet.percentFormula)}`,
    ...(options.now ? [`generated ${displayInstant(options.now)}`] : []),
  ].join(' · ');
  const ranked = rankings.map(({ since, heading, empty }) => trendSection(heading, rankingTable(fleet, since, empty))).join('\n');
  const every = `<div class="wrap"><table><thead><tr><th>Account</th><th>Benchmark</th><th class="n">Scans</th><th>Latest scan</th><th>Compliance, scan by scan</th><th class="n">Since first</th><th class="n">Since previous</th><th>Lost</th></tr></thead><tbody>
${seriesRows(fleet)}
</tbody></table></div>`;
  return `${trendPageHead(title, meta, 'Fleet compliance trend')}
${ranked}
${trendSection('Every account', every)}
${trendPageEnd}`;
}
