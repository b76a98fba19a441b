import type { FleetFigures } from '../../model/fleet.js';
import type { RenderOptions } from '../../model/renderer.js';
import { fileName } from '../build-view-model.js';
import { displayCount, displayInstant, displayPercentOrNa } from '../display-values.js';
import { contentSecurityPolicy } from '../html/content-security.js';
import { escapeHtml } from '../trend/escape-html.js';
import { scriptJson } from '../html/script-json.js';
import { accountAnchor, accountHeader, accountRow, categoryTable, fleetStyle, groupTable, policyTable } from './fleet-html-parts.js';
import { FleetPageData } from './fleet-page-data.js';
import { fleetPageScript } from './fleet-page-script.js';
import { maxFailingPolicies, maxWorstAccounts, planFleet, type FleetPlan } from './fleet-plan.js';

/** Accounts of the script's data per chunk of the stream. */
const rowsPerChunk = 250;

/** Rows of the index per page: the first page is markup, so the page reads without its script. */
export const indexPageSize = 100;

function head(plan: FleetPlan, options: RenderOptions, script: string): string {
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
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy({ script, style: fleetStyle })}">
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
  return `<h2 id="worst">Worst accounts</h2>
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
<p class="note">By account name; each links to its figures per category.</p>
<div class="pager"><input id="index-filter" type="search" placeholder="Filter by name, id or benchmark" aria-label="Filter the accounts"><button id="index-prev" type="button">‹ Previous</button><span id="index-label"></span><button id="index-next" type="button">Next ›</button></div>
<noscript><p class="note">Without JavaScript this page lists the first ${displayCount(Math.min(indexPageSize, plan.reports))} of ${displayCount(plan.reports)} benchmark reports and no account's categories: the XLSX workbook of this tier lists them all.</p></noscript>
<table><thead>${accountHeader}</thead><tbody id="index-rows">
`;
}

function* pageParts(fleet: FleetFigures, options: RenderOptions): Generator<string> {
  const plan = planFleet(fleet, options);
  const anchors = new Map<object, string>(fleet.accounts.map((account, position) => [account, accountAnchor(position)]));
  const numbers = new Map<object, number>(fleet.accounts.map((account, position) => [account, position + 1]));
  const byName = [...fleet.accounts].sort((a, b) => a.accountName.localeCompare(b.accountName, 'en') || a.accountId.localeCompare(b.accountId, 'en') || a.benchmarkName.localeCompare(b.benchmarkName, 'en'));
  yield head(plan, options, fleetPageScript());
  yield rankings(plan, anchors);
  yield `${byName.slice(0, indexPageSize).map((account, offset) => accountRow(account, offset + 1, anchors.get(account) as string)).join('\n')}\n`;
  yield `</tbody></table>\n<div id="account-detail" hidden></div>\n<script type="application/json" id="fleet-data">{"pageSize":${indexPageSize},"accounts":[`;
  const source = options.showPaths === true ? (path: string) => path : fileName;
  const data = new FleetPageData();
  for (let start = 0; start < byName.length; start += rowsPerChunk) {
    const rows = byName.slice(start, start + rowsPerChunk).map((account) => data.row(account, numbers.get(account) as number, source(account.source)));
    yield `${start === 0 ? '' : ','}${scriptJson(rows).slice(1, -1)}`;
  }
  yield `],"strings":${scriptJson(data.table())}}</script>\n<script>${fleetPageScript()}</script>\n</body></html>\n`;
}

/**
 * Renders the fleet tier as one self-contained HTML page, written as a stream of
 * chunks: no single string holds the page, so thousands of accounts never meet the
 * limit of a string's length. The rankings and the index's first page are markup; the
 * rest of the index and each account's categories are JSON that the page's script draws
 * when asked for, so a page of thousands of accounts opens at once.
 * Tags of accounts are not shown: no input of the tool carries them.
 */
export async function renderFleetHtml(fleet: FleetFigures, options: RenderOptions): Promise<AsyncIterable<Uint8Array>> {
  const encoder = new TextEncoder();
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const part of pageParts(fleet, options)) yield encoder.encode(part);
  }
  return chunks();
}
