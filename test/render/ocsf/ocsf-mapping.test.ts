import { describe, expect, it } from 'vitest';
import {
  ocsfComplianceStatus,
  ocsfFindingStatus,
  ocsfProvider,
  ocsfSeverity,
} from '../../../src/render/ocsf/ocsf-mapping.js';
import { ocsfFindingUid } from '../../../src/render/ocsf/ocsf-event.js';

const fail = 3;

describe('OCSF mapping tables', () => {
  it.each([
    { colour: 'Green', status: { id: 1, caption: 'Pass' }, finding: { id: 4, caption: 'Resolved' } },
    { colour: 'Red', status: { id: 3, caption: 'Fail' }, finding: { id: 1, caption: 'New' } },
    { colour: 'Amber', status: { id: 3, caption: 'Fail' }, finding: { id: 1, caption: 'New' } },
    { colour: 'Gray', status: { id: 0, caption: 'Unknown' }, finding: { id: 0, caption: 'Unknown' } },
    { colour: 'Purple', status: { id: 99, caption: 'Purple' }, finding: { id: 0, caption: 'Unknown' } },
    { colour: 'gray', status: { id: 99, caption: 'gray' }, finding: { id: 0, caption: 'Unknown' } },
  ])(
    'maps Compliance $colour to compliance status $status.caption and finding status $finding.caption',
    ({ colour, status, finding }) => {
      expect(ocsfComplianceStatus(colour)).toEqual(status);
      expect(ocsfFindingStatus(colour)).toEqual(finding);
    },
  );

  it('never makes a Gray policy, nor a colour not known, a failure or a finding to review', () => {
    for (const colour of ['Gray', 'Purple', '', ' Red']) {
      expect(ocsfComplianceStatus(colour).id, colour).not.toBe(fail);
      expect(ocsfFindingStatus(colour).caption, colour).not.toBe('New');
    }
  });

  it.each([
    ['Critical', 5, 'Critical'],
    ['High', 4, 'High'],
    ['Moderate', 3, 'Medium'],
    ['Low', 2, 'Low'],
    ['VeryLow', 2, 'Low'],
    [' critical ', 5, 'Critical'],
    ['VERYLOW', 2, 'Low'],
    ['Severe', 99, 'Severe'],
    ['', 99, ''],
  ])('maps Severity %j to severity_id %i (%s)', (severity, id, caption) => {
    expect(ocsfSeverity(severity)).toEqual({ id, caption });
  });

  it.each([
    ['AWS', 'AWS', 10, 'AWS Account'],
    ['Azure', 'Azure', 13, 'Azure Subscription'],
    ['Office365', 'Microsoft 365', 17, 'M365 Tenant'],
    ['GCP', 'GCP', 11, 'GCP Project'],
    ['OCI', 'OCI', 12, 'OCI Compartment'],
    ['Kubernetes', 'Kubernetes', 0, 'Unknown'],
  ])('maps ConnectorType %s to provider %s, account type %i', (connector, provider, id, caption) => {
    expect(ocsfProvider(connector)).toEqual({ provider, accountType: { id, caption } });
  });

  it('gives a finding the same uid for the same account, benchmark and policy, and another for any other', () => {
    const policy = { PolicyId: 'VMBackupEnabled', ComplianceNumber: '1000.1' };
    const uid = ocsfFindingUid('4b8f0e62', 'CSBP', policy);
    expect(uid).toMatch(/^[0-9a-f]{32}$/);
    expect(ocsfFindingUid('4b8f0e62', 'CSBP', { ...policy })).toBe(uid);
    const others = [
      ocsfFindingUid('4b8f0e63', 'CSBP', policy),
      ocsfFindingUid('4b8f0e62', 'CSBP2', policy),
      ocsfFindingUid('4b8f0e62', 'CSBP', { ...policy, PolicyId: 'Other' }),
      ocsfFindingUid('4b8f0e62', 'CSBP', { ...policy, ComplianceNumber: '1000.2' }),
    ];
    expect(new Set([uid, ...others]).size).toBe(5);
    // No text of the report can join two fields into another's: the digest is of their JSON.
    expect(ocsfFindingUid('a/b', 'c', policy)).not.toBe(ocsfFindingUid('a', 'b/c', policy));
  });
});
