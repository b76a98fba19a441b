import type { FleetFigures } from '../../model/fleet.js';
import type { RenderOptions } from '../../model/renderer.js';
import { fileName } from '../build-view-model.js';
import { displayCount, displayInstant, displayPercentOrNa } from '../display-values.js';
import { contentSecurityPolicy } from '../html/content-security.js';
import { escapeHtml } from '../trend/escape-html.js';
import { accountAnchor, accountHeader, accountRow, accountSection, categoryTable, fleetStyle, groupTable, policyTable } from './fleet-html-parts.js';
import { maxFailingPolicies, maxWorstAccounts, planFleet, type FleetPlan } from './fleet-plan.js';

/** Rows of the index and detail sections per chunk of the stream. */
const rowsPerChunk = 250;

function head(plan: FleetPlan, options: RenderOptions): string {
  const { figures } = plan.totals;
  const tiles = [
    [displayPercentOrNa(plan.totals.percent), 'compliant'],
    [displayCount(plan.accounts), 'accounts'],
    [displayCount(plan.reports), 'benchmark reports'],
    [displayCount(figures.red), 'Red policies'],
    [displayCount(figures.amber), 'Amber policies'],
    [displayCount(plan.failing.length), 'policies failing somewhere'],
  ];
  const severities = plan.totals.redBySeverity.map(({ severity, count }) => `${escapeHtml(severity)} ${displayCount(count)}`).join(' · ');
  const meta = [`${displayCount(figures.total)} policies in ${displayCount(plan.reports)} benchmark reports of ${displayCount(plan.accounts)} accounts`, `percent: ${escapeHtml(plan.percentFormula)}`, ...(options.now ? [`generated ${displayInstant(options.now)}`] : [])];
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy({ style: fleetStyle })}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(plan.title)}</title><style>${fleetStyle}</style></head>
<body>
<h1>${escapeHtml(plan.title)}</h1>
<p class="meta">${meta.join(' · ')}</p>
<nav><ul><li><a href="#worst">Worst accounts</a></li><li><a href="#policies">Failing policies</a></li><li><a href="#categories">Categories</a></li><li><a href="#groups">By connector and benchmark</a></li><li><a href="#index">Every account</a></li></ul></nav>
<div class="tiles">${tiles.map(([value, label]) => `<div class="tile"><b>${value}</b><span>${label}</span></div>`).join('')}</div>
<p class="note">Red policies by severity: ${severities || 'none'}.</p>
`;
}

function rankings(plan: FleetPlan, anchors: ReadonlyMap<object, string>): string {
  const worst = plan.worst.slice(0, maxWorstAccounts);
  const failing = plan.failing.slice(0, maxFailingPolicies);
  return `<h2 id="worst">Accounts with the lowest compliance</h2>
<p class="note">The ${displayCount(worst.length)} worst of ${displayCount(plan.reports)} benchmark reports, ${escapeHtml(plan.measures.accounts)}. The index below lists every one.</p>
<table><thead>${accountHeader}</thead><tbody>
${worst.map((account, index) => accountRow(account, index + 1, anchors.get(account) as string)).join('\n')}
</tbody></table>
<h2 id="policies">Policies failing in the most accounts</h2>
<p class="note">${plan.failing.length === 0 ? 'No policy fails in any account.' : `The first ${displayCount(failing.length)} of ${displayCount(plan.failing.length)} policies that fail somewhere, ${escapeHtml(plan.measures.policies)}. The XLSX workbook of this tier lists every one.`}</p>
${failing.length === 0 ? '' : policyTable(failing)}
<h2 id="categories">Compliance by category across accounts</h2>
<p class="note">Each account's compliance in the category; lowest median first. Accounts where nothing in it was assessed are left out of the figures.</p>
${categoryTable(plan.categories)}
<h2 id="groups">By connector type and benchmark</h2>
${groupTable(plan.byConnector, 'Connector type')}
<p></p>
${groupTable(plan.byBenchmark, 'Benchmark')}
<h2 id="index">Every account</h2>
<p class="note">By account name; each links to its figures per category below.</p>
<table><thead>${accountHeader}</thead><tbody>
`;
}

function* pageParts(fleet: FleetFigures, options: RenderOptions): Generator<string> {
  const plan = planFleet(fleet, options);
  const anchors = new Map<object, string>(fleet.accounts.map((account, position) => [account, accountAnchor(position)]));
  const byName = [...fleet.accounts].sort((a, b) => a.accountName.localeCompare(b.accountName, 'en') || a.accountId.localeCompare(b.accountId, 'en') || a.benchmarkName.localeCompare(b.benchmarkName, 'en'));
  yield head(plan, options);
  yield rankings(plan, anchors);
  for (let start = 0; start < byName.length; start += rowsPerChunk) {
    yield `${byName.slice(start, start + rowsPerChunk).map((account, offset) => accountRow(account, start + offset + 1, anchors.get(account) as string)).join('\n')}\n`;
  }
  yield '</tbody></table>\n<h2>Figures per category of each account</h2>\n';
  const source = options.showPaths === true ? (path: string) => path : fileName;
  for (let start = 0; start < byName.length; start += rowsPerChunk) {
    yield byName
      .slice(start, start + rowsPerChunk)
      .map((account) => accountSection(account, anchors.get(account) as string, source(account.source)))
      .join('');
  }
  yield '</body></html>\n';
}

/**
 * Renders the fleet tier as one self-contained HTML page, written as a stream of
 * chunks: no single string holds the page, so thousands of accounts never meet the
 * limit of a string's length. No script; the detail sections are laid out only when
 * scrolled to (`content-visibility`), so a page of thousands of accounts opens at once.
 * Tags of accounts are not shown: no input of the tool carries them.
 */
export async function renderFleetHtml(fleet: FleetFigures, options: RenderOptions): Promise<AsyncIterable<Uint8Array>> {
  const encoder = new TextEncoder();
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const part of pageParts(fleet, options)) yield encoder.encode(part);
  }
  return chunks();
}
