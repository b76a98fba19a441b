/**
 * The providers other scanners name, by the name they use, with the ConnectorType the
 * reports built from their results carry. The service knows AWS, Azure and Office365;
 * every other provider is named as its scanner names it, so that no account is folded
 * into another kind. A provider missing here keeps its own name (see connectorOf).
 */
export const scannerProviders = {
  aws: 'AWS',
  azure: 'Azure',
  m365: 'Office365',
  microsoft365: 'Office365',
  gcp: 'GCP',
  kubernetes: 'Kubernetes',
  github: 'GitHub',
  oci: 'OCI',
  oraclecloud: 'OCI',
  alibabacloud: 'AlibabaCloud',
  mongodbatlas: 'MongoDBAtlas',
  iac: 'IaC',
  nhn: 'NHN',
  // The operating systems InSpec names as an HDF's platform: one host scanned.
  redhat: 'Host',
  centos: 'Host',
  rocky: 'Host',
  almalinux: 'Host',
  oracle: 'Host',
  fedora: 'Host',
  amazon: 'Host',
  ubuntu: 'Host',
  debian: 'Host',
  suse: 'Host',
  alpine: 'Host',
  windows: 'Host',
  mac_os_x: 'Host',
  // What a converter writes when it knows no platform, and what a reader says when none is stated.
  unknown: 'Other',
} as const satisfies Record<string, string>;

/** The ConnectorType of a scanner's provider name: its known spelling, else the name as given. */
export function connectorOf(provider: string): string {
  const known = (scannerProviders as Record<string, string>)[provider.trim().toLowerCase()];
  return known ?? provider.trim();
}
