import type { Policy } from '../../model/report.js';
import type { PolicyTrend } from '../../model/trend.js';
import { classifyChange, isWorse } from '../diff/classify-change.js';
import { severityRank } from '../../model/observed-values.js';

/** Colours as one byte each; 0 is "not in this scan". */
const codes: Readonly<Record<string, number>> = { Green: 1, Amber: 2, Red: 3, Gray: 4 };
const names = ['', 'Green', 'Amber', 'Red', 'Gray', 'other'];
const otherCode = 5;
const redCode = 3;

interface PolicyInfo {
  policyId: string;
  complianceNumber: string;
  shortTitle: string;
  severity: string;
  category: string;
}

/** The key a policy is followed by: its PolicyId, else its ComplianceNumber and ShortTitle (as diff pairs them). */
export function policyKey(policy: Policy): string {
  return policy.PolicyId !== ''
    ? `id\u0000${policy.PolicyId}`
    : `nt\u0000${policy.ComplianceNumber}\u0000${policy.ShortTitle}`;
}

/**
 * The colour of every policy in every scan, one byte per policy per scan, so that the
 * scans can be read in any order and put in order afterwards while no scan stays in
 * memory: 365 scans of 130 policies take 47 KB.
 */
export class PolicyHistory {
  readonly #index = new Map<string, number>();
  readonly #info: PolicyInfo[] = [];

  /** Records one scan's policies; returns its colours, indexed by policy. */
  record(categories: readonly { CategoryName: string; Policies: readonly Policy[] }[]): Uint8Array {
    const seen: [number, number][] = [];
    for (const category of categories) {
      for (const policy of category.Policies) {
        const key = policyKey(policy);
        let at = this.#index.get(key);
        if (at === undefined) {
          at = this.#info.length;
          this.#index.set(key, at);
          this.#info.push({
            policyId: policy.PolicyId,
            complianceNumber: policy.ComplianceNumber,
            shortTitle: policy.ShortTitle,
            severity: policy.Severity,
            category: category.CategoryName,
          });
        }
        seen.push([at, codes[policy.Compliance] ?? otherCode]);
      }
    }
    const colours = new Uint8Array(this.#info.length);
    for (const [at, code] of seen) colours[at] = code;
    return colours;
  }

  /** Distinct policies recorded. */
  get size(): number {
    return this.#info.length;
  }

  /**
   * Follows every policy through the scans' colours in order: regressions from one scan
   * to the next (as `diff` classifies them) and the longest run of Red scans. Also
   * returns the regressions of each scan since the one before.
   */
  follow(ordered: readonly Uint8Array[]): { policies: PolicyTrend[]; regressionsPerScan: number[] } {
    const regressionsPerScan = ordered.map(() => 0);
    const policies = this.#info.map((info, at) => {
      let regressions = 0;
      let run = 0;
      let longestRed = 0;
      let longestRedTo: number | null = null;
      ordered.forEach((colours, scan) => {
        const code = colours[at] ?? 0;
        const before = scan > 0 ? (ordered[scan - 1]?.[at] ?? 0) : 0;
        if (before !== 0 && code !== 0 && isWorse(classifyChange(names[before] as string, names[code] as string))) {
          regressions += 1;
          regressionsPerScan[scan] = (regressionsPerScan[scan] ?? 0) + 1;
        }
        run = code === redCode ? run + 1 : 0;
        if (run > longestRed) {
          longestRed = run;
          longestRedTo = scan;
        }
      });
      const last = ordered.at(-1)?.[at] ?? 0;
      return {
        ...info,
        regressions,
        longestRed,
        longestRedFrom: longestRedTo === null ? null : longestRedTo - longestRed + 1,
        longestRedTo,
        lastCompliance: last === 0 ? null : (names[last] as string),
      };
    });
    return { policies, regressionsPerScan };
  }
}

/** The `top` policies by a measure, most first, then worst severity first; those at 0 left out. */
export function topPolicies(
  policies: readonly PolicyTrend[],
  measure: (policy: PolicyTrend) => number,
  top: number,
): PolicyTrend[] {
  return policies
    .filter((policy) => measure(policy) > 0)
    .sort((a, b) => measure(b) - measure(a) || severityRank(a.severity) - severityRank(b.severity))
    .slice(0, top);
}
