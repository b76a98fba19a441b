import type { ScanResult } from '../../model/scan-result.js';

/** Where a result is counted: the policy of a report (and the framework of that report). */
export interface PolicyKey {
  /** The framework of the report, or undefined for the report of every check. */
  framework: string | undefined;
  category: string;
  id: string;
  /** The ComplianceNumber: the check's id, or the framework's requirement id. */
  number: string;
  title: string;
}

/**
 * The policies a result counts toward. Without a framework, one: its check, in the
 * category of its service. With one (or `all`), one per requirement of each framework
 * named, in the section the requirement's id belongs to (see sectionOf); a result whose
 * check answers no requirement of the framework counts toward none. `seen` collects the
 * frameworks the results name, for the message when the one asked for is not among them.
 */
export function policyKeysOf(result: ScanResult, framework: string | undefined, seen: Set<string>): PolicyKey[] {
  const { check } = result;
  if (framework === undefined)
    return [{ framework: undefined, category: check.service, id: check.id, number: check.id, title: check.title }];
  const keys: PolicyKey[] = [];
  for (const [name, requirements] of Object.entries(check.requirements ?? {})) {
    seen.add(name);
    if (framework !== 'all' && name.toLowerCase() !== framework) continue;
    for (const requirement of requirements) {
      keys.push({
        framework: name,
        category: sectionOf(requirement),
        id: requirement,
        number: requirement,
        title: `${requirement} ${check.title}`,
      });
    }
  }
  return keys;
}

/**
 * The section of a requirement id, the category of a framework's report: `Section 1`
 * for `1.20` or `1`, the leading word for `SEC03-BP03` or `op.ext.7` (SEC03, op), else
 * the id itself. The findings name requirements, not the framework's sections, so the
 * section is read off the id.
 */
export function sectionOf(requirement: string): string {
  const numbered = /^(\d+)(?:\.|$)/.exec(requirement);
  if (numbered !== null) return `Section ${numbered[1]}`;
  const worded = /^([A-Za-z][A-Za-z0-9]*)[-._]/.exec(requirement);
  return worded === null ? requirement : worded[1]!;
}
