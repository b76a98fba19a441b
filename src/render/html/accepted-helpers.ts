import type Handlebars from 'handlebars';
import type { PolicyAcceptance } from '../../model/exceptions.js';
import type { Policy } from '../../model/report.js';
import type { ReportView, ViewModel } from '../../model/view-model.js';
import {
  acceptanceText,
  acceptedCount,
  acceptedCountText,
  acceptedPoliciesOf,
  acceptedPoliciesText,
  acceptedRisksSummary,
  bothWaysText,
  expiryText,
} from '../accepted-marks.js';
import { reportDataId } from './page-plan.js';
import { scriptJsonBlock } from './script-json.js';

/** What a template writes beside an accepted policy's colour. */
export interface AcceptedMark {
  text: string;
  expiring: boolean;
}

const byView = new WeakMap<ViewModel, ReadonlyMap<Policy, PolicyAcceptance>>();

/** Every accepted policy of the page, whatever its report: a table row knows its policy, not always its report. */
function pageAcceptances(view: ViewModel): ReadonlyMap<Policy, PolicyAcceptance> {
  let found = byView.get(view);
  if (found === undefined) {
    const merged = new Map<Policy, PolicyAcceptance>();
    for (const report of view.reports)
      for (const [policy, acceptance] of acceptedPoliciesOf(report)) merged.set(policy, acceptance);
    byView.set(view, (found = merged));
  }
  return found;
}

function rootOf(options: Handlebars.HelperOptions): ViewModel | undefined {
  return (options.data as { root?: ViewModel } | undefined)?.root;
}

/**
 * The rows the page script draws are marked by the accepted-risks script from this
 * block: by table data id, the policy's number, title and category (the cells a drawn row
 * shows) to its mark and whether it is expiring.
 */
export function acceptedDataBlock(reports: readonly ReportView[], dataId: (report: ReportView) => string): string {
  const marks: Record<string, Record<string, [string, number]>> = {};
  for (const report of reports) {
    const accepted = acceptedPoliciesOf(report);
    if (accepted.size === 0) continue;
    const byKey: Record<string, [string, number]> = {};
    for (const category of report.categories)
      for (const policy of category.policies) {
        const acceptance = accepted.get(policy);
        if (acceptance === undefined) continue;
        const key = [policy.ComplianceNumber, policy.ShortTitle, category.name].join('\n');
        byKey[key] = [acceptanceText(acceptance), acceptance.state === 'expiring' ? 1 : 0];
      }
    marks[dataId(report)] = byKey;
  }
  return scriptJsonBlock('data-accepted', marks);
}

/**
 * Registers the helpers of the accepted risks: the marks of accepted policies and the
 * section's wording, shared with the PDF and the workbook (accepted-marks.ts). Each gives
 * nothing on a page rendered without exceptions.
 */
export function registerAcceptedHelpers(env: typeof Handlebars): void {
  env.registerHelper({
    /** The block that marks the rows the page script draws; empty without exceptions. */
    acceptedData: (options: Handlebars.HelperOptions) => {
      const view = rootOf(options);
      if (view?.acceptedRisks === undefined) return '';
      return new env.SafeString(acceptedDataBlock(view.reports, reportDataId));
    },
    /** `{{#with (acceptedMark policy)}}`: the mark of an accepted policy, or null. */
    acceptedMark: (policy: Policy, options: Handlebars.HelperOptions): AcceptedMark | null => {
      const view = rootOf(options);
      if (view?.acceptedRisks === undefined) return null;
      const acceptance = pageAcceptances(view).get(policy);
      return acceptance === undefined
        ? null
        : { text: acceptanceText(acceptance), expiring: acceptance.state === 'expiring' };
    },
    /** `24.9% as scanned; 1 policy accepted`. */
    bothWays: (percentText: string, accepted: number) => bothWaysText(percentText, accepted),
    acceptedCountText: (count: number) => acceptedCountText(count),
    /** The report's policies accepted (a Map's size, which templates cannot read). */
    acceptedCount: (report: ReportView) => acceptedCount(report),
    acceptedPoliciesText,
    acceptedRisksSummary,
    expiryText,
  });
}
