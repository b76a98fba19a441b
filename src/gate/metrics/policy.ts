import { colourRank, isUnknownColour } from '../../analyse/colour-rank.js';
import type { GateMetric } from '../gate-metric.js';

/**
 * The Compliance of one PolicyId in scope. Found several times (several reports under
 * `aggregate: all`, or several categories), it is the worst of them, unless every one
 * is the colour asked for, so that `mustBe: Green` holds only when every copy is Green.
 * A Compliance outside the observed set is what it is measured as, and fails both
 * `mustBe` and `mustNotBe` (see withinBound): nobody can say it is not Red.
 */
export const policy: GateMetric = {
  describe: 'the Compliance of one PolicyId, which mustBe or mustNotBe a colour',
  bound: 'colour',
  reads: ['policy', 'mustBe', 'mustNotBe', 'category'],
  unit: '',
  measure(reports, assertion) {
    const colours: string[] = [];
    const id = assertion.policy;
    for (const { categories } of reports) {
      for (const category of categories) {
        if (category.keptPolicies !== undefined) {
          for (const kept of category.keptPolicies.values()) if (kept.PolicyId === id) colours.push(kept.Compliance);
          continue;
        }
        // An indexed loop with the id in a local: this goes over every policy in scope.
        const policies = category.category.Policies;
        for (let index = 0; index < policies.length; index += 1)
          if (policies[index]!.PolicyId === id) colours.push(policies[index]!.Compliance);
      }
    }
    if (colours.length === 0) return { value: null, none: `no policy ${assertion.policy ?? ''} in scope` };
    const unknown = colours.find(isUnknownColour);
    if (unknown !== undefined) return { value: unknown };
    const wanted = assertion.mustBe ?? assertion.mustNotBe;
    if (assertion.mustNotBe !== undefined && colours.includes(assertion.mustNotBe))
      return { value: assertion.mustNotBe };
    if (assertion.mustBe !== undefined && colours.every((colour) => colour === wanted))
      return { value: assertion.mustBe };
    return {
      value:
        colours.filter((colour) => colour !== assertion.mustBe).sort((a, b) => colourRank(a) - colourRank(b))[0] ??
        null,
    };
  },
};
