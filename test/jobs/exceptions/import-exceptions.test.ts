import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importExceptions } from '../../../src/jobs/exceptions/import-exceptions.js';
import { readExceptions } from '../../../src/jobs/exceptions/read-exceptions.js';
import { yamlModule } from '../../../src/load/yaml/yaml-module.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();
const fixtures = 'test/fixtures/exception-imports';

/** The drafted file, parsed back: what a person then fills in. */
function draftsOf(text: string): Record<string, unknown>[] {
  return (yamlModule().parse(text) as { exceptions: Record<string, unknown>[] }).exceptions;
}

/** The drafted file's refusal by the exceptions reader: an import is never accepted as it is. */
function refusalOf(text: string): string {
  const path = join(tempDir(), 'drafted.yaml');
  writeFileSync(path, text);
  try {
    readExceptions([path]);
  } catch (error) {
    return (error as Error).message.replace(`${path}:`, 'drafted.yaml:');
  }
  return 'accepted';
}

describe('exceptions import --from prowler-mutelist, on Prowler’s own AWS mutelist', () => {
  const { imported, text } = importExceptions(`${fixtures}/prowler-aws-mutelist.yaml`, 'prowler-mutelist');

  it('drafts one exception per account and check, the check as the policy when it names one', () => {
    // The file mutes 11 checks in every account ("*"); 10 of them are patterns.
    expect(imported.drafts.map((draft) => [draft.id, draft.policy, draft.accounts])).toEqual([
      ['MUTELIST-001', 'TODO: the PolicyIds that "awslambda_function_*" means (an exception names each policy)', ['*']],
      [
        'MUTELIST-002',
        'TODO: the PolicyIds that "cloudformation_stack*" means (an exception names each policy)',
        ['*'],
      ],
      ['MUTELIST-003', 'TODO: the PolicyIds that "cloudtrail_*" means (an exception names each policy)', ['*']],
      [
        'MUTELIST-004',
        'TODO: the PolicyIds that "cloudwatch_log_group_*" means (an exception names each policy)',
        ['*'],
      ],
      ['MUTELIST-005', 'iam_inline_policy_no_administrative_privileges', ['*']],
      ['MUTELIST-006', 'TODO: the PolicyIds that "iam.*policy_*" means (an exception names each policy)', ['*']],
      ['MUTELIST-007', 'TODO: the PolicyIds that "iam_role_*" means (an exception names each policy)', ['*']],
      ['MUTELIST-008', 'TODO: the PolicyIds that "s3_bucket_*" means (an exception names each policy)', ['*']],
      ['MUTELIST-009', 'TODO: the PolicyIds that "sns_*" means (an exception names each policy)', ['*']],
      ['MUTELIST-010', 'TODO: the PolicyIds that "vpc_*" means (an exception names each policy)', ['*']],
    ]);
  });

  it('says what the mutelist narrowed that an exception cannot, and leaves owner, approver and dates to fill in', () => {
    const [first] = imported.drafts;
    expect(first?.notes).toEqual([
      'from /Mutelist/Accounts/*/Checks/awslambda_function_*',
      'Prowler muted it only for resources aws-controltower-NotificationForwarder; this exception accepts the policy for every resource of the account: narrow the scan or split the policy',
    ]);
    expect(imported.drafts.at(-1)?.notes.at(-1)).toBe(
      'Prowler muted it only for tags Name=aws-controltower-VPC; this exception accepts the policy for every resource of the account: narrow the scan or split the policy',
    );
    expect(draftsOf(text)[4]).toEqual({
      id: 'MUTELIST-005',
      policy: 'iam_inline_policy_no_administrative_privileges',
      accounts: ['*'],
      reason: 'TODO: why the risk is accepted (the mutelist gives no reason)',
      owner: 'TODO: who answers for the risk',
      approvedBy: 'TODO: who approved it (not the owner)',
      approved: 'TODO: the day it was approved, YYYY-MM-DD',
      expires: 'TODO: the last day it applies, YYYY-MM-DD (the mutelist gives no expiry)',
    });
  });

  it('writes a file the exceptions reader refuses until every TODO is filled in', () => {
    expect(text.split('\n').slice(0, 2)).toEqual([
      `# Imported by cspm-report exceptions import --from prowler-mutelist ${fixtures}/prowler-aws-mutelist.yaml`,
      '# 10 exceptions, 59 TODOs to fill in: the file is refused until none is left.',
    ]);
    expect(refusalOf(text)).toBe(
      'invalid exceptions file: drafted.yaml:7:13: /exceptions/0/policy: still says TODO: fill it in (an imported exception needs a reason, an owner, an approver and its dates before it counts)',
    );
  });
});

describe('exceptions import --from trivy-ignore, on a project’s .trivyignore.yaml', () => {
  const { imported, text } = importExceptions(`${fixtures}/trivyignore-modernisation-platform.yaml`, 'trivy-ignore');

  it('drafts its misconfigurations and counts the vulnerabilities it leaves out', () => {
    expect(imported.drafts.map((draft) => draft.policy)).toEqual([
      'AVD-GIT-0001',
      'AVD-GIT-0004',
      'AVD-AWS-0031',
      'AVD-AWS-0039',
      'AVD-AWS-0057',
      'AVD-AWS-0132',
      'AVD-AZU-0012',
    ]);
    expect(imported.notes).toEqual(['left out 26 vulnerabilities: they are not posture checks']);
    expect(text).toContain('\n# left out 26 vulnerabilities: they are not posture checks\n');
    expect(draftsOf(text)[0]).toMatchObject({
      id: 'TRIVY-001',
      accounts: ['TODO: the accounts it covers (a Trivy ignore file names none)'],
      expires: 'TODO: the last day it applies, YYYY-MM-DD (the entry gives no expired_at)',
    });
  });

  it('takes a statement as the reason and expired_at as the day after the last', () => {
    const path = join(tempDir(), '.trivyignore.yaml');
    writeFileSync(
      path,
      'misconfigurations:\n- id: AVD-AWS-0086\n  paths: ["terraform/s3.tf"]\n  statement: Public bucket serves the static site behind CloudFront\n  expired_at: 2027-03-01\n',
    );
    const [draft] = importExceptions(path, 'trivy-ignore').imported.drafts;
    expect(draft).toMatchObject({
      policy: 'AVD-AWS-0086',
      reason: 'Public bucket serves the static site behind CloudFront',
      expires: '2027-02-28',
    });
    expect(draft?.notes).toEqual([
      'from /misconfigurations/0',
      "Trivy's expired_at 2027-03-01 (it stops applying then) is expires 2027-02-28, the last day it applies",
      'Trivy ignored it only in terraform/s3.tf; this exception accepts the policy in every account it names',
    ]);
  });
});

describe('exceptions import --from inspec-waivers, on InSpec’s own waiver fixture', () => {
  const { imported } = importExceptions(`${fixtures}/inspec-waivers.yaml`, 'inspec-waivers');

  it('drafts each control with its justification, and its expiration as the day before', () => {
    expect(imported.drafts).toHaveLength(15);
    const byControl = new Map(imported.drafts.map((draft) => [draft.policy, draft]));
    expect(byControl.get('03_waivered_no_expiry_ran_passes')).toMatchObject({
      reason: 'Sound reasoning',
      expires: 'TODO: the last day it applies, YYYY-MM-DD (the waiver gives no expiration_date)',
    });
    expect(byControl.get('06_waivered_expiry_in_past_ran_passes')?.expires).toBe('1977-05-31');
    expect(byControl.get('12_waivered_expiry_in_future_z_ran_passes')?.expires).toBe('2077-11-09');
    expect(byControl.get('15_waivered_expiry_in_future_string_ran_passes')?.expires).toBe('2077-05-31');
    expect(byControl.get('05_waivered_no_expiry_not_ran')?.notes).toContain(
      'InSpec did not run the control (run: false); here the policy is still scanned, and only its failure is accepted',
    );
  });
});

describe('exceptions import: a file not of the form named', () => {
  it.each([
    [
      'a Trivy file read as a mutelist',
      'trivyignore-modernisation-platform.yaml',
      'prowler-mutelist',
      /^invalid exceptions file: .*:1:1: not a YAML or JSON Prowler mutelist \(no "Mutelist" or "Mute List" or "Allowlist" at its top\)$/,
    ],
    [
      'a mutelist read as waivers',
      'prowler-aws-mutelist.yaml',
      'inspec-waivers',
      /^invalid exceptions file: .*:3:5: \/Mutelist\/Accounts: unknown key "Accounts" \(a waiver has justification, expiration_date, run\) \(read as --from inspec-waivers\)$/,
    ],
  ] as const)('%s is refused with where and why', (_name, file, from, message) => {
    expect(() => importExceptions(`${fixtures}/${file}`, from)).toThrow(message);
  });

  it('names the pointer of a value it cannot read', () => {
    const path = join(tempDir(), 'mutelist.yaml');
    writeFileSync(
      path,
      'Mutelist:\n  Accounts:\n    "123456789012":\n      Checks:\n        s3_bucket_public_access:\n          Regions: eu-west-1\n',
    );
    expect(() => importExceptions(path, 'prowler-mutelist')).toThrow(
      `invalid exceptions file: ${path}:6:20: /Mutelist/Accounts/123456789012/Checks/s3_bucket_public_access/Regions: must be a list of strings (read as --from prowler-mutelist)`,
    );
  });

  it('keeps a line break in a description out of the YAML it writes', () => {
    const path = join(tempDir(), 'mutelist.yaml');
    writeFileSync(
      path,
      'Mutelist:\n  Accounts:\n    "1":\n      Checks:\n        s3_check:\n          Description: "line one\\nexceptions: []"\n',
    );
    const { text } = importExceptions(path, 'prowler-mutelist');
    expect(draftsOf(text)).toHaveLength(1);
    expect(draftsOf(text)[0]?.['reason']).toBe('line one\nexceptions: []');
  });
});
