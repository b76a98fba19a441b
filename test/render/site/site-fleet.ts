import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Policy {
  Compliance: string;
  Severity: string;
}
interface Report {
  AccountId: string;
  AccountName: string;
  JobId: string;
  LastScannedDate: string | null;
  LastScannedDateEpochTime: number | null;
  ResourceCategories: { Policies: Policy[] }[];
}
interface Generator {
  setColour(policy: Policy, colour: string): void;
  restate(report: Report): void;
}

/**
 * One account of a generated fleet: its sample, ids and name, and its Green policies
 * turned Red per round (null: no scan that round).
 */
export interface SiteAccountSpec {
  sample: 'aws-cis' | 'azure-csbp' | 'office365';
  id: string;
  name: string;
  reds: (number | null)[];
}

/** Four accounts of three connectors over three weekly rounds: one drops, one improves, one steady, one lost. */
export const siteAccounts: readonly SiteAccountSpec[] = [
  { sample: 'aws-cis', id: 'aws-payments', name: 'Payments production', reds: [0, 2, 5] },
  { sample: 'azure-csbp', id: 'azure-data', name: '<img src=x onerror=alert(1)> Data platform', reds: [3, 1, 0] },
  { sample: 'office365', id: 'o365-corp', name: 'Corporate mail', reds: [0, 0, 0] },
  { sample: 'aws-cis', id: 'aws-sandbox', name: 'Sandbox', reds: [0, 1, null] },
];

/** Two exceptions on the generated fleet: one in force on a Red policy of AWS, one expired before the latest round. */
export const siteExceptionsYaml = `exceptions:
  - id: EXC-A
    policy: RootHardwareMfaEnabled
    accounts: ['aws-payments']
    reason: The hardware keys ship in April.
    owner: identity@example.com
    approvedBy: ciso@example.com
    approved: '2024-01-01'
    expires: '2024-06-30'
  - id: EXC-B
    policy: SecurityContactRegistered
    accounts: ['aws-*']
    reason: The contact moves to the new security mailbox.
    owner: <b>secops</b>@example.com
    approvedBy: ciso@example.com
    approved: '2024-01-01'
    expires: '2024-03-15'
`;

/** The rounds of scans, a week apart; a folder each. */
export const siteRounds = ['2024-03-04', '2024-03-11', '2024-03-18'];

/**
 * Writes a fleet's saved scans, a folder per round (`dir/<round>/<id>.json`): each a copy
 * of a published sample under its own AccountId, AccountName, JobId and date, with
 * `reds` of its Green policies turned Red and every total restated, so that each checks.
 */
export async function writeSiteFleet(dir: string, accounts: readonly SiteAccountSpec[]): Promise<void> {
  const generator = (await import(pathToFileURL(resolve('scripts/generate-scans.js')).href)) as Generator;
  siteRounds.forEach((round, at) => {
    const folder = join(dir, round);
    mkdirSync(folder, { recursive: true });
    for (const account of accounts) {
      const reds = account.reds[at];
      if (reds === null || reds === undefined) continue;
      // The samples come in the service's three forms: an array, and an envelope of one report or of many.
      const parsed = JSON.parse(readFileSync(`samples/${account.sample}.json`, 'utf8')) as
        Report[] | { result: Report | Report[] };
      const [report] = [Array.isArray(parsed) ? parsed : parsed.result].flat() as [Report];
      let left = reds;
      for (const policy of report.ResourceCategories.flatMap((category) => category.Policies)) {
        if (left === 0) break;
        if (policy.Compliance !== 'Green') continue;
        generator.setColour(policy, 'Red');
        left -= 1;
      }
      generator.restate(report);
      const when = new Date(`${round}T06:00:00Z`);
      Object.assign(report, {
        AccountId: account.id,
        AccountName: account.name,
        JobId: `${account.id}-${at}`,
        LastScannedDate: when.toISOString(),
        LastScannedDateEpochTime: when.getTime() / 1000,
      });
      writeFileSync(join(folder, `${account.id}.json`), JSON.stringify([report]));
    }
  });
}
