import type { PolicyAcceptance } from '../../model/exceptions.js';
import type { Policy } from '../../model/report.js';
import type { CategoryView } from '../../model/view-model.js';
import { hdfRatingOf, notAssessedRating } from './hdf-severity.js';
import { resultMembers } from './hdf-result.js';
import { hdfWaiverJson } from './hdf-waiver.js';
import { jsonString, jsonStringInString } from './json-string.js';
import { MemoOfValues } from './memo-of-values.js';

/** A control's impact and the tags its Compliance and Severity give it. */
interface RatedTags {
  impact: number;
  tags: string;
}

function ratedTags(compliance: string, severity: string): RatedTags {
  const rating = compliance === 'Gray' ? notAssessedRating : hdfRatingOf(severity);
  return {
    impact: rating.impact,
    tags: `"compliance":${JSON.stringify(compliance)},"severity":"${rating.severity}","cspmSeverity":${JSON.stringify(severity)}`,
  };
}

// Compliance, Severity and risk come from small sets, so their tags are made once for
// each pair of values met, as one piece of text (at most one pair per policy).
const colourTags = new MemoOfValues((compliance) => new MemoOfValues((severity) => ratedTags(compliance, severity)));
// The service pads some RiskProbability values with spaces ("NotLikely "): the tag holds the word.
const riskTags = new MemoOfValues(
  (probability) =>
    new MemoOfValues(
      (level) => `"riskProbability":${JSON.stringify(probability.trim())},"riskLevel":${JSON.stringify(level)}`,
    ),
);
// A service is named in a tag and in the code.
const services = new MemoOfValues((service) => ({ tag: JSON.stringify(service), inCode: jsonStringInString(service) }));

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
 * @param acceptance  the exception that accepts the policy, which waives the control (see hdfWaiverJson)
 */
export function hdfControlJson(
  id: string,
  policy: Policy,
  categoryTag: string,
  startTime: string,
  acceptance?: PolicyAcceptance,
): string {
  const rated = colourTags.of(policy.Compliance).of(policy.Severity);
  const service = services.of(policy.ServiceName);
  const idJson = jsonString(id);
  const policyIdJson = jsonString(policy.PolicyId);
  // The number is the id unless numbers repeat in the report: then it is a tag of its own.
  const numberIsId = id === policy.ComplianceNumber;
  const code = `"{\\"PolicyId\\":${jsonStringInString(policy.PolicyId, policyIdJson)},\\"ServiceName\\":${service.inCode}}"`;
  return (
    `{"id":${idJson},"title":${jsonString(policy.ShortTitle)},"impact":${rated.impact},"refs":[],` +
    `"tags":{${categoryTag},"service":${service.tag},"policyId":${policyIdJson},${numberIsId ? '' : `"complianceNumber":${jsonString(policy.ComplianceNumber)},`}` +
    `${rated.tags},${riskTags.of(policy.RiskProbability).of(policy.RiskLevel)},` +
    `"passedResources":${policy.PassedResourceCount},"totalResources":${policy.TotalResourceCount},"nist":[]},` +
    `"code":${code},"source_location":{},"results":[{${resultMembers(policy, startTime)}}]` +
    `${acceptance === undefined ? '' : hdfWaiverJson(acceptance)}}`
  );
}

/** The category tags of its controls, as JSON members. */
export function categoryTagJson(category: CategoryView): string {
  // Its CategoryId is the id of the profile's group that lists the control.
  return `"category":${JSON.stringify(category.name)}`;
}
