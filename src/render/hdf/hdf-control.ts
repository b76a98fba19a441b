import type { Policy } from '../../model/report.js';
import type { CategoryView } from '../../model/view-model.js';

/** HDF impact of each Severity (0.7–1.0 high and critical, 0.4–0.6 medium, 0.1–0.3 low). */
const impactOfSeverity: Readonly<Record<string, number>> = { Critical: 1.0, High: 0.7, Moderate: 0.5, Low: 0.3, VeryLow: 0.1 };

/** The HDF result statuses a policy's colour maps to. */
const statusOfColour: Readonly<Record<string, 'passed' | 'failed' | 'skipped'>> = { Green: 'passed', Red: 'failed', Amber: 'failed', Gray: 'skipped' };

const skipMessage = JSON.stringify('Gray: the scan checked no resource of this policy (not applicable)');

/** JSON strings of values from small sets (colours, severities, services), made once each. */
const quoted = new Map<string, string>();

function quote(value: string): string {
  let text = quoted.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    // Bounded: a hostile report could make every value distinct.
    if (quoted.size < 4096) quoted.set(value, text);
  }
  return text;
}

/** "6 of 27 resources failed", or what a Gray policy says. */
function resultText(policy: Policy): string {
  const { PassedResourceCount: passed, TotalResourceCount: total } = policy;
  if (total === 0) return 'no resource was checked';
  if (passed === total) return `${passed} of ${total} resources passed`;
  return `${total - passed} of ${total} resources failed`;
}

/**
 * A policy as the JSON text of an HDF control (InSpec's exec-json): its result passed
 * or failed from the counts, Gray not applicable (impact 0 and a skipped result, which
 * the HDF tools count as neither passed nor failed), a colour the service is not known
 * to use an error. Category, service and the policy's own fields are tags, so nothing of
 * it is lost. Written as text, each string through JSON.stringify: a report of 300,000
 * policies would otherwise build as many objects only to serialise them.
 *
 * @param categoryTag `"category":…,"categoryId":…` of the policy's category, made once per category
 * @param startTime   JSON string of the scan's time
 */
export function hdfControlJson(id: string, policy: Policy, categoryTag: string, startTime: string): string {
  const status = statusOfColour[policy.Compliance] ?? 'error';
  const text = quote(resultText(policy));
  let result = `{"status":"${status}","code_desc":${text},"start_time":${startTime}`;
  if (status === 'failed') result += `,"message":${text}`;
  else if (status === 'skipped') result += `,"skip_message":${skipMessage}`;
  else if (status === 'error') result += `,"message":${JSON.stringify(`Compliance "${policy.Compliance}" is not a colour the service is known to return`)}`;
  const impact = status === 'skipped' ? 0 : (impactOfSeverity[policy.Severity] ?? 0.5);
  const tags =
    `{${categoryTag},"service":${quote(policy.ServiceName)},"policyId":${JSON.stringify(policy.PolicyId)},` +
    // The number is the id unless numbers repeat in the report: then it is a tag of its own.
    `${id === policy.ComplianceNumber ? '' : `"complianceNumber":${JSON.stringify(policy.ComplianceNumber)},`}"compliance":${quote(policy.Compliance)},"severity":${quote(policy.Severity)},` +
    `"riskProbability":${quote(policy.RiskProbability.trim())},"riskLevel":${quote(policy.RiskLevel)},` +
    `"passedResources":${policy.PassedResourceCount},"totalResources":${policy.TotalResourceCount},"nist":[]}`;
  return `{"id":${JSON.stringify(id)},"title":${JSON.stringify(policy.ShortTitle)},"impact":${impact},"refs":[],"tags":${tags},"source_location":{},"results":[${result}}]}`;
}

/** The category tags of its controls, as JSON members. */
export function categoryTagJson(category: CategoryView): string {
  // Its CategoryId is the id of the profile's group that lists the control.
  return `"category":${JSON.stringify(category.name)}`;
}
