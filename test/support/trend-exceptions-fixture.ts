import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeScans } from '../analyse/trend/scan-series.js';

/** The run's day of the trend tests with exceptions: after every scan of {@link writeTrendScans}. */
export const trendToday = new Date('2026-01-10T12:00:00Z');

/**
 * Four daily scans of the Azure sample (Contoso Production, CSBP), 2026-01-01 to 2026-01-04, every colour as the
 * sample has it: VMDiskEncryption (Red Critical), SQLLongTermRetention (Red) and VMBackupEnabled (Amber) fail in
 * each. Returns the folder and the scans, oldest first.
 */
export async function writeTrendScans(dir: string): Promise<{ folder: string; scans: string[] }> {
  const folder = join(dir, 'scans');
  const scans = await writeScans(folder, 4, { change: 0, start: Date.UTC(2026, 0, 1, 6) });
  return { folder, scans };
}

/**
 * Four exceptions for {@link writeTrendScans}: EXC-1 on VMDiskEncryption in force throughout; EXC-2 on
 * SQLLongTermRetention, whose last day is 2026-01-02, so that it accepts in the first two scans only; EXC-3 on a
 * policy the scans lack; EXC-4 on VMBackupEnabled, approved 2026-01-04, so that it accepts in the last scan only.
 */
export function writeTrendExceptions(dir: string): string {
  const entry = (id: string, policy: string, approved: string, expires: string): string =>
    [
      `  - id: ${id}`,
      `    policy: ${policy}`,
      '    accounts: ["Contoso Production"]',
      '    reason: Accepted until the platform migration ends.',
      '    owner: platform@example.com',
      '    approvedBy: ciso@example.com',
      `    approved: "${approved}"`,
      `    expires: "${expires}"`,
    ].join('\n');
  const path = join(dir, 'exceptions.yaml');
  writeFileSync(
    path,
    [
      'exceptions:',
      entry('EXC-1', 'VMDiskEncryption', '2025-12-01', '2026-06-30'),
      entry('EXC-2', 'SQLLongTermRetention', '2025-12-01', '2026-01-02'),
      entry('EXC-3', 'NoSuchPolicy', '2025-12-01', '2026-06-30'),
      entry('EXC-4', 'VMBackupEnabled', '2026-01-04', '2026-01-20'),
      '',
    ].join('\n'),
  );
  return path;
}
