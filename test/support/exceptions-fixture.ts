import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A day `offset` days from today (UTC), as an exceptions file writes it: expiries are judged on the run's day. */
export function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * An exceptions file for the bundled Azure sample (Contoso Production, CSBP), which holds
 * one Red Critical policy, VMDiskEncryption, and Red High ones (VMJustInTimeAccess, …).
 * Three exceptions: EXC-1 in force on the Critical, EXC-2 on VMJustInTimeAccess that
 * expires `expiredOffset` days from today (negative: expired), EXC-3 on a policy the
 * report lacks.
 */
export function exceptionsFile(dir: string, expiredOffset: number): string {
  const entry = (id: string, policy: string, expires: string) =>
    [
      `  - id: ${id}`,
      `    policy: ${policy}`,
      '    accounts: ["Contoso Production"]',
      '    reason: Accepted until the platform migration ends.',
      '    owner: platform@example.com',
      '    approvedBy: ciso@example.com',
      `    approved: "${day(-30)}"`,
      `    expires: "${expires}"`,
    ].join('\n');
  const path = join(dir, 'exceptions.yaml');
  writeFileSync(
    path,
    `exceptions:\n${entry('EXC-1', 'VMDiskEncryption', day(90))}\n${entry('EXC-2', 'VMJustInTimeAccess', day(expiredOffset))}\n${entry('EXC-3', 'NoSuchPolicy', day(90))}\n`,
  );
  return path;
}

/** cspm:recommended with an overall floor the sample holds: its Critical Red and its exceptions decide. */
export function rulesFile(dir: string): string {
  const path = join(dir, 'rules.yaml');
  writeFileSync(
    path,
    'extends: cspm:recommended\nassertions:\n  - name: overall compliance\n    metric: compliancePercent\n    min: 0\n',
  );
  return path;
}
