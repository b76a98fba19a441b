import { readFileSync } from 'node:fs';
import { packageRoot } from '../../package-root.js';
import type { SiteAccount, SiteModel } from '../../model/site.js';
import { renderSitePage, siteScripts } from './site-page.js';

/** The files of every site, whatever its accounts: the page, its script and style, the overview and the accounts. */
export const siteFileNames = [
  'index.html',
  'site.css',
  ...siteScripts,
  'data/overview.js',
  'data/accounts.js',
] as const;

/** One file of a site: its path inside the site's folder (`/`-separated) and its text. */
export interface SiteFile {
  path: string;
  body: string;
}

/** The columns of the accounts chunk, in the order of each row: names once, not once per row. */
export const accountColumns = [
  'key',
  'accountId',
  'accountName',
  'connector',
  'benchmarkId',
  'benchmarkName',
  'lastScan',
  'percent',
  'change',
  'red',
  'amber',
  'redBySeverity',
  'scans',
  'lost',
] as const satisfies readonly (keyof SiteAccount)[];

/**
 * A data chunk: a script that hands its value to the page script. A page opened from a
 * folder (file://) may not fetch() its neighbours, but it may load them as scripts; JSON
 * is a JavaScript expression, and the value is never evaluated as anything but data.
 */
export function dataChunk(name: string, value: unknown): string {
  return `window.cspmSite.receive(${JSON.stringify(name)}, ${JSON.stringify(value)});\n`;
}

function asset(name: string): string {
  return readFileSync(new URL(`templates/${name}`, packageRoot), 'utf8');
}

/**
 * The files of a static site of a fleet: the page, its script and style, and the data in
 * chunks each view loads as it needs them (the overview, the accounts table, one per
 * account). Made one at a time, so a caller writing them holds one account's at a time.
 */
export function* renderSite(model: SiteModel): Iterable<SiteFile> {
  yield { path: 'index.html', body: renderSitePage(model.overview.title) };
  yield { path: 'site.css', body: asset('site-styles.css') };
  for (const script of siteScripts) yield { path: script, body: asset(script) };
  yield { path: 'data/overview.js', body: dataChunk('overview', model.overview) };
  const rows = model.accounts.map((account) => accountColumns.map((column) => account[column]));
  yield { path: 'data/accounts.js', body: dataChunk('accounts', { columns: accountColumns, rows }) };
  for (const detail of model.details())
    yield { path: `data/account/${detail.key}.js`, body: dataChunk(`account/${detail.key}`, detail) };
}
