/** What a made-up Prowler finding differs in from the default one. */
export interface ProwlerFindingOptions {
  check?: string;
  status?: string;
  statusId?: number;
  severity?: string;
  service?: string;
  resource?: string;
  account?: string;
  accountName?: string;
  provider?: string;
  time?: number;
  compliance?: Record<string, string[]>;
}

/**
 * One finding as Prowler 5's JSON-OCSF output writes it (a Detection Finding, class_uid
 * 2004), trimmed to the fields the reader reads and a few it does not: made for tables
 * of cases, where a real output's fixture would hide what a case changes.
 */
export function prowlerFinding(options: ProwlerFindingOptions = {}): Record<string, unknown> {
  const check = options.check ?? 'iam_root_mfa_enabled';
  const time = options.time ?? 1739539623;
  return {
    message: `${check} result`,
    metadata: {
      event_code: check,
      product: { name: 'Prowler', uid: 'prowler', vendor_name: 'Prowler', version: '5.4.0' },
      profiles: ['cloud', 'datetime'],
      version: '1.4.0',
    },
    severity_id: 4,
    severity: options.severity ?? 'High',
    status: 'New',
    status_code: options.status ?? 'FAIL',
    status_id: options.statusId ?? 1,
    unmapped: { compliance: options.compliance ?? { 'CIS-2.0': ['1.5'] } },
    finding_info: {
      title: `Title of ${check}`,
      desc: `What ${check} checks`,
      uid: `${check}-${options.resource ?? 'r1'}`,
    },
    resources: [
      { group: { name: options.service ?? 'iam' }, uid: options.resource ?? 'arn:aws:iam::123456789012:root' },
    ],
    class_name: 'Detection Finding',
    class_uid: 2004,
    cloud: {
      account: { uid: options.account ?? '123456789012', name: options.accountName ?? 'prod', type_id: 10 },
      provider: options.provider ?? 'aws',
    },
    remediation: { desc: `Fix ${check}`, references: [`https://docs.example.org/${check}`] },
    time,
    type_uid: 200401,
  };
}
