import type { Policy } from '../../model/report.js';
import type { CategoryView } from '../../model/view-model.js';
import { type HdfRating, hdfRatingOf, notAssessedRating } from './hdf-severity.js';
import { resultMembers } from './hdf-result.js';
import { jsonString, jsonStringInString } from './json-string.js';
import { MemoOfValues } from './memo-of-values.js';

const quoted = new MemoOfValues((value) => JSON.stringify(value));
// The service pads some RiskProbability values with spaces ("NotLikely "): the tag holds the word.
const quotedTrimmed = new MemoOfValues((value) => JSON.stringify(value.trim()));
// A service is named in a tag and in the code.
const services = new MemoOfValues((service) => ({ tag: JSON.stringify(service), inCode: jsonStringInString(service) }));

/** The impact of a control and its severity tags: HDF's word, and the report's own value beside it. */
interface SeverityMembers {
  impact: number;
  tags: string;
}

function severityMembers(rating: HdfRating, severity: string): SeverityMembers {
  return { impact: rating.impact, tags: `"severity":"${rating.severity}","cspmSeverity":${JSON.stringify(severity)}` };
}

const assessedSeverities = new MemoOfValues((severity) => severityMembers(hdfRatingOf(severity), severity));
const graySeverities = new MemoOfValues((severity) => severityMembers(notAssessedRating, severity));

/**
 * A policy as the JSON text of an HDF control (InSpec's exec-json): its impact and
 * `severity` tag in HDF's words from its Severity (Gray none, impact 0: not applicable),
 * the report's Severity as `cspmSeverity`, one result (see resultMembers). Category,
 * service and the policy's own fields are tags, so nothing of it is lost. Its `code` is
 * the JSON of which check it is, the service's policy and the service it checks: the
 * HDF converters give a finding's source record as its code, and the SAF CLI's CSV,
 * which shows no tag, prints it ("undefined" when there is none). Only what names the
 * check, not its result, so that it stays the same from scan to scan; the number is the
 * control's id or a tag.
 *
 * Written as text, each string quoted as JSON.stringify would: a report of 300,000
 * policies would otherwise build as many objects only to serialise them.
 *
 * @param categoryTag `"category":…` of the policy's category, made once per category
 * @param startTime   JSON string of the scan's time
 */
export function hdfControlJson(id: string, policy: Policy, categoryTag: string, startTime: string): string {
  const severity = (policy.Compliance === 'Gray' ? graySeverities : assessedSeverities).of(policy.Severity);
  const service = services.of(policy.ServiceName);
  const idJson = jsonString(id);
  const policyIdJson = jsonString(policy.PolicyId);
  // The number is the id unless numbers repeat in the report: then it is a tag of its own.
  const numberIsId = id === policy.ComplianceNumber;
  const code = `"{\\"PolicyId\\":${jsonStringInString(policy.PolicyId, policyIdJson)},\\"ServiceName\\":${service.inCode}}"`;
  return (
    `{"id":${idJson},"title":${jsonString(policy.ShortTitle)},"impact":${severity.impact},"refs":[],` +
    `"tags":{${categoryTag},"service":${service.tag},"policyId":${policyIdJson},${numberIsId ? '' : `"complianceNumber":${jsonString(policy.ComplianceNumber)},`}` +
    `"compliance":${quoted.of(policy.Compliance)},${severity.tags},` +
    `"riskProbability":${quotedTrimmed.of(policy.RiskProbability)},"riskLevel":${quoted.of(policy.RiskLevel)},` +
    `"passedResources":${policy.PassedResourceCount},"totalResources":${policy.TotalResourceCount},"nist":[]},` +
    `"code":${code},"source_location":{},"results":[{${resultMembers(policy, startTime)}}]}`
  );
}

/** The category tags of its controls, as JSON members. */
export function categoryTagJson(category: CategoryView): string {
  // Its CategoryId is the id of the profile's group that lists the control.
  return `"category":${JSON.stringify(category.name)}`;
}
