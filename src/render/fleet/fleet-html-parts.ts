import type { FleetAccount, FleetCategorySummary, FleetGroup, FleetPolicy } from '../../model/fleet.js';
import { displayCount, displayPercentOrNa } from '../display-values.js';
import { escapeHtml } from '../trend/escape-html.js';

/**
 * The page's style: text wraps between words, ids (which have none) anywhere, and nothing
 * is cut; the index's pager shows only where the page's script runs.
 */
export const fleetStyle = `body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1f2933;margin:0 auto;max-width:1200px;padding:24px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 8px;border-bottom:2px solid #1f4e79;padding-bottom:2px}h3{font-size:15px;margin:0 0 4px}
.meta,.note{color:#52606d;margin:0 0 12px}.note{font-size:12.5px}
nav ul{display:flex;flex-wrap:wrap;gap:4px 18px;list-style:none;padding:0;margin:8px 0}
.tiles{display:flex;flex-wrap:wrap;gap:10px;margin:12px 0}.tile{border:1px solid #d9e2ec;border-radius:6px;padding:8px 14px;min-width:110px}
.tile b{display:block;font-size:20px}.tile span{color:#52606d;font-size:12.5px}
table{border-collapse:collapse;width:100%;font-size:12.5px}th,td{padding:4px 8px;border-bottom:1px solid #e4e9f0;text-align:left;vertical-align:top;overflow-wrap:break-word}
th{background:#e4e9f0;position:sticky;top:0}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}td.n{white-space:nowrap}
small{color:#52606d;overflow-wrap:anywhere}.Red{color:#c62828}.Amber{color:#a86d00}.Green{color:#2e7d32}.Gray{color:#5f6b76}
section.account{border-top:1px solid #d9e2ec;padding:14px 0}
.pager{display:none}.js .pager{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:8px 0}.pager input{flex:1 1 240px;padding:4px 8px}
a{color:#1f4e79}`;

const n = (value: number): string => `<td class="n">${displayCount(value)}</td>`;
const percent = (value: number | null): string => `<td class="n">${displayPercentOrNa(value)}</td>`;

/** The in-page anchor of an account row's detail section, by its place among the fleet's rows. */
export function accountAnchor(position: number): string {
  return `account-${position + 1}`;
}

/** An account's names, whole: the name as a link to its detail, then its id. */
export function accountCell(account: FleetAccount, anchor: string): string {
  return `<td><a href="#${anchor}">${escapeHtml(account.accountName)}</a><br><small>${escapeHtml(account.accountId)}</small></td>`;
}

/** A benchmark's name and id, whole. */
export function benchmarkCell(name: string, id: string): string {
  return `<td>${escapeHtml(name)}<br><small>${escapeHtml(id)}</small></td>`;
}

/** The header of the account tables. */
export const accountHeader =
  '<tr><th class="n">#</th><th>Account</th><th>Connector</th><th>Benchmark</th><th class="n">Compliance</th><th class="n Red">Red</th><th class="n">Red weighted</th><th class="n Amber">Amber</th><th class="n">Policies</th></tr>';

/** One account row of the worst-accounts list and of the index. */
export function accountRow(account: FleetAccount, rank: number, anchor: string): string {
  const f = account.figures;
  return `<tr><td class="n">${displayCount(rank)}</td>${accountCell(account, anchor)}<td>${escapeHtml(account.connectorType)}</td>${benchmarkCell(account.benchmarkName, account.benchmarkId)}${percent(account.percent)}${n(f.red)}${n(account.redWeight)}${n(f.amber)}${n(f.total)}</tr>`;
}

/** The table of the policies failing in the most accounts. */
export function policyTable(policies: readonly FleetPolicy[]): string {
  const rows = policies.map(
    (policy, index) =>
      `<tr><td class="n">${displayCount(index + 1)}</td><td>${escapeHtml(policy.title)}<br><small>${escapeHtml(policy.policyId)}</small></td><td>${escapeHtml(policy.benchmarkId)}</td><td>${escapeHtml(policy.severity)}</td>${n(policy.failing)}${n(policy.red)}${n(policy.amber)}${n(policy.accounts)}</tr>`,
  );
  return `<table><thead><tr><th class="n">#</th><th>Policy</th><th>Benchmark</th><th>Severity</th><th class="n">Failing in</th><th class="n Red">Red in</th><th class="n Amber">Amber in</th><th class="n">Assessed in</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}

/** The table of every category across the accounts. */
export function categoryTable(categories: readonly FleetCategorySummary[]): string {
  const rows = categories.map(
    (category) =>
      `<tr>${benchmarkCell(category.benchmarkName, category.benchmarkId)}<td>${escapeHtml(category.name)}</td>${n(category.accounts)}${n(category.assessed)}${percent(category.min)}${percent(category.median)}${percent(category.mean)}${n(category.red)}</tr>`,
  );
  return `<table><thead><tr><th>Benchmark</th><th>Category</th><th class="n">Accounts</th><th class="n">Assessed in</th><th class="n">Lowest</th><th class="n">Median</th><th class="n">Mean</th><th class="n Red">Red</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}

/** The table of groups (by connector type or benchmark). */
export function groupTable(groups: readonly FleetGroup[], what: string): string {
  const rows = groups.map(
    (group) =>
      `<tr><td>${escapeHtml(group.label)}${group.label === group.key ? '' : `<br><small>${escapeHtml(group.key)}</small>`}</td>${n(group.accounts)}${n(group.reports)}${percent(group.percent)}${n(group.figures.red)}${n(group.figures.amber)}${n(group.figures.total)}</tr>`,
  );
  return `<table><thead><tr><th>${what}</th><th class="n">Accounts</th><th class="n">Reports</th><th class="n">Compliance</th><th class="n Red">Red</th><th class="n Amber">Amber</th><th class="n">Policies</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}
