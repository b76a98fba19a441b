import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prowlerFinding, type ProwlerFindingOptions } from '../../support/prowler-finding.js';

/** Last week's scan time and this week's, in seconds as Prowler writes them. */
export const lastWeek = 1739539623;
export const thisWeek = lastWeek + 7 * 24 * 3600;

/**
 * A week's scan of one account: the root account's MFA fails on one resource, S3
 * encryption passes on two buckets, and a MANUAL check is not evaluated.
 */
export function weekScan(time: number, changes: ProwlerFindingOptions[] = []): Record<string, unknown>[] {
  return [
    prowlerFinding({ time, check: 'iam_root_mfa_enabled', severity: 'Critical', status: 'FAIL', resource: 'root' }),
    prowlerFinding({
      time,
      check: 's3_bucket_default_encryption',
      severity: 'Medium',
      service: 's3',
      status: 'PASS',
      resource: 'bucket-a',
    }),
    prowlerFinding({
      time,
      check: 's3_bucket_default_encryption',
      severity: 'Medium',
      service: 's3',
      status: 'PASS',
      resource: 'bucket-b',
    }),
    prowlerFinding({
      time,
      check: 'account_security_contact',
      severity: 'Medium',
      service: 'account',
      status: 'MANUAL',
      statusId: 0,
    }),
    ...changes.map((change) => prowlerFinding({ time, ...change })),
  ];
}

/** Writes findings as a Prowler JSON-OCSF file (an array) and returns its path. */
export function writeScan(dir: string, name: string, findings: readonly unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(findings, null, 2));
  return path;
}
