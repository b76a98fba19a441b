import { describe, expect, it } from 'vitest';
import type { LoadedDocument } from '../../../src/model/document.js';
import type { BenchmarkReport, Policy } from '../../../src/model/report.js';
import { readDocument } from '../../../src/load/read-document.js';
import { asffFinding } from './asff-finding.js';

function read(value: unknown, framework?: string): LoadedDocument {
  return readDocument('findings.json', value, framework === undefined ? {} : { framework });
}

function reportsOf(document: LoadedDocument): BenchmarkReport[] {
  return document.candidates as BenchmarkReport[];
}

function policiesOf(document: LoadedDocument): Policy[] {
  return reportsOf(document).flatMap((report) => report.ResourceCategories.flatMap((category) => category.Policies));
}

function findingsOf(document: LoadedDocument, rule: string): { pointer: string; message: string; severity: string }[] {
  return document.findings.filter((finding) => finding.rule === rule);
}

describe('the ASFF reader', () => {
  it('reads the three shapes alike: get-findings, a bare array, JSON lines', () => {
    const findings = [
      asffFinding({ securityControlId: 'S3.8', status: 'FAILED' }),
      asffFinding({ securityControlId: 'S3.8', status: 'PASSED', resource: 'bucket-b' }),
    ];
    const wrapped = read({ Findings: findings });
    const bare = read(findings);
    expect(wrapped.builtFrom).toBe('asff');
    expect(bare.builtFrom).toBe('asff');
    expect(policiesOf(bare)).toEqual(policiesOf(wrapped));
    expect(policiesOf(wrapped)).toMatchObject([
      { PolicyId: 'S3.8', Compliance: 'Red', PassedResourceCount: 1, TotalResourceCount: 2 },
    ]);
    // The findings' pointers follow the shape: under /Findings in get-findings' output.
    const unknown = read({ Findings: [asffFinding({ status: 'MAYBE' })] });
    expect(findingsOf(unknown, 'scanner-value')[0]?.pointer).toBe('/Findings/0/Compliance/Status');
    expect(findingsOf(read([asffFinding({ status: 'MAYBE' })]), 'scanner-value')[0]?.pointer).toBe(
      '/0/Compliance/Status',
    );
  });

  it('takes the policy id from SecurityControlId, else ProductFields.ControlId, else GeneratorId', () => {
    const document = read([
      asffFinding({ securityControlId: 'IAM.6', controlId: 'CIS.1.14', generatorId: 'g1' }),
      asffFinding({ controlId: 'CIS.1.14', generatorId: 'g2' }),
      asffFinding({ generatorId: 'g3' }),
    ]);
    expect(policiesOf(document).map((policy) => policy.PolicyId)).toEqual(['IAM.6', 'CIS.1.14', 'g3']);
  });

  it('maps Compliance.Status: PASSED passes, FAILED and WARNING fail, NOT_AVAILABLE is not evaluated', () => {
    const document = read([
      asffFinding({ securityControlId: 'A', status: 'PASSED' }),
      asffFinding({ securityControlId: 'B', status: 'WARNING' }),
      asffFinding({ securityControlId: 'C', status: 'NOT_AVAILABLE' }),
      asffFinding({ securityControlId: 'D', status: 'FAILED' }),
    ]);
    expect(policiesOf(document).map((policy) => [policy.PolicyId, policy.Compliance])).toEqual([
      ['A', 'Green'],
      ['B', 'Red'],
      ['C', 'Gray'],
      ['D', 'Red'],
    ]);
    expect(document.findings).toEqual([]);
  });

  it('reads an unknown Compliance.Status as failing, and says so at its pointer', () => {
    const document = read([asffFinding({ status: 'COMPLIANT' })]);
    expect(policiesOf(document)[0]).toMatchObject({ Compliance: 'Red', PassedResourceCount: 0 });
    expect(findingsOf(document, 'scanner-value')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        pointer: '/0/Compliance/Status',
        message: expect.stringContaining(
          '"COMPLIANT" is none of PASSED, FAILED, WARNING, NOT_AVAILABLE; read as FAILED',
        ),
      }),
    ]);
  });

  it('reads a finding with no Compliance (a detection) as failing, in one note for the document', () => {
    const document = read([
      asffFinding({ generatorId: 'GuardDuty', status: null, resource: 'i-1' }),
      asffFinding({ generatorId: 'GuardDuty', status: null, resource: 'i-2' }),
    ]);
    expect(policiesOf(document)[0]).toMatchObject({ Compliance: 'Red', PassedResourceCount: 0, TotalResourceCount: 2 });
    const notes = findingsOf(document, 'scanner-value');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ severity: 'warning', pointer: '/0' });
    expect(notes[0]?.message).toContain('2 findings have no Compliance.Status');
  });

  it('mutes a SUPPRESSED finding (and a legacy DEFERRED one): never passing, and named', () => {
    const document = read([
      asffFinding({ securityControlId: 'S3.1', status: 'PASSED', workflow: 'SUPPRESSED' }),
      asffFinding({ securityControlId: 'S3.2', status: 'PASSED', workflow: null, workflowState: 'DEFERRED' }),
      asffFinding({ securityControlId: 'S3.3', status: 'PASSED', workflow: null, workflowState: 'NEW' }),
    ]);
    expect(
      policiesOf(document).map((policy) => [policy.PolicyId, policy.Compliance, policy.MutedResourceCount]),
    ).toEqual([
      ['S3.1', 'Red', 1],
      ['S3.2', 'Red', 1],
      ['S3.3', 'Green', undefined],
    ]);
    expect(findingsOf(document, 'muted-result').map((finding) => finding.pointer)).toEqual(['/0', '/1']);
  });

  it('reads an unknown Workflow.Status as suppressed (fail closed), and says so', () => {
    const document = read([asffFinding({ status: 'PASSED', workflow: 'IGNORED' })]);
    expect(policiesOf(document)[0]).toMatchObject({ Compliance: 'Red', MutedResourceCount: 1 });
    expect(findingsOf(document, 'scanner-value')).toEqual([
      expect.objectContaining({ pointer: '/0/Workflow/Status', message: expect.stringContaining('"IGNORED"') }),
    ]);
  });

  it('leaves ARCHIVED findings out, counted in one note per document', () => {
    const document = read({
      Findings: [
        asffFinding({ status: 'FAILED', recordState: 'ARCHIVED', resource: 'old-1' }),
        asffFinding({ status: 'PASSED', resource: 'now' }),
        asffFinding({ status: 'FAILED', recordState: 'ARCHIVED', resource: 'old-2' }),
      ],
    });
    expect(policiesOf(document)[0]).toMatchObject({
      Compliance: 'Green',
      PassedResourceCount: 1,
      TotalResourceCount: 1,
    });
    const notes = findingsOf(document, 'scanner-value');
    expect(notes).toEqual([
      expect.objectContaining({
        severity: 'warning',
        pointer: '/Findings/0',
        message: expect.stringContaining('2 findings are ARCHIVED in Security Hub'),
      }),
    ]);
  });

  it('takes the severity from Severity.Label, else the band of Severity.Normalized', () => {
    const document = read([
      asffFinding({ securityControlId: 'A', label: 'CRITICAL' }),
      asffFinding({ securityControlId: 'B', label: 'MEDIUM' }),
      asffFinding({ securityControlId: 'C', label: 'INFORMATIONAL' }),
      asffFinding({ securityControlId: 'D', label: null, normalized: 75 }),
      asffFinding({ securityControlId: 'E', label: null, normalized: 39 }),
      asffFinding({ securityControlId: 'F', label: null, normalized: 0 }),
      asffFinding({ securityControlId: 'G', label: null }),
    ]);
    expect(policiesOf(document).map((policy) => policy.Severity)).toEqual([
      'Critical',
      'Moderate',
      'VeryLow',
      'High',
      'Low',
      'VeryLow',
      'unstated',
    ]);
  });

  it('makes one report per account, AWS, with categories by resource type and the time of UpdatedAt', () => {
    const document = read([
      asffFinding({ securityControlId: 'S3.1', account: '111111111111', updatedAt: '2025-03-02T10:00:00Z' }),
      asffFinding({ securityControlId: 'IAM.1', type: 'AwsIamUser', account: '111111111111' }),
      asffFinding({ securityControlId: 'S3.1', account: '222222222222', updatedAt: '2025-03-04T08:00:00Z' }),
    ]);
    const reports = reportsOf(document);
    expect(reports.map((report) => [report.AccountId, report.ConnectorType, report.AWSAccountId])).toEqual([
      ['111111111111', 'AWS', '111111111111'],
      ['222222222222', 'AWS', '222222222222'],
    ]);
    expect(reports[0]?.ResourceCategories.map((category) => category.CategoryName)).toEqual([
      'AwsS3Bucket',
      'AwsIamUser',
    ]);
    expect(reports[1]?.LastScannedDate).toBe('2025-03-04T08:00:00.000Z');
    expect(reports[0]?.Scanner).toMatchObject({ format: 'asff', tool: 'Security Hub', provider: 'aws' });
  });

  it('names the tool that wrote the findings: Prowler from its ProductFields, Security Hub for a mix', () => {
    const prowler = asffFinding();
    delete prowler['ProductName'];
    prowler['ProductFields'] = { ProviderName: 'Prowler', ProviderVersion: '3.11.3' };
    expect(reportsOf(read([prowler]))[0]?.Scanner).toMatchObject({ tool: 'Prowler', version: '3.11.3' });
    const mixed = [asffFinding({ productName: 'Inspector' }), asffFinding({ productName: 'GuardDuty' })];
    expect(reportsOf(read(mixed))[0]?.Scanner).toMatchObject({ tool: 'Security Hub' });
  });

  it('gives a report per framework of Compliance.RelatedRequirements with --framework all', () => {
    const document = read(
      [
        asffFinding({
          securityControlId: 'IAM.4',
          related: ['CIS AWS Foundations Benchmark v1.2.0/1.12', 'NIST.800-53.r5 AC-2(1)', 'NIST.800-53.r5 AC-3(15)'],
        }),
        asffFinding({
          securityControlId: 'IAM.6',
          status: 'PASSED',
          related: ['CIS AWS Foundations Benchmark v1.2.0/1.14'],
        }),
      ],
      'all',
    );
    const reports = reportsOf(document);
    expect(reports.map((report) => report.BenchmarkName)).toEqual([
      'CIS AWS Foundations Benchmark v1.2.0',
      'NIST.800-53.r5',
    ]);
    expect(
      reports[0]?.ResourceCategories.flatMap((category) =>
        category.Policies.map((policy) => [category.CategoryName, policy.ComplianceNumber, policy.Compliance]),
      ),
    ).toEqual([
      ['Section 1', '1.12', 'Red'],
      ['Section 1', '1.14', 'Green'],
    ]);
    expect(reports[1]?.ResourceCategories.map((category) => category.CategoryName)).toEqual(['AC']);
    expect(document.findings).toEqual([]);
    // One framework by name, whatever its case.
    expect(reportsOf(read(document.value, 'nist.800-53.r5')).map((report) => report.BenchmarkName)).toEqual([
      'NIST.800-53.r5',
    ]);
  });

  it("reads Prowler's RelatedRequirements: a framework of AssociatedStandards and its ids, a cut last id left out", () => {
    const ens = 'ENS-RD2022 op.acc.6.aws.iam.1 op.acc.6.aws.iam.2 op.acc.6.aws.iam.3 op.exp.8.aws.ct.1';
    // Prowler cuts an entry longer than 64 characters to its first 63.
    const cut = ens.slice(0, 63);
    expect(cut.endsWith('op.acc.6.aws.i')).toBe(true);
    const finding = asffFinding({ generatorId: 'prowler-iam_root_mfa_enabled' });
    finding['Compliance'] = {
      Status: 'FAILED',
      AssociatedStandards: [
        { StandardsId: 'CIS-2.0' },
        { StandardsId: 'ENS-RD2022' },
        { StandardsId: 'AWS-Foundational-Security-Best-Practices' },
      ],
      RelatedRequirements: ['CIS-2.0 1.5 1.6', cut, 'AWS-Foundational-Security-Best-Practices iam'],
    };
    const document = read([finding], 'all');
    expect(
      reportsOf(document).map((report) => [
        report.BenchmarkName,
        report.ResourceCategories.flatMap((category) => category.Policies.map((policy) => policy.ComplianceNumber)),
      ]),
    ).toEqual([
      ['CIS-2.0', ['1.5', '1.6']],
      ['ENS-RD2022', ['op.acc.6.aws.iam.1', 'op.acc.6.aws.iam.2']],
      ['AWS-Foundational-Security-Best-Practices', ['iam']],
    ]);
    expect(findingsOf(document, 'scanner-value')).toEqual([
      expect.objectContaining({ message: expect.stringContaining('cut at 63 characters by Prowler') }),
    ]);
  });

  it('says which RelatedRequirements name no framework when reports per framework are asked', () => {
    const document = read(
      [asffFinding({ related: ['Software and Configuration Checks', 'CIS AWS Foundations Benchmark v1.4.0/2.1.1'] })],
      'all',
    );
    expect(reportsOf(document).map((report) => report.BenchmarkName)).toEqual(['CIS AWS Foundations Benchmark v1.4.0']);
    expect(findingsOf(document, 'scanner-value')).toEqual([
      expect.objectContaining({ message: expect.stringContaining('"Software and Configuration Checks"') }),
    ]);
  });

  it('names an item that is no ASFF finding, and refuses a get-findings output with no findings', () => {
    const mixed = read({ Findings: [asffFinding(), { Id: 'x' }] });
    expect(findingsOf(mixed, 'scanner-value')).toEqual([
      expect.objectContaining({
        severity: 'error',
        pointer: '/Findings/1',
        message: expect.stringContaining('no ASFF finding'),
      }),
    ]);
    const empty = read({ Findings: [] });
    expect(empty.builtFrom).toBe('asff');
    expect(empty.candidates).toEqual([]);
    expect(findingsOf(empty, 'scanner-value')).toEqual([
      expect.objectContaining({ severity: 'error', message: expect.stringContaining('nothing was scanned') }),
    ]);
  });

  it('read with --from asff, refuses a document of another shape in a finding, never a throw', () => {
    for (const value of [{ result: [] }, null, 'text']) {
      const document = readDocument('other.json', value, { from: 'asff' });
      expect(document.candidates).toEqual([]);
      expect(findingsOf(document, 'scanner-value')[0]).toMatchObject({
        severity: 'error',
        pointer: '',
        message: expect.stringContaining('no ASFF'),
      });
    }
  });

  it('does not take what is not ASFF', () => {
    expect(read({ Findings: [{ Id: 'x' }] }).builtFrom).toBeUndefined();
    expect(read([{ SchemaVersion: '2018-10-08' }]).builtFrom).toBeUndefined();
  });
});
