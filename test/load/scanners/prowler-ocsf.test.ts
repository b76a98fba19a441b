import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDocument } from '../../../src/load/read-document.js';
import type { BenchmarkReport } from '../../../src/model/report.js';
import { prowlerFinding } from '../../support/prowler-finding.js';
import { runInProcess } from '../../support/cli-run.js';
import { useTempDir } from '../../support/temp-dir.js';
import { prowler40Finding, prowler43Finding } from './prowler-4-findings.js';

const tempDir = useTempDir();
const kubernetes = 'test/fixtures/scanners/prowler/example_output_kubernetes.ocsf.json';

function read(value: unknown, framework?: string) {
  const document = readDocument('scan.json', value, framework === undefined ? {} : { framework });
  return { document, reports: document.candidates as BenchmarkReport[] };
}

function policyIds(report: BenchmarkReport | undefined): string[] {
  return (report?.ResourceCategories ?? []).flatMap((category) => category.Policies.map((policy) => policy.PolicyId));
}

describe('Prowler JSON-OCSF: findings that state no account', () => {
  it('groups Kubernetes findings (no cloud) under a stated account and says so once, at the first', () => {
    const value: unknown = JSON.parse(readFileSync(kubernetes, 'utf8'));
    const { document, reports } = read(value);
    expect(document.builtFrom).toBe('prowler-ocsf');
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ AccountId: 'no account stated', ConnectorType: 'Kubernetes' });
    const warnings = document.findings.filter((finding) => finding.rule === 'scanner-value');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: 'warning', pointer: '/0' });
    expect(warnings[0]?.message).toContain('6 findings state no account');
    expect(warnings[0]?.message).toContain('"no account stated"');
  });

  it("takes Prowler 5's unmapped.provider_uid as the account when there is no cloud, with no warning", () => {
    const finding = prowlerFinding({ provider: 'kubernetes' });
    delete finding['cloud'];
    finding['unmapped'] = { provider: 'kubernetes', provider_uid: 'prod-cluster', compliance: {} };
    const { document, reports } = read([finding]);
    expect(reports[0]).toMatchObject({ AccountId: 'prod-cluster', ConnectorType: 'Kubernetes' });
    expect(document.findings).toEqual([]);
  });

  it('names a finding that states no provider either, once, and keeps it apart under the connector Other', () => {
    const bare = prowlerFinding();
    delete bare['cloud'];
    (bare['metadata'] as Record<string, unknown>)['profiles'] = ['datetime'];
    const { document, reports } = read([prowlerFinding({ status: 'PASS' }), bare, bare]);
    expect(reports.map((report) => report.ConnectorType)).toEqual(['AWS', 'Other']);
    const messages = document.findings.map((finding) => `${finding.pointer} ${finding.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^\/1 2 findings state no provider/),
      expect.stringMatching(/^\/1 2 findings state no account/),
    ]);
  });
});

describe('Prowler JSON-OCSF: the shapes of Prowler 4', () => {
  it('reads Prowler 4.3 (event_time with no offset, no time) with its scan time in UTC', () => {
    const { document, reports } = read([
      prowler43Finding('s3_bucket_public', 'FAIL'),
      prowler43Finding('s3_b', 'PASS'),
    ]);
    expect(document.findings).toEqual([]);
    expect(reports[0]).toMatchObject({ LastScannedDate: '2024-07-29T16:40:00.123Z', ConnectorType: 'AWS' });
    expect(policyIds(reports[0])).toEqual(['s3_bucket_public', 's3_b']);
    const cis = read([prowler43Finding('s3_bucket_public', 'FAIL')], 'CIS-2.0').reports;
    expect(policyIds(cis[0])).toEqual(['2.1']);
  });

  it("reads Prowler 4.0's check id from the finding's uid, as it writes no event_code", () => {
    const { document, reports } = read([
      prowler40Finding('iam_root_mfa_enabled', 'FAIL'),
      prowler40Finding('iam_no_root_access_key', 'PASS'),
    ]);
    expect(document.findings).toEqual([]);
    expect(policyIds(reports[0])).toEqual(['iam_root_mfa_enabled', 'iam_no_root_access_key']);
    expect(reports[0]?.LastScannedDate).toBe('2024-04-01T10:00:00.000Z');
  });

  it("reads Prowler 4.0's Kubernetes finding (a container, no cloud) as Kubernetes", () => {
    const { document, reports } = read([prowler40Finding('apiserver_anonymous_requests', 'FAIL', 'kubernetes')]);
    expect(reports[0]).toMatchObject({ ConnectorType: 'Kubernetes', AccountId: 'no account stated' });
    expect(document.findings.map((finding) => finding.message)).toEqual([
      expect.stringContaining('1 finding states no account'),
    ]);
  });

  it('says once that a time cannot be read, and takes the scan time from the others', () => {
    const odd = prowlerFinding({ check: 'b' });
    odd['time'] = 'yesterday';
    const { document, reports } = read([prowlerFinding({ time: 1739539623 }), odd, odd]);
    expect(reports[0]?.LastScannedDate).toBe('2025-02-14T13:27:03.000Z');
    expect(document.findings).toEqual([
      expect.objectContaining({ pointer: '/1', actual: 'yesterday', message: expect.stringContaining('2 findings') }),
    ]);
  });
});

describe('Prowler JSON-OCSF: JSON lines', () => {
  it('checks a JSON lines file to the same figures as the array it holds', async () => {
    const findings = JSON.parse(readFileSync(kubernetes, 'utf8')) as unknown[];
    const lines = join(tempDir(), 'scan.ocsf.jsonl');
    writeFileSync(lines, `${findings.map((finding) => JSON.stringify(finding)).join('\n')}\n`);
    const figures = async (file: string) => {
      const result = await runInProcess(['check', file, '--no-config', '-f', 'json']);
      const out = JSON.parse(result.stdout) as { summary: unknown; files: { findings: { pointer: string }[] }[] };
      return { summary: out.summary, pointers: out.files[0]?.findings.map((finding) => finding.pointer) };
    };
    const fromLines = await figures(lines);
    expect(fromLines).toEqual(await figures(kubernetes));
    expect(fromLines.pointers).toEqual(['/0']);
  });

  it('reads a file of one finding alone (one line) as a scan of one result, its findings at the root', () => {
    const lone = prowlerFinding({ status: 'MAYBE' });
    const { document, reports } = read(lone);
    expect(reports).toHaveLength(1);
    expect(document.findings.map((finding) => finding.pointer)).toEqual(['/status_code']);
  });
});

describe('the reports built from a scanner', () => {
  it('state their epoch scan time in seconds, as the service does', () => {
    const { reports } = read([prowlerFinding({ time: 1739539623 })]);
    expect(reports[0]).toMatchObject({
      LastScannedDate: '2025-02-14T13:27:03.000Z',
      LastScannedDateEpochTime: 1739539623,
    });
  });
});

describe('Prowler JSON-OCSF: the findings of one check', () => {
  it('share its metadata only when they state it alike: the most severe counts, and each description is read', () => {
    const low = prowlerFinding({ severity: 'Low', resource: 'r1' });
    const high = prowlerFinding({ severity: 'Critical', resource: 'r2' });
    const reworded = prowlerFinding({ severity: 'Low', resource: 'r3' });
    (reworded['finding_info'] as Record<string, unknown>)['desc'] = 'Another description';
    const { reports } = read([low, high, reworded]);
    const [policy] = reports[0]?.ResourceCategories[0]?.Policies ?? [];
    expect(policy).toMatchObject({ PolicyId: 'iam_root_mfa_enabled', Severity: 'Critical', TotalResourceCount: 3 });
    expect(policy?.Description).toBe('What iam_root_mfa_enabled checks');
  });
});
