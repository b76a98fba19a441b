import type { Policy } from '../../model/report.js';
import type { CategoryView, ReportView } from '../../model/view-model.js';

/** HDF impact of each Severity (0.7–1.0 high and critical, 0.4–0.6 medium, 0.1–0.3 low). */
const impactOfSeverity: Readonly<Record<string, number>> = { Critical: 1.0, High: 0.7, Moderate: 0.5, Low: 0.3, VeryLow: 0.1 };

/** The HDF result statuses a policy's colour maps to. */
const statusOfColour: Readonly<Record<string, 'passed' | 'failed' | 'skipped'>> = { Green: 'passed', Red: 'failed', Amber: 'failed', Gray: 'skipped' };

/** One HDF control (InSpec's exec-json), as the HDF tools read it. */
export interface HdfControl {
  id: string;
  title: string;
  desc: string;
  descriptions: { label: string; data: string }[];
  impact: number;
  refs: never[];
  tags: Record<string, string | number | string[]>;
  code: string;
  source_location: { ref: string; line: null };
  results: { status: 'passed' | 'failed' | 'skipped' | 'error'; code_desc: string; start_time: string; message?: string; skip_message?: string }[];
}

/** "6 of 27 resources failed", or what a Gray policy says. */
function resultText(policy: Policy): string {
  const { PassedResourceCount: passed, TotalResourceCount: total } = policy;
  if (total === 0) return 'no resource was checked';
  if (passed === total) return `${passed} of ${total} resources passed`;
  return `${total - passed} of ${total} resources failed`;
}

/**
 * A policy as an HDF control: results passed or failed from the counts, Gray as not
 * applicable (impact 0, a skipped result, which the HDF tools count as neither passed
 * nor failed), a colour the service is not known to use as an error. Category and
 * service are tags, and so are the policy's own fields, so nothing of it is lost.
 */
export function hdfControl(id: string, policy: Policy, category: CategoryView, report: ReportView, startTime: string): HdfControl {
  const status = statusOfColour[policy.Compliance] ?? 'error';
  const text = resultText(policy);
  const result: HdfControl['results'][number] = { status, code_desc: `${policy.ShortTitle}: ${text}`, start_time: startTime };
  if (status === 'failed') result.message = text;
  if (status === 'skipped') result.skip_message = 'Gray: the scan checked no resource of this policy (not applicable)';
  if (status === 'error') result.message = `Compliance "${policy.Compliance}" is not a colour the service is known to return`;
  return {
    id,
    title: policy.ShortTitle,
    desc: policy.ShortTitle,
    descriptions: [{ label: 'default', data: policy.ShortTitle }],
    impact: status === 'skipped' ? 0 : (impactOfSeverity[policy.Severity] ?? 0.5),
    refs: [],
    tags: {
      category: category.name,
      categoryId: category.categoryId,
      service: policy.ServiceName,
      policyId: policy.PolicyId,
      complianceNumber: policy.ComplianceNumber,
      compliance: policy.Compliance,
      severity: policy.Severity,
      riskProbability: policy.RiskProbability.trim(),
      riskLevel: policy.RiskLevel,
      passedResources: policy.PassedResourceCount,
      totalResources: policy.TotalResourceCount,
      nist: [],
    },
    code: '',
    source_location: { ref: report.source, line: null },
    results: [result],
  };
}
