import type { Policy } from '../../model/report.js';
import { siteColours, type SitePolicy } from '../../model/site.js';
import { policyKey } from '../trend/policy-history.js';

/** A policy as its account's page names it. */
type PolicyInfo = Omit<SitePolicy, 'changes'>;

const codes = new Map<string, number>(siteColours.map((name, code) => [name, code]));
const otherCode = siteColours.indexOf('other');

/**
 * The colours of one account's policies in each of its scans, one byte per policy per
 * scan: scans arrive in any order and are put in order at the end, and no report stays
 * in memory meanwhile.
 */
export class PolicyColours {
  readonly #index = new Map<string, number>();
  readonly #info: PolicyInfo[] = [];

  /** Records one scan's policies; returns their colours, indexed by policy. */
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
            number: policy.ComplianceNumber,
            title: policy.ShortTitle,
            severity: policy.Severity,
            category: category.CategoryName,
          });
        }
        seen.push([at, codes.get(policy.Compliance) ?? otherCode]);
      }
    }
    const colours = new Uint8Array(this.#info.length);
    for (const [at, code] of seen) colours[at] = code;
    return colours;
  }

  /**
   * Every policy with its history as changes over the scans in order: a pair at the
   * first scan, then one only where the colour differs from the scan before. A year of
   * weekly scans of a steady policy is one pair, not 52 copies.
   */
  follow(ordered: readonly Uint8Array[]): SitePolicy[] {
    return this.#info.map((info, at) => {
      const changes: number[] = [];
      let before = -1;
      ordered.forEach((colours, scan) => {
        const code = colours[at] ?? 0;
        if (code !== before) changes.push(scan, code);
        before = code;
      });
      return { ...info, changes };
    });
  }
}
