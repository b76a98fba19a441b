import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
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

/** A data chunk's value, read back as the page reads it. */
export function readChunk<T>(path: string): T {
  const text = readFileSync(path, 'utf8');
  const match = /^window\.cspmSite\.receive\(("[^"]+"), ([\s\S]*)\);\n$/.exec(text);
  if (match === null) throw new Error(`${path} is no data chunk`);
  return JSON.parse(match[2] as string) as T;
}
