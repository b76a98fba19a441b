import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { packageRoot } from '../../package-root.js';
import { dayOf, dayText } from '../../text/calendar-day.js';
import type {
  SiteAccount,
  SiteAccountDetail,
  SiteModel,
  SitePolicyPage,
  SiteScan,
  SiteShard,
} from '../../model/site.js';
import { renderSitePage, siteScripts } from './site-page.js';

/** The files of every site, whatever its accounts: the page, its scripts and style, overview, accounts, policies. */
export const siteFileNames = [
  'index.html',
  'site.css',
  ...siteScripts,
  'data/overview.js',
  'data/accounts.js',
  'data/policies.js',
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
  'benchmarkKey',
  'lastScan',
  'percent',
  'change',
  'red',
  'amber',
  'redBySeverity',
  'accepted',
  'scans',
  'lost',
  'shard',
] as const satisfies readonly (keyof SiteAccount)[];

/**
 * A data chunk: a script that hands its value, compressed, to the page script. A page
 * opened from a folder (file://) may not fetch() its neighbours, but it may load them as
 * scripts. The value is JSON compressed with raw DEFLATE and written in base64, which the
 * page inflates with the browser's own DecompressionStream: a fleet's chunks are a
 * sixth to a tenth of their JSON, and the text is never evaluated as anything but data.
 */
export function dataChunk(name: string, value: unknown): string {
  const packed = deflateRawSync(JSON.stringify(value), { level: 9 }).toString('base64');
  return `window.cspmSite.receive(${JSON.stringify(name)},"${packed}");\n`;
}

/** The columns of an account's scans in its shard, each a list over the scans. */
export const scanColumns = [
  'date',
  'percent',
  'green',
  'amber',
  'red',
  'gray',
  'other',
  'redBySeverity',
] as const satisfies readonly (keyof SiteScan)[];

/**
 * A scan's date as the pages show it: its UTC day, `YYYY-MM-DD`. Pages show no time of
 * day, and the seconds of a year of scans would weigh four times the rest of a page.
 * A date that cannot be read stays as stated.
 */
export function siteDay(date: string | null): string | null {
  if (date === null) return null;
  const time = Date.parse(date);
  return Number.isNaN(time) ? date : dayText(dayOf(new Date(time)));
}

/** A percent or a change in points to three decimals: pages show one, and full doubles do not compress. */
function thousandths(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** A list of records as a record of lists, one per column: like values side by side compress best. */
function byColumn<T extends object, K extends keyof T>(
  records: readonly T[],
  columns: readonly K[],
  value: (record: T, column: K) => unknown = (record, column) => record[column],
): Record<string, unknown[]> {
  return Object.fromEntries(columns.map((column) => [column, records.map((record) => value(record, column))]));
}

/**
 * An account's page as its shard holds it, at its row's place: its scans by column, dates as days, percents
 * to three decimals (pages show one), and each policy's history as one list, its
 * position first.
 */
function packedAccount(detail: SiteAccountDetail): unknown {
  const scans = byColumn(detail.scans, scanColumns, (scan, column) =>
    column === 'percent' && scan.percent !== null
      ? thousandths(scan.percent)
      : column === 'date'
        ? siteDay(scan.date)
        : scan[column],
  );
  // No key: a shard holds its accounts in the order of their rows, and the page finds one by its row.
  return {
    scans,
    policies: detail.policies.map((history) => [history.policy, ...history.changes]),
    accepted: detail.accepted.map((one) => [one.policy, one.exception]),
  };
}

/**
 * The names of the data files a site has besides {@link siteFileNames}: a shard of account
 * pages (`renderShard`) and a policy's page (`renderPolicyPage`), keys being 16 hex digits.
 */
export const siteDataFilePatterns: readonly RegExp[] = [
  /^data\/account\/\d+\.js$/,
  /^data\/policy\/[0-9a-f]{16}-[0-9a-f]{16}\.js$/,
];

/** The file of a shard of account pages. */
export function renderShard(shard: SiteShard): SiteFile {
  return {
    path: `data/account/${shard.index}.js`,
    body: dataChunk(`account/${shard.index}`, shard.accounts.map(packedAccount)),
  };
}

/** The file of one policy's page: where it fails, since when, and where it was fixed; by column, dates as days. */
export function renderPolicyPage(page: SitePolicyPage): SiteFile {
  const name = `policy/${page.benchmarkKey}-${page.key}`;
  const days = <T extends object>(record: T, column: keyof T): unknown =>
    column === 'row' || column === 'colour' || column === 'exception'
      ? record[column]
      : siteDay(record[column] as string | null);
  return {
    path: `data/${name}.js`,
    body: dataChunk(name, {
      failing: byColumn(page.failing, ['row', 'colour', 'since', 'firstSeen', 'exception'], days),
      fixed: byColumn(page.fixed, ['row', 'fixed'], days),
    }),
  };
}

function asset(name: string): string {
  return readFileSync(new URL(`templates/${name}`, packageRoot), 'utf8');
}

/**
 * The files of a static site of a fleet: the page, its script and style, and the data in
 * chunks each view loads as it needs them (the overview, the accounts table, the
 * benchmarks' policies, a shard of account pages, a page per policy). Made one at a time,
 * so a caller writing them holds one at a time.
 */
export function* renderSite(model: SiteModel): Iterable<SiteFile> {
  yield { path: 'index.html', body: renderSitePage(model.overview.title) };
  yield { path: 'site.css', body: asset('site-styles.css') };
  for (const script of siteScripts) yield { path: script, body: asset(script) };
  yield { path: 'data/overview.js', body: dataChunk('overview', model.overview) };
  const rows = model.accounts.map((account) =>
    accountColumns.map((column) =>
      column === 'lastScan'
        ? siteDay(account.lastScan)
        : (column === 'percent' || column === 'change') && account[column] !== null
          ? thousandths(account[column])
          : account[column],
    ),
  );
  yield { path: 'data/accounts.js', body: dataChunk('accounts', { columns: accountColumns, rows }) };
  yield { path: 'data/policies.js', body: dataChunk('policies', model.benchmarks) };
  for (const shard of model.shards()) yield renderShard(shard);
  for (const page of model.policyPages()) yield renderPolicyPage(page);
}
