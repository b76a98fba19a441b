/**
 * A rule's `name` (SARIF §3.49.7): its id in PascalCase, `category-total` as
 * `CategoryTotal`, `gate/failing-policies` as `GateFailingPolicies`, which SARIF viewers
 * show as a readable name. SARIF asks that a name not repeat the id (sarif-multitool's
 * SARIF1001), so an id that reads the same either way (letter case aside), or has no letter or digit, gets
 * no name at all.
 */
export function ruleName(id: string): { name?: string } {
  const name = id
    .split(/[^\p{L}\p{N}]+/u)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  // sarif-multitool compares the two without regard to case: `schema` and `Schema` are one.
  return name === '' || name.toLowerCase() === id.toLowerCase() ? {} : { name };
}
