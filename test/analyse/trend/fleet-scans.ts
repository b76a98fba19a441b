import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeScans } from './scan-series.js';

interface Policy {
  Compliance: string;
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
 * One account of a fleet: how many of the sample's Green policies are Red in each scan
 * round, or null where the round has no scan of it (the account was lost, or not yet there).
 */
export interface FleetAccount {
  id: string;
  reds: (number | null)[];
}

/** The folders of the scan rounds a fleet is written in, oldest first. */
export const roundNames = ['2024-01-01', '2024-02-01', '2024-03-01'];

/**
 * Writes a fleet's saved scans, a folder per round (`dir/2024-01-01/<account>.json`),
 * each a copy of the Azure sample that checks, under another AccountId, AccountName,
 * JobId and date, with `reds` of its Green policies turned Red and every total restated.
 * Returns the folders, oldest first.
 */
export async function writeFleet(dir: string, accounts: readonly FleetAccount[]): Promise<string[]> {
  const generator = (await import(pathToFileURL(resolve('scripts/generate-scans.js')).href)) as Generator;
  // One scan with nothing changed: the sample with every assessed policy's resources made to agree with its colour.
  const scratch = mkdtempSync(join(tmpdir(), 'fleet-base-'));
  const [base] = await writeScans(scratch, 1, { change: 0 });
  const text = readFileSync(base as string, 'utf8');
  rmSync(scratch, { recursive: true });
  const folders = roundNames.map((name) => join(dir, name));
  folders.forEach((folder, round) => {
    mkdirSync(folder, { recursive: true });
    for (const account of accounts) {
      const reds = account.reds[round];
      if (reds === null || reds === undefined) continue;
      const [report] = JSON.parse(text) as Report[];
      const scan = report as Report;
      let left = reds;
      for (const policy of scan.ResourceCategories.flatMap((category) => category.Policies)) {
        if (left === 0) break;
        if (policy.Compliance !== 'Green') continue;
        generator.setColour(policy, 'Red');
        left -= 1;
      }
      generator.restate(scan);
      const when = new Date(`${roundNames[round] as string}T06:00:00Z`);
      Object.assign(scan, {
        AccountId: account.id,
        AccountName: `Account ${account.id}`,
        JobId: `${account.id}-${round}`,
        LastScannedDate: when.toISOString(),
        LastScannedDateEpochTime: when.getTime() / 1000,
      });
      writeFileSync(join(folder, `${account.id}.json`), JSON.stringify([scan]));
    }
  });
  return folders;
}
