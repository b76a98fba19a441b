import { isFailingColour } from '../../analyse/colour-rank.js';
import type { Policy } from '../../model/report.js';
import type { CategoryView, ReportView, ViewModel } from '../../model/view-model.js';
import { policyRank } from '../findings/sarif/policy-log.js';

/** One failing policy, where it is. */
export interface FailingPolicy {
  report: ReportView;
  category: CategoryView;
  /** The category's position in its report, for the pointer. */
  categoryIndex: number;
  policy: Policy;
  /** The policy's position in its category, for the pointer. */
  policyIndex: number;
}

/** A category of the document: its report, itself and its position. */
interface CategoryPlace {
  report: ReportView;
  category: CategoryView;
  categoryIndex: number;
}

/**
 * The failing policies of a document, each one's rank under the caps, and the counts.
 * A large report fails hundreds of thousands of policies of which a log keeps 1,000
 * (25,000 at most), so each is held as positions in flat arrays, not as an object,
 * until it is written.
 */
export class FailingPolicies {
  readonly ranks: Uint8Array;
  readonly red: number;
  readonly amber: number;
  private readonly categories: CategoryPlace[] = [];
  private readonly categoryOf: Uint32Array;
  private readonly indexOf: Uint32Array;

  /**
   * Every failing policy of the document's reports (Red, Amber, and a colour outside the
   * observed set, which counts as Red), in report order. Green and Gray are no problem
   * to show: Gray was not assessed, and a policy that turns Green closes its alert by
   * being left out.
   */
  constructor(view: ViewModel) {
    let count = 0;
    for (const report of view.reports) for (const category of report.categories) count += category.policies.length;
    const ranks = new Uint8Array(count);
    this.categoryOf = new Uint32Array(count);
    this.indexOf = new Uint32Array(count);
    let failing = 0;
    let amber = 0;
    for (const report of view.reports) {
      report.categories.forEach((category, categoryIndex) => {
        const place = this.categories.push({ report, category, categoryIndex }) - 1;
        category.policies.forEach((policy, policyIndex) => {
          if (!isFailingColour(policy.Compliance)) return;
          if (policy.Compliance === 'Amber') amber += 1;
          ranks[failing] = policyRank(policy.Severity, policy.Compliance);
          this.categoryOf[failing] = place;
          this.indexOf[failing] = policyIndex;
          failing += 1;
        });
      });
    }
    this.ranks = ranks.subarray(0, failing);
    this.red = failing - amber;
    this.amber = amber;
  }

  /** The failing policy at `index` of the ranks. */
  at(index: number): FailingPolicy {
    const place = this.categories[this.categoryOf[index] as number] as CategoryPlace;
    const policyIndex = this.indexOf[index] as number;
    return { ...place, policy: place.category.policies[policyIndex] as Policy, policyIndex };
  }
}
