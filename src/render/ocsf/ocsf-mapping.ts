import type { Policy } from '../../model/report.js';

/** An OCSF enum value: its id and the caption that goes in the sibling attribute. */
export interface OcsfEnumValue {
  id: number;
  caption: string;
}

/** OCSF's "Other": the id of a value the schema does not map, the source's value as the caption. */
const otherId = 99;

/**
 * `compliance.status_id` of each Compliance colour. OCSF 1.8 defines Fail as "failed for
 * at least one of the evaluated resources", which an Amber policy (some resources
 * passed, some failed) is, and Warning as "did not yield a result due to missing
 * information", which it is not: Amber is Fail, its details telling the partial failure.
 * Gray checked no resource: no result either way, so Unknown, never Fail (nor Warning,
 * which consumers such as Security Hub count as needing attention).
 */
const complianceStatuses: ReadonlyMap<string, OcsfEnumValue> = new Map([
  ['Green', { id: 1, caption: 'Pass' }],
  ['Red', { id: 3, caption: 'Fail' }],
  ['Amber', { id: 3, caption: 'Fail' }],
  ['Gray', { id: 0, caption: 'Unknown' }],
]);

/** The `compliance.status_id` and `status` of a Compliance colour; a colour not known is Other with its own value. */
export function ocsfComplianceStatus(colour: string): OcsfEnumValue {
  return complianceStatuses.get(colour) ?? { id: otherId, caption: colour };
}

/**
 * The finding's own `status_id` (its workflow): a failing policy is New, to be reviewed;
 * a passing one Resolved, as AWS Security Hub sets passed control findings; one with no
 * result (Gray, or a colour not known) Unknown.
 */
const findingStatuses: ReadonlyMap<string, OcsfEnumValue> = new Map([
  ['Green', { id: 4, caption: 'Resolved' }],
  ['Red', { id: 1, caption: 'New' }],
  ['Amber', { id: 1, caption: 'New' }],
]);

/** The finding `status_id` and `status` of a Compliance colour. */
export function ocsfFindingStatus(colour: string): OcsfEnumValue {
  return findingStatuses.get(colour) ?? { id: 0, caption: 'Unknown' };
}

/**
 * `severity_id` of each Severity, keyed lowercase. VeryLow is Low, not Informational:
 * OCSF's Informational is "no action required", and a failing VeryLow policy still asks
 * for a decision ("the user decides if action is needed" is Low). The report's own word
 * stays in `unmapped.severity`.
 */
const severities: ReadonlyMap<string, OcsfEnumValue> = new Map([
  ['critical', { id: 5, caption: 'Critical' }],
  ['high', { id: 4, caption: 'High' }],
  ['moderate', { id: 3, caption: 'Medium' }],
  ['low', { id: 2, caption: 'Low' }],
  ['verylow', { id: 2, caption: 'Low' }],
]);

/**
 * The `severity_id` and `severity` of a Severity, compared without case and surrounding
 * spaces as loading reads them; a value not known is Other with the value itself, which
 * is what OCSF's Other means ("see the severity attribute").
 */
export function ocsfSeverity(severity: string): OcsfEnumValue {
  return severities.get(severity.trim().toLowerCase()) ?? { id: otherId, caption: severity.trim() };
}

/** How OCSF names a connector's provider and its kind of account. */
export interface OcsfProvider {
  provider: string;
  accountType: OcsfEnumValue;
}

/**
 * Each ConnectorType as OCSF spells the provider (its examples: AWS, Azure, GCP) with the
 * `account.type_id` of its account. Office 365 is Microsoft's: its account is an M365
 * tenant, an account type OCSF has. A scanner's GCP account is a project (its id is the
 * account's), an OCI one a compartment (the tenancy is the root compartment).
 */
const providers: ReadonlyMap<string, OcsfProvider> = new Map([
  ['aws', { provider: 'AWS', accountType: { id: 10, caption: 'AWS Account' } }],
  ['azure', { provider: 'Azure', accountType: { id: 13, caption: 'Azure Subscription' } }],
  ['office365', { provider: 'Microsoft 365', accountType: { id: 17, caption: 'M365 Tenant' } }],
  ['gcp', { provider: 'GCP', accountType: { id: 11, caption: 'GCP Project' } }],
  ['oci', { provider: 'OCI', accountType: { id: 12, caption: 'OCI Compartment' } }],
]);

/** The provider and account type of a ConnectorType; one not known keeps its name, its account type Unknown. */
export function ocsfProvider(connectorType: string): OcsfProvider {
  return (
    providers.get(connectorType.trim().toLowerCase()) ?? {
      provider: connectorType,
      accountType: { id: 0, caption: 'Unknown' },
    }
  );
}

/**
 * What the result of a policy was, in words (`compliance.status_details[0]`): digits and words of the tool, and an
 * unknown colour quoted.
 */
export function ocsfResultDetail(
  policy: Pick<Policy, 'Compliance' | 'PassedResourceCount' | 'TotalResourceCount'>,
): string {
  const passed = policy.PassedResourceCount;
  const total = policy.TotalResourceCount;
  switch (policy.Compliance) {
    case 'Green':
      return `${passed} of ${total} resources passed`;
    case 'Red':
      return `${total - passed} of ${total} resources failed`;
    case 'Amber':
      return `${passed} of ${total} resources passed: ${total - passed} failed (partial failure, Amber)`;
    case 'Gray':
      return 'Gray: the scan checked no resource of this policy (not applicable)';
    default:
      return `Compliance ${JSON.stringify(policy.Compliance)} is not a colour the service is known to return`;
  }
}
