import type { PolicyTrend, Trend, TrendScan } from '../../model/trend.js';
import { displayCount, displayInstant, displayPercent } from '../display-values.js';
import { escapeHtml } from './escape-html.js';
import { trendPageEnd, trendPageHead, trendSection } from './trend-styles.js';
import { highlightedCategories, layoutChart, otherColour, scanLabel } from './trend-chart.js';
import { trendTitle, type TrendRenderer, type TrendRenderOptions } from './trend-renderer.js';
import { trendSvg } from './trend-svg.js';
import { renderFleetHtml } from './fleet-html.js';

const percentCell = (value: number | null): string => `<td class="n">${value === null ? 'n/a' : displayPercent(value)}</td>`;

function scanRows(trend: Trend): string {
  return trend.scans
    .map((scan: TrendScan, position) => {
      const f = scan.figures;
      return `<tr><td>${escapeHtml(scanLabel(scan, position))}</td><td>${escapeHtml(scan.jobId)}</td>${percentCell(scan.hasPercent ? f.percent : null)}<td class="n">${displayCount(f.green)}</td><td class="n">${displayCount(f.red)}</td><td class="n">${displayCount(f.amber)}</td><td class="n">${displayCount(f.gray)}</td><td class="n">${scan.regressions === null ? '–' : displayCount(scan.regressions)}</td><td>${escapeHtml(scan.source)}</td></tr>`;
    })
    .join('\n');
}

function policyTable(trend: Trend, policies: readonly PolicyTrend[], empty: string): string {
  if (policies.length === 0) return `<p>${empty}</p>`;
  const when = (position: number | null): string => (position === null ? '' : escapeHtml(scanLabel(trend.scans[position] as TrendScan, position)));
  const rows = policies
    .map(
      (policy) =>
        `<tr><td>${escapeHtml(policy.complianceNumber)}</td><td>${escapeHtml(policy.shortTitle)}<br><small>${escapeHtml(policy.policyId)} · ${escapeHtml(policy.category)}</small></td><td>${escapeHtml(policy.severity)}</td><td class="n">${displayCount(policy.regressions)}</td><td class="n">${displayCount(policy.longestRed)}</td><td>${policy.longestRed > 0 ? `${when(policy.longestRedFrom)} – ${when(policy.longestRedTo)}` : ''}</td><td class="${escapeHtml(policy.lastCompliance ?? '')}">${escapeHtml(policy.lastCompliance ?? 'not in the last scan')}</td></tr>`,
    )
    .join('\n');
  return `<div class="wrap"><table><thead><tr><th>Number</th><th>Policy</th><th>Severity</th><th class="n">Regressions</th><th class="n">Longest Red (scans)</th><th>Red from – to</th><th>Last scan</th></tr></thead><tbody>\n${rows}\n</tbody></table></div>`;
}

/** The legend: overall and the worst categories with their colours, then the other categories named in one gray line. */
function legend(trend: Trend): string {
  // The colours and order of the chart's series; the geometry is not needed.
  const series = layoutChart(trend, 100, 100).series;
  const swatch = (colour: string): string => `<span class="swatch" style="background:${colour}"></span>`;
  const items = series.filter((line) => !line.other).map((line) => `<li${line.overall ? ' class="overall"' : ''}>${swatch(line.colour)}${escapeHtml(line.name)}</li>`);
  const others = series.filter((line) => line.other);
  if (others.length > 0) {
    items.push(`<li class="other">${swatch(otherColour)}${displayCount(others.length)} other ${others.length === 1 ? 'category' : 'categories'}: ${others.map((line) => escapeHtml(line.name)).join(', ')}</li>`);
  }
  const note = `In colour: the ${displayCount(highlightedCategories)} categories with the lowest compliance in their latest assessed scan; the others in gray.`;
  return `<ul class="legend">${items.join('')}</ul>${others.length > 0 ? `<p class="note">${note}</p>` : ''}`;
}

/** The trend as one self-contained HTML page: the chart as inline SVG, the scans and the policies; no script, no external resource. */
export function renderTrendHtml(trend: Trend, options: TrendRenderOptions = {}): string {
  const title = trendTitle(trend, options);
  const first = trend.scans[0] as TrendScan;
  const last = trend.scans.at(-1) as TrendScan;
  const meta = [
    `${displayCount(trend.scans.length)} scans, ${escapeHtml(scanLabel(first, 0))} to ${escapeHtml(scanLabel(last, trend.scans.length - 1))}`,
    `${displayCount(trend.policies)} policies`,
    `percent: ${escapeHtml(trend.percentFormula)}`,
    ...(trend.mismatched ? ['some scans name another account or benchmark (--allow-mismatch)'] : []),
    ...(options.now ? [`generated ${displayInstant(options.now)}`] : []),
  ].join(' · ');
  const scans = `<div class="wrap"><table><thead><tr><th>Scan</th><th>JobId</th><th class="n">Compliance</th><th class="n Green">Green</th><th class="n Red">Red</th><th class="n Amber">Amber</th><th class="n Gray">Gray</th><th class="n">Regressions</th><th>File</th></tr></thead><tbody>
${scanRows(trend)}
</tbody></table></div>`;
  return `${trendPageHead(title, meta)}
${trendSection('Compliance over time', `${trendSvg(trend)}\n${legend(trend)}`)}
${trendSection('Scans', scans)}
${trendSection('Policies that regressed most often', policyTable(trend, trend.regressed, 'No policy got worse from one scan to the next.'))}
${trendSection('Policies Red for the longest run of scans', policyTable(trend, trend.longestRed, 'No policy was Red in any scan.'))}
${trendPageEnd}`;
}

/** The HTML trend renderer. */
export const trendHtmlRenderer: TrendRenderer = {
  extension: 'html',
  otherExtensions: ['htm'],
  mediaType: 'text/html',
  async render(trend, options) {
    return new TextEncoder().encode(renderTrendHtml(trend, options));
  },
  async renderFleet(fleet, options) {
    return new TextEncoder().encode(renderFleetHtml(fleet, options));
  },
};
