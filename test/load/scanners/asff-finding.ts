/** What a made-up ASFF finding differs in from the default one; `null` leaves a field out. */
export interface AsffFindingOptions {
  generatorId?: string;
  controlId?: string;
  securityControlId?: string;
  status?: string | null;
  workflow?: string | null;
  workflowState?: string;
  recordState?: string;
  label?: string | null;
  normalized?: number;
  resource?: string;
  type?: string;
  account?: string;
  updatedAt?: string;
  related?: string[];
  productName?: string;
}

/**
 * One finding as Security Hub's `get-findings` writes it, trimmed to the fields the
 * reader reads and a few it does not: made for cases, where a real output would hide
 * what a case changes.
 */
export function asffFinding(options: AsffFindingOptions = {}): Record<string, unknown> {
  const generatorId = options.generatorId ?? 'aws-foundational-security-best-practices/v/1.0.0/S3.8';
  return {
    SchemaVersion: '2018-10-08',
    Id: `arn:aws:securityhub:eu-west-1:111122223333:finding/${options.resource ?? 'bucket-a'}`,
    ProductArn: 'arn:aws:securityhub:eu-west-1::product/aws/securityhub',
    ProductName: options.productName ?? 'Security Hub',
    CompanyName: 'AWS',
    GeneratorId: generatorId,
    AwsAccountId: options.account ?? '111122223333',
    Types: ['Software and Configuration Checks/Industry and Regulatory Standards'],
    CreatedAt: '2025-03-01T10:00:00.000Z',
    UpdatedAt: options.updatedAt ?? '2025-03-02T10:00:00.000Z',
    Severity:
      options.label === null
        ? options.normalized === undefined
          ? {}
          : { Normalized: options.normalized }
        : { Label: options.label ?? 'HIGH' },
    Title: `Title of ${options.securityControlId ?? options.controlId ?? generatorId}`,
    Description: 'What the control checks',
    Remediation: { Recommendation: { Text: 'Fix it', Url: 'https://docs.example/fix' } },
    ProductFields: options.controlId === undefined ? {} : { ControlId: options.controlId },
    Resources: [{ Type: options.type ?? 'AwsS3Bucket', Id: `arn:aws:s3:::${options.resource ?? 'bucket-a'}` }],
    ...(options.status === null
      ? {}
      : {
          Compliance: {
            Status: options.status ?? 'FAILED',
            ...(options.securityControlId === undefined ? {} : { SecurityControlId: options.securityControlId }),
            ...(options.related === undefined ? {} : { RelatedRequirements: options.related }),
          },
        }),
    ...(options.workflow === null ? {} : { Workflow: { Status: options.workflow ?? 'NEW' } }),
    ...(options.workflowState === undefined ? {} : { WorkflowState: options.workflowState }),
    RecordState: options.recordState ?? 'ACTIVE',
  };
}
