import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { dayFromToday } from '../support/sample-exceptions.js';
import { useTempDir } from '../support/temp-dir.js';
import { lastWeek, thisWeek, weekScan, writeScan } from '../jobs/scanners/prowler-scans.js';
import { recountProwler } from '../jobs/scanners/prowler-recount.js';

const tempDir = useTempDir();
const fixtures = 'test/fixtures/scanners/prowler';
const providers = ['aws', 'azure', 'gcp', 'kubernetes'] as const;
const fixture = (provider: string): string => join(fixtures, `example_output_${provider}.ocsf.json`);

interface Posture {
  total: number;
  red: number;
  gray: number;
  passedResources: number;
  totalResources: number;
  redBySeverity: { severity: string; count: number }[];
}

interface GateAssertion {
  name: string;
  passed: boolean;
  actual: number;
  scope: string;
}

describe('check on Prowler outputs', () => {
  it.each(providers)('%s: the figures equal a recount of the raw findings', async (provider) => {
    const result = await runInProcess(['check', fixture(provider), '-f', 'json', '--no-config']);
    expect(result.code, result.stderr).toBe(0);
    const posture = (JSON.parse(result.stdout) as { summary: { posture: Posture } }).summary.posture;
    const recount = recountProwler(fixture(provider));
    expect(posture.total).toBe(recount.checks);
    expect(posture.red).toBe(recount.failing);
    expect(posture.gray).toBe(recount.notEvaluated);
    expect(posture.passedResources).toBe(recount.passedResources);
    expect(posture.totalResources).toBe(recount.totalResources);
    const bySeverity = Object.fromEntries(
      posture.redBySeverity.filter(({ count }) => count > 0).map(({ severity, count }) => [severity, count]),
    );
    expect(bySeverity).toEqual(recount.failingBySeverity);
  });
});

describe('gate on Prowler outputs', () => {
  it.each(['cspm:recommended', 'cspm:strict'])(
    '%s fails (exit 3) on the GCP output, its Critical failing check counted as the recount finds',
    async (preset) => {
      const resultFile = join(tempDir(), 'gate.json');
      const run = await runInProcess([
        'gate',
        fixture('gcp'),
        '--rules',
        preset,
        '--result',
        resultFile,
        '--no-config',
      ]);
      expect(run.code).toBe(3);
      const assertions = (JSON.parse(readFileSync(resultFile, 'utf8')) as { assertions: GateAssertion[] }).assertions;
      const critical = assertions.find((assertion) => /^no critical (red|failing)$/.test(assertion.name));
      expect(critical).toMatchObject({
        passed: false,
        actual: recountProwler(fixture('gcp')).failingBySeverity['Critical'],
      });
      expect(critical?.scope).toContain('Prowler-GCP › account <project_name>');
    },
  );

  it('passes cspm:recommended on a scan whose checks all pass', async () => {
    const dir = tempDir();
    const clean = writeScan(
      dir,
      'clean.ocsf.json',
      weekScan(thisWeek).map((finding) => ({ ...finding, status_code: 'PASS' })),
    );
    const run = await runInProcess(['gate', clean, '--rules', 'cspm:recommended', '--no-config']);
    expect(run.code, run.stdout).toBe(0);
  });
});

describe('trend over weekly Prowler scans', () => {
  it('draws one series of the account, a scan a week, with the regression of the last', async () => {
    const dir = tempDir();
    const week = 7 * 24 * 3600;
    const scans = [
      writeScan(dir, 'w1.json', weekScan(lastWeek - week)),
      writeScan(dir, 'w2.json', weekScan(lastWeek)),
      writeScan(
        dir,
        'w3.json',
        weekScan(thisWeek).map((finding) => ({
          ...finding,
          status_code: (finding['metadata'] as { event_code: string }).event_code.startsWith('s3_')
            ? 'FAIL'
            : finding['status_code'],
        })),
      ),
    ];
    const run = await runInProcess(['trend', ...scans, '-f', 'json', '--no-config']);
    expect(run.code, run.stderr).toBe(0);
    const trend = JSON.parse(run.stdout) as {
      connectorType: string;
      accountId: string;
      scans: { scanDate: string; figures: { percent: number }; regressions: number | null }[];
      regressed: { policyId: string }[];
    };
    expect(trend.connectorType).toBe('AWS');
    expect(trend.accountId).toBe('123456789012');
    expect(trend.scans.map((scan) => scan.scanDate)).toEqual([
      '2025-02-07T13:27:03.000Z',
      '2025-02-14T13:27:03.000Z',
      '2025-02-21T13:27:03.000Z',
    ]);
    // Two evaluated checks: the root MFA fails, the buckets pass, then fail.
    expect(trend.scans.map((scan) => scan.figures.percent)).toEqual([50, 50, 0]);
    expect(trend.scans.map((scan) => scan.regressions)).toEqual([null, 0, 1]);
    expect(trend.regressed.map((policy) => policy.policyId)).toEqual(['s3_bucket_default_encryption']);
  });
});

describe('exceptions on a Prowler check', () => {
  /** An exception of the GCP output's Critical check, matched by the account and benchmark a built report carries. */
  function exceptionsFile(dir: string, accounts: string, benchmark: string): string {
    const path = join(dir, 'exceptions.yaml');
    writeFileSync(
      path,
      [
        'exceptions:',
        '  - id: EXC-RDP',
        '    policy: compute_firewall_rdp_access_from_the_internet_allowed',
        `    accounts: ["${accounts}"]`,
        `    benchmark: ${benchmark}`,
        '    reason: The bastion moves behind IAP next sprint.',
        '    owner: platform@example.com',
        '    approvedBy: ciso@example.com',
        `    approved: "${dayFromToday(-10)}"`,
        `    expires: "${dayFromToday(60)}"`,
        '',
      ].join('\n'),
    );
    return path;
  }

  it.each([
    ['the project id and the BenchmarkId', '<project_id>', 'Prowler-GCP'],
    ['the project name and the BenchmarkName', '<project_name>', '"Prowler checks (GCP)"'],
  ])('accepts the Critical check by %s: the Critical assertion passes', async (_how, accounts, benchmark) => {
    const dir = tempDir();
    const resultFile = join(dir, 'gate.json');
    const run = await runInProcess([
      'gate',
      fixture('gcp'),
      '--rules',
      'cspm:recommended',
      '--exceptions',
      exceptionsFile(dir, accounts, benchmark),
      '--result',
      resultFile,
      '--no-config',
    ]);
    const assertions = (JSON.parse(readFileSync(resultFile, 'utf8')) as { assertions: GateAssertion[] }).assertions;
    expect(assertions.find((assertion) => assertion.name === 'no critical red')).toMatchObject({
      passed: true,
      actual: 0,
    });
    expect(run.stdout).toContain('EXC-RDP');
  });

  it('leaves the check failing for an exception of another benchmark (unused)', async () => {
    const dir = tempDir();
    const run = await runInProcess([
      'exceptions',
      'check',
      exceptionsFile(dir, '<project_id>', 'Prowler-AWS'),
      '--reports',
      fixture('gcp'),
      '--no-config',
    ]);
    expect(run.stdout).toMatch(/EXC-RDP.*unused/);
  });
});
