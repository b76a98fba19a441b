/**
 * Findings in the shapes older Prowler versions wrote, as their own tests expect them
 * (prowler-cloud/prowler, tests/lib/outputs/ocsf/ocsf_test.py at 4.3.0 and
 * prowler/lib/outputs/json_ocsf/json_ocsf.py at 4.0.0): no real output of those versions
 * is published.
 */

/**
 * Prowler 4.3 and 4.4: `metadata.event_code` and `unmapped.compliance` are there, the
 * time is `event_time`, an ISO date and time with no offset, and there is no `time`.
 */
export function prowler43Finding(check: string, status: string, account = '123456789012'): Record<string, unknown> {
  return {
    metadata: {
      event_code: check,
      product: { name: 'Prowler', vendor_name: 'Prowler', version: '4.3.0' },
      version: '1.2.0',
    },
    severity_id: 2,
    severity: 'Low',
    status: status === 'FAIL' ? 'New' : 'Other',
    status_code: status,
    status_detail: 'status extended',
    status_id: status === 'FAIL' ? 1 : 99,
    unmapped: { check_type: 'test-type', compliance: { 'CIS-2.0': ['2.1'] } },
    activity_name: 'Create',
    activity_id: 1,
    finding_info: {
      created_time: '2024-07-29T16:40:00.123456',
      desc: 'check description',
      product_uid: 'prowler',
      title: `Title of ${check}`,
      uid: `prowler-aws-${check}-${account}-eu-west-1-resource_name`,
    },
    resources: [
      {
        cloud_partition: 'aws',
        region: 'eu-west-1',
        data: { details: 'resource_details' },
        group: { name: 's3' },
        labels: [],
        name: 'resource_name',
        type: 'test-resource',
        uid: `resource-of-${check}`,
      },
    ],
    category_name: 'Findings',
    category_uid: 2,
    class_name: 'DetectionFinding',
    class_uid: 2004,
    cloud: {
      account: { name: account, type: 'AWS_Account', type_id: 10, uid: account, labels: [] },
      org: { name: 'test-organization', uid: 'test-organization-id' },
      provider: 'aws',
      region: 'eu-west-1',
    },
    event_time: '2024-07-29T16:40:00.123456',
    remediation: { desc: '', references: [] },
    risk_details: 'test-risk',
    type_uid: 200401,
    type_name: 'Create',
  };
}

/**
 * Prowler 4.0 to 4.2: no `metadata.event_code` (the check is named in the uid) and no
 * `unmapped`; a Kubernetes finding has a `container` where others have a `cloud`.
 */
export function prowler40Finding(check: string, status: string, provider = 'aws'): Record<string, unknown> {
  const finding = prowler43Finding(check, status);
  delete finding['unmapped'];
  finding['metadata'] = { product: { name: 'Prowler', vendor_name: 'Prowler', version: '4.0.0' } };
  finding['finding_info'] = {
    created_time: '2024-04-01T10:00:00',
    desc: 'check description',
    product_uid: 'prowler',
    title: `Title of ${check}`,
    uid: `prowler-${provider}-${check}-123456789012-eu-west-1-resource_name`,
  };
  finding['event_time'] = '2024-04-01T10:00:00';
  if (provider === 'kubernetes') {
    delete finding['cloud'];
    finding['container'] = [{ name: 'pod', uid: 'pod-uid' }];
  }
  return finding;
}
