import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** What {@link writeFleet} wrote, by the part each file plays. */
export interface Fleet {
  dir: string;
  files: string[];
  /** A copy of another account's file under another name: a duplicate-report across files. */
  duplicate: string;
  /** An account whose first category's Total is wrong: a category-total error. */
  wrongTotal: string;
  /** A file that is not JSON. */
  broken: string;
}

const sample = readFileSync('samples/azure-csbp.json', 'utf8');
const sampleAccount = 'e17a4d2c-58b3-4c9e-a6f1-0b92d7e3c845';

/** The published-shape sample as account `index`: its own AccountId, AccountName and JobId. */
export function accountReport(index: number, base = sample): string {
  const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  return base
    .replaceAll(sampleAccount, id)
    .replaceAll('Contoso Production', `Account ${index}`)
    .replaceAll('c5d29a7e-1f84-4b3a-8e6d-2a07f9b41c58', `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
}

/**
 * A folder of `accounts` reports, one account each (the sample's 127 policies), among
 * them a file that repeats another's report, one whose numbers do not add up and one
 * that is not JSON (unless `defects` is false): what the fleet path must judge as one
 * run does.
 */
export function writeFleet(dir: string, accounts: number, base?: string, defects = true): Fleet {
  const files: string[] = [];
  for (let index = 0; index < accounts; index += 1) {
    const file = join(dir, `account-${String(index).padStart(5, '0')}.json`);
    writeFileSync(file, accountReport(index, base));
    files.push(file);
  }
  if (!defects) return { dir, files, duplicate: '', wrongTotal: '', broken: '' };
  const original = files[Math.min(3, accounts - 1)] as string;
  const duplicate = join(dir, `copy-of-${basename(original)}`);
  copyFileSync(original, duplicate);
  const wrongTotal = files[Math.min(5, accounts - 1)] as string;
  const report = JSON.parse(readFileSync(wrongTotal, 'utf8')) as { ResourceCategories: { Total: number }[] }[];
  report[0]!.ResourceCategories[0]!.Total += 1;
  writeFileSync(wrongTotal, JSON.stringify(report, null, 2));
  const broken = join(dir, 'broken.json');
  writeFileSync(broken, '[{"BenchmarkId": ');
  return { dir, files: [...files, duplicate, broken].sort(), duplicate, wrongTotal, broken };
}
