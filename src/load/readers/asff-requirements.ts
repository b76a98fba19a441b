/**
 * The framework and requirement one entry of ASFF's `Compliance.RelatedRequirements`
 * names: `CIS AWS Foundations Benchmark v1.2.0/1.1` (Security Hub's standards), or
 * `NIST.800-53.r5 AC-21` (its consolidated controls). Undefined for an entry in neither
 * form (Prowler 2 writes finding types there, `Software and Configuration Checks`), which
 * names no framework.
 */
export function requirementOf(entry: string): { framework: string; requirement: string } | undefined {
  const slash = entry.lastIndexOf('/');
  if (slash > 0 && slash < entry.length - 1)
    return { framework: entry.slice(0, slash).trim(), requirement: entry.slice(slash + 1).trim() };
  // A framework's name with no space but a dot (NIST.800-53.r5), then the requirement.
  const spaced = /^(\S*\.\S*)\s+(\S.*)$/.exec(entry.trim());
  return spaced === null ? undefined : { framework: spaced[1]!, requirement: spaced[2]! };
}

/** The requirements by framework of `Compliance.RelatedRequirements`, each once. */
export function requirementsOf(related: unknown): Record<string, string[]> {
  const requirements: Record<string, string[]> = {};
  if (!Array.isArray(related)) return requirements;
  for (const entry of related) {
    const named = typeof entry === 'string' ? requirementOf(entry) : undefined;
    if (named === undefined) continue;
    const ids = (requirements[named.framework] ??= []);
    if (!ids.includes(named.requirement)) ids.push(named.requirement);
  }
  return requirements;
}

/** The entries of `Compliance.RelatedRequirements` that name no framework (see requirementOf). */
export function unframedOf(related: unknown): string[] {
  if (!Array.isArray(related)) return [];
  return related.filter((entry): entry is string => typeof entry === 'string' && requirementOf(entry) === undefined);
}

/**
 * The names Security Hub's standards go by in `RelatedRequirements`, by the name in their
 * ARNs, so that a finding named by either lands in one framework's report.
 */
const standardNames: Readonly<Record<string, string>> = {
  'cis-aws-foundations-benchmark': 'CIS AWS Foundations Benchmark',
  'aws-foundational-security-best-practices': 'AWS Foundational Security Best Practices',
  'pci-dss': 'PCI DSS',
  'nist-800-53': 'NIST SP 800-53',
  'aws-resource-tagging-standard': 'AWS Resource Tagging Standard',
};

/**
 * The requirement of a Security Hub standard a finding is of, read off its
 * `ProductFields.StandardsControlArn` (`…:control/cis-aws-foundations-benchmark/v/1.2.0/1.1`
 * → CIS AWS Foundations Benchmark v1.2.0, 1.1): the findings of the first standards name
 * no `RelatedRequirements`, and their standard is named only there.
 */
export function standardRequirementOf(controlArn: unknown): Record<string, string[]> {
  if (typeof controlArn !== 'string') return {};
  const named = /:control\/([^/]+)\/v\/([^/]+)\/(.+)$/.exec(controlArn);
  if (named === null) return {};
  const [, slug, version, requirement] = named as unknown as [string, string, string, string];
  return { [`${standardNames[slug] ?? slug} v${version}`]: [requirement] };
}
