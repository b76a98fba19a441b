import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { siteRounds } from './site-fleet.js';

interface Policy {
  Compliance: string;
  Severity: string;
}
interface Report {
  AccountId: string;
  ResourceCategories: { Policies: Policy[] }[];
}

/** What the inputs say of one account's latest scan, counted from its file again. */
export interface AccountRecount {
  accountId: string;
  red: number;
  amber: number;
  green: number;
  assessed: number;
}

/**
 * Every account's latest scan in the folders of a generated fleet, counted from the files
 * themselves: what the pages must show, found without the code that built them.
 */
export function recountFleet(dir: string): Map<string, AccountRecount> {
  const latest = new Map<string, AccountRecount>();
  for (const round of siteRounds) {
    for (const name of readdirSync(join(dir, round))) {
      const [report] = JSON.parse(readFileSync(join(dir, round, name), 'utf8')) as [Report];
      const policies = report.ResourceCategories.flatMap((category) => category.Policies);
      const count = (colour: string) => policies.filter((policy) => policy.Compliance === colour).length;
      latest.set(report.AccountId, {
        accountId: report.AccountId,
        red: count('Red'),
        amber: count('Amber'),
        green: count('Green'),
        assessed: policies.length - count('Gray'),
      });
    }
  }
  return latest;
}

/** The fleet's compliance over every account's latest scan: Green of the assessed policies, pooled. */
export function pooledPercent(accounts: Iterable<AccountRecount>): number {
  let green = 0;
  let assessed = 0;
  for (const account of accounts) {
    green += account.green;
    assessed += account.assessed;
  }
  return (green / assessed) * 100;
}

/** A data chunk's value, read back as the page reads it: base64 of raw DEFLATE of JSON. */
export function readChunk<T>(path: string): T {
  const text = readFileSync(path, 'utf8');
  const match = /^window\.cspmSite\.receive\(("[^"]+"),"([A-Za-z0-9+/=]*)"\);\n$/.exec(text);
  if (match === null) throw new Error(`${path} is no data chunk`);
  return JSON.parse(inflateRawSync(Buffer.from(match[2] as string, 'base64')).toString('utf8')) as T;
}

/** The accounts table of a site, a record per row. */
export function readAccounts(site: string): Record<string, unknown>[] {
  const chunk = readChunk<{ columns: string[]; rows: unknown[][] }>(join(site, 'data/accounts.js'));
  return chunk.rows.map((row) => Object.fromEntries(chunk.columns.map((name, at) => [name, row[at]])));
}

/** An account's page as its shard holds it, unpacked: scans a record each, policies named from the catalogue. */
export interface ReadAccount {
  scans: Record<string, unknown>[];
  policies: { policyId: string; number: string; title: string; changes: number[] }[];
  accepted: [number, string][];
}

/** The page of the account `accountId` (of its only benchmark), read back from its shard and the catalogue. */
export function readAccount(site: string, accountId: string): ReadAccount {
  const rows = readAccounts(site);
  const row = rows.find((one) => one.accountId === accountId);
  if (row === undefined) throw new Error(`no account ${accountId}`);
  const shard = readChunk<{ scans: Record<string, unknown[]>; policies: number[][]; accepted: [number, string][] }[]>(
    join(site, 'data/account', `${String(row.shard)}.js`),
  );
  // In the order of the rows: the account's place among the rows of its shard.
  const found = shard[rows.indexOf(row) - rows.findIndex((one) => one.shard === row.shard)];
  const benchmarks = readChunk<{ key: string; policies: { policyId: string; number: string; title: string }[] }[]>(
    join(site, 'data/policies.js'),
  );
  const catalogue = benchmarks.find((one) => one.key === row.benchmarkKey);
  if (found === undefined || catalogue === undefined) throw new Error(`no page of ${accountId}`);
  const columns = Object.keys(found.scans);
  return {
    scans: (found.scans.date ?? []).map((_, at) =>
      Object.fromEntries(columns.map((column) => [column, found.scans[column]?.[at]])),
    ),
    policies: found.policies.map(([policy, ...changes]) => ({
      ...(catalogue.policies[policy as number] as { policyId: string; number: string; title: string }),
      changes,
    })),
    accepted: found.accepted,
  };
}
