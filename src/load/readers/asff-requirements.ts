/** The requirements by framework an ASFF finding's compliance names, and what could not be read. */
export interface RelatedRequirements {
  requirements: Record<string, string[]>;
  /** Entries that name no framework (Prowler 2 writes finding types there). */
  unframed: string[];
  /** Entries Prowler cut at 63 characters, whose last id, cut, was left out. */
  truncated: string[];
}

/**
 * Prowler cuts an entry longer than 64 characters to its first 63, maybe in the middle of
 * an id: an entry of exactly 63 may end in a cut id.
 */
const prowlerCut = 63;

/**
 * The requirements by framework of `Compliance.RelatedRequirements`, each once. An entry
 * is read as Prowler writes it (`CIS-2.0 1.20 1.21`: a framework of
 * `AssociatedStandards`, then its ids), as Security Hub's standards do
 * (`CIS AWS Foundations Benchmark v1.2.0/1.1`), or as its consolidated controls do
 * (`NIST.800-53.r5 AC-21`: a name with a dot, then the id); any other names no framework.
 */
export function relatedRequirementsOf(compliance: Record<string, unknown>): RelatedRequirements {
  const read: RelatedRequirements = { requirements: {}, unframed: [], truncated: [] };
  const related = compliance['RelatedRequirements'];
  if (!Array.isArray(related)) return read;
  const standards = standardIdsOf(compliance['AssociatedStandards']);
  for (const entry of related) {
    if (typeof entry !== 'string') continue;
    const standard = standards.find((id) => entry.startsWith(`${id} `));
    let named: { framework: string; ids: string[] } | undefined;
    if (standard !== undefined) {
      const ids = entry
        .slice(standard.length + 1)
        .trim()
        .split(/\s+/);
      if (entry.length === prowlerCut && ids.length > 1) {
        ids.pop();
        read.truncated.push(entry);
      }
      named = { framework: standard, ids };
    } else named = namedOf(entry);
    if (named === undefined) {
      read.unframed.push(entry);
      continue;
    }
    const ids = (read.requirements[named.framework] ??= []);
    for (const id of named.ids) if (id !== '' && !ids.includes(id)) ids.push(id);
  }
  return read;
}

function standardIdsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((standard) => {
    const id =
      typeof standard === 'object' && standard !== null
        ? (standard as Record<string, unknown>)['StandardsId']
        : undefined;
    return typeof id === 'string' && id !== '' ? [id] : [];
  });
}

/** An entry of Security Hub's: `Framework/requirement`, or `NIST.800-53.r5 AC-21`. */
function namedOf(entry: string): { framework: string; ids: string[] } | undefined {
  const slash = entry.lastIndexOf('/');
  if (slash > 0 && slash < entry.length - 1)
    return { framework: entry.slice(0, slash).trim(), ids: [entry.slice(slash + 1).trim()] };
  const spaced = /^(\S*\.\S*)\s+(\S.*)$/.exec(entry.trim());
  return spaced === null ? undefined : { framework: spaced[1]!, ids: spaced[2]!.split(/\s+/) };
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
