import type { ResultStatus } from '../../model/scan-result.js';
import { isObject, objectAt, strings, text, type JsonObject } from './ocsf-values.js';

/**
 * Where Security Hub's OCSF findings (GetFindingsV2, OCSF 1.5 and 1.6) put what the
 * reader needs. Every product's findings in Security Hub have a product uid of the form
 * `arn:aws:securityhub:<region>::productv2/<company>/<product>`; the compliance results
 * are Security Hub's own (`metadata.product.name` "Security Hub").
 */

const productArn = /^arn:aws[a-z-]*:securityhub:[^:]*::productv2\//;

/** True for an OCSF finding (category 2) that passed through Security Hub: its product is one of Security Hub's. */
export function isSecurityHubEvent(value: unknown): value is JsonObject {
  if (!isObject(value) || value['category_uid'] !== 2) return false;
  const uid = objectAt(objectAt(value, 'metadata'), 'product')['uid'];
  return typeof uid === 'string' && productArn.test(uid);
}

/** The classes read as results: Compliance Finding and Detection Finding, of Security Hub itself. */
export function isSecurityHubResult(event: JsonObject): boolean {
  const product = objectAt(objectAt(event, 'metadata'), 'product')['name'];
  return product === 'Security Hub' && (event['class_uid'] === 2003 || event['class_uid'] === 2004);
}

/**
 * OCSF's compliance status ids. Warning is Security Hub's "the check completed but cannot
 * tell pass from fail": read as a failure, as the ASFF reader reads WARNING, so that a
 * gate never passes on a resource nobody could judge.
 */
const statusIds: Readonly<Record<number, ResultStatus>> = { 1: 'pass', 2: 'fail', 3: 'fail' };
/** The same by caption, and Security Hub's ASFF words, which `status_code` may carry. */
const statusWords: Readonly<Record<string, ResultStatus>> = {
  pass: 'pass',
  passed: 'pass',
  fail: 'fail',
  failed: 'fail',
  warning: 'fail',
  not_available: 'not-available',
};

/**
 * What a Compliance Finding says of its resource: `compliance.status_id`, else
 * `compliance.status`, else `compliance.status_code`; undefined when none is a value
 * known (Unknown, Other, absent), which the reader reads as a failure.
 */
export function complianceStatusOf(compliance: JsonObject): ResultStatus | undefined {
  const id = compliance['status_id'];
  if (typeof id === 'number' && statusIds[id] !== undefined) return statusIds[id];
  for (const key of ['status', 'status_code']) {
    const word = text(compliance[key])?.trim().toLowerCase();
    if (word !== undefined && Object.hasOwn(statusWords, word)) return statusWords[word];
  }
  return undefined;
}

/**
 * The frameworks a control answers: each of `compliance.standards` names the control
 * itself (`standards/aws-foundational-security-best-practices/v/1.0.0`: ["SQS.1"]); each
 * of `compliance.requirements`, `<framework>/<requirement>`, one of the framework's own
 * requirements (`CIS AWS Foundations Benchmark v1.2.0/1.22`).
 */
export function requirementsOf(compliance: JsonObject, control: string): Record<string, string[]> {
  const requirements: Record<string, string[]> = {};
  const add = (framework: string, id: string) => {
    const ids = (requirements[framework] ??= []);
    if (!ids.includes(id)) ids.push(id);
  };
  for (const standard of strings(compliance['standards'])) add(standard, control);
  for (const requirement of strings(compliance['requirements'])) {
    const slash = requirement.lastIndexOf('/');
    if (slash > 0 && slash < requirement.length - 1) add(requirement.slice(0, slash), requirement.slice(slash + 1));
  }
  return requirements;
}

/**
 * The check of a finding: a Compliance Finding's control (`SQS.1`), else the analytic
 * (the rule) that found it, else its title. The service of a control is its prefix (SQS).
 */
export function checkOf(event: JsonObject): { id: string | undefined; service: string | undefined } {
  const info = objectAt(event, 'finding_info');
  const control = text(objectAt(event, 'compliance')['control']);
  const analytic = objectAt(info, 'analytic');
  const id = control ?? text(analytic['uid']) ?? text(analytic['name']) ?? text(info['title']);
  const prefix = control === undefined ? undefined : /^([A-Za-z0-9]+)\./.exec(control)?.[1];
  const type = text(firstResource(event)['type']);
  // AWS::SQS::Queue names its service between the colons.
  const service = prefix ?? (type === undefined ? undefined : /^[^:]+::([^:]+)::/.exec(type)?.[1]);
  return { id, service };
}

/** The first resource of a finding, or an empty object. */
export function firstResource(event: JsonObject): JsonObject {
  const resources = event['resources'];
  return Array.isArray(resources) && isObject(resources[0]) ? resources[0] : {};
}
