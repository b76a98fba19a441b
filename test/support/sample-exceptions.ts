import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A day `offset` days from today (UTC), as an exceptions file writes it: expiries are judged on the run's day. */
export function dayFromToday(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * One exception of the Azure sample's account (Contoso Production) as an exceptions file
 * writes it, ending in a line break: `policy` accepted until `expires`, approved on
 * `approved` (30 days ago by default).
 */
export function exceptionEntry(id: string, policy: string, expires: string, approved = dayFromToday(-30)): string {
  return [
    `  - id: ${id}`,
    `    policy: ${policy}`,
    '    accounts: ["Contoso Production"]',
    '    reason: Accepted until the platform migration ends.',
    '    owner: platform@example.com',
    '    approvedBy: ciso@example.com',
    `    approved: "${approved}"`,
    `    expires: "${expires}"`,
    '',
  ].join('\n');
}

/**
 * Three exceptions for the bundled Azure sample (samples/azure-csbp.json, Contoso
 * Production, CSBP), which holds one Red Critical policy, VMDiskEncryption, and Red High
 * ones (VMJustInTimeAccess, …): EXC-1 in force on the Critical (90 days left), EXC-2 on
 * VMJustInTimeAccess expiring `expiredOffset` days from today (negative: expired), EXC-3
 * on a policy the report lacks (unused). Written to `exceptions.yaml` in `dir`.
 */
export function sampleExceptionsFile(dir: string, expiredOffset: number): string {
  const path = join(dir, 'exceptions.yaml');
  writeFileSync(
    path,
    [
      'exceptions:\n',
      exceptionEntry('EXC-1', 'VMDiskEncryption', dayFromToday(90)),
      exceptionEntry('EXC-2', 'VMJustInTimeAccess', dayFromToday(expiredOffset)),
      exceptionEntry('EXC-3', 'NoSuchPolicy', dayFromToday(90)),
    ].join(''),
  );
  return path;
}

/** cspm:recommended with an overall floor the sample holds: its Critical Red and its exceptions decide. */
export function recommendedRulesFile(dir: string): string {
  const path = join(dir, 'rules.yaml');
  writeFileSync(
    path,
    'extends: cspm:recommended\nassertions:\n  - name: overall compliance\n    metric: compliancePercent\n    min: 0\n',
  );
  return path;
}
