import { createHash } from 'node:crypto';
import type { Policy } from '../../model/report.js';
import { siteColours, type SiteCataloguePolicy } from '../../model/site.js';
import { policyKey } from '../trend/policy-history.js';

const codes = new Map<string, number>(siteColours.map((name, code) => [name, code]));
const otherCode = siteColours.indexOf('other');

/** A key for links: the hash of `parts`, so that it holds across builds and no id reaches a path or a URL as is. */
export function linkKey(...parts: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}

/** The colour code of a Compliance: any value outside the four is `other`, which fails (fail closed). */
export function colourCode(compliance: string): number {
  return codes.get(compliance) ?? otherCode;
}

/**
 * The policies of one benchmark across the fleet, each named once: accounts' scans record
 * a byte per policy, indexed here, and the site names a policy by its position. A policy
 * is known by the trend's policy key (its PolicyId, else its number and title).
 */
export class BenchmarkCatalogue {
  readonly key: string;
  readonly #index = new Map<string, number>();
  readonly policies: SiteCataloguePolicy[] = [];

  constructor(
    readonly benchmarkId: string,
    readonly benchmarkName: string,
  ) {
    this.key = linkKey(benchmarkId);
  }

  /** Records one scan's policies; returns their colours, indexed by their position in the catalogue. */
  record(categories: readonly { CategoryName: string; Policies: readonly Policy[] }[]): Uint8Array {
    const seen: number[] = [];
    for (const category of categories) {
      for (const policy of category.Policies) {
        const key = policyKey(policy);
        let at = this.#index.get(key);
        if (at === undefined) {
          at = this.policies.length;
          this.#index.set(key, at);
          this.policies.push({
            key: linkKey(this.benchmarkId, key),
            policyId: policy.PolicyId,
            number: policy.ComplianceNumber,
            title: policy.ShortTitle,
            severity: policy.Severity,
            category: category.CategoryName,
            accounts: 0,
            failing: 0,
            fixed: 0,
            accepted: 0,
          });
        }
        seen.push(at, colourCode(policy.Compliance));
      }
    }
    const colours = new Uint8Array(this.policies.length);
    for (let at = 0; at < seen.length; at += 2) colours[seen[at] as number] = seen[at + 1] as number;
    return colours;
  }

  /** The position of the policy of a PolicyId, as an exception names it; undefined when no scan held it. */
  positionOf(policyId: string): number | undefined {
    return policyId === '' ? undefined : this.#index.get(policyKey({ PolicyId: policyId } as Policy));
  }
}
