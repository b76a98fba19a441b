import type { Policy } from '../../model/report.js';
import type { CategoryView } from '../../model/view-model.js';
import { jsonString } from './json-string.js';

/** HDF impact of each Severity (0.7–1.0 high and critical, 0.4–0.6 medium, 0.1–0.3 low). */
const impactOfSeverity: Readonly<Record<string, number>> = { Critical: 1.0, High: 0.7, Moderate: 0.5, Low: 0.3, VeryLow: 0.1 };

const skipMessage = JSON.stringify('Gray: the scan checked no resource of this policy (not applicable)');

/**
 * JSON strings of values from small sets (colours, severities, services), made once
 * each: looked up by the report's own string, so that nothing new is built per policy.
 */
class QuotedValues {
  private readonly known = new Map<string, string>();
  constructor(private readonly shape: (value: string) => string = (value) => value) {}

  of(value: string): string {
    let text = this.known.get(value);
    if (text === undefined) {
      text = JSON.stringify(this.shape(value));
      // Bounded: a hostile report could make every value distinct.
      if (this.known.size < 4096) this.known.set(value, text);
    }
    return text;
  }
}

const quoted = new QuotedValues();
// The service pads some RiskProbability values with spaces ("NotLikely "): the tag holds the word.
const quotedTrimmed = new QuotedValues((value) => value.trim());

/** "6 of 27 resources failed", or what a policy with no resource says; digits and words only, so no escaping. */
function resultText(passed: number, total: number): string {
  if (total === 0) return 'no resource was checked';
  if (passed === total) return `${passed} of ${total} resources passed`;
  return `${total - passed} of ${total} resources failed`;
}

/** The members of the control's one result after its opening brace: status, texts and time. */
function resultMembers(policy: Policy, startTime: string): string {
  const colour = policy.Compliance;
  const text = resultText(policy.PassedResourceCount, policy.TotalResourceCount);
  if (colour === 'Green') return `"status":"passed","code_desc":"${text}","start_time":${startTime}`;
  if (colour === 'Red' || colour === 'Amber') return `"status":"failed","code_desc":"${text}","start_time":${startTime},"message":"${text}"`;
  if (colour === 'Gray') return `"status":"skipped","code_desc":"${text}","start_time":${startTime},"skip_message":${skipMessage}`;
  const message = JSON.stringify(`Compliance "${colour}" is not a colour the service is known to return`);
  return `"status":"error","code_desc":"${text}","start_time":${startTime},"message":${message}`;
}

/**
 * A policy as the JSON text of an HDF control (InSpec's exec-json): its result passed
 * or failed from the counts, Gray not applicable (impact 0 and a skipped result, which
 * the HDF tools count as neither passed nor failed), a colour the service is not known
 * to use an error. Category, service and the policy's own fields are tags, so nothing of
 * it is lost. Written as text, each string quoted as JSON.stringify would: a report of 300,000
 * policies would otherwise build as many objects only to serialise them.
 *
 * @param categoryTag `"category":…` of the policy's category, made once per category
 * @param startTime   JSON string of the scan's time
 */
export function hdfControlJson(id: string, policy: Policy, categoryTag: string, startTime: string): string {
  const impact = policy.Compliance === 'Gray' ? 0 : (impactOfSeverity[policy.Severity] ?? 0.5);
  // The number is the id unless numbers repeat in the report: then it is a tag of its own.
  const number = id === policy.ComplianceNumber ? '' : `"complianceNumber":${jsonString(policy.ComplianceNumber)},`;
  return (
    `{"id":${jsonString(id)},"title":${jsonString(policy.ShortTitle)},"impact":${impact},"refs":[],` +
    `"tags":{${categoryTag},"service":${quoted.of(policy.ServiceName)},"policyId":${jsonString(policy.PolicyId)},${number}` +
    `"compliance":${quoted.of(policy.Compliance)},"severity":${quoted.of(policy.Severity)},` +
    `"riskProbability":${quotedTrimmed.of(policy.RiskProbability)},"riskLevel":${quoted.of(policy.RiskLevel)},` +
    `"passedResources":${policy.PassedResourceCount},"totalResources":${policy.TotalResourceCount},"nist":[]},` +
    `"source_location":{},"results":[{${resultMembers(policy, startTime)}}]}`
  );
}

/** The category tags of its controls, as JSON members. */
export function categoryTagJson(category: CategoryView): string {
  // Its CategoryId is the id of the profile's group that lists the control.
  return `"category":${JSON.stringify(category.name)}`;
}
