import type { Finding } from '../../model/finding.js';
import type { Policy } from '../../model/report.js';
import { isObject, objectAt, type JsonObject } from './ocsf-values.js';

/** What one event of our `-f ocsf` output says: the policy, and the report and category it is of. */
export interface OcsfPolicyEvent {
  report: {
    benchmarkName: string;
    benchmarkId: string;
    accountId: string;
    accountName: string;
    accountUid: string;
    provider: string;
    jobId: string;
    /** Epoch milliseconds of the scan (`time`). */
    time: number;
    /** The scan date as the report stated it (`metadata.original_time`). */
    statedTime: string | undefined;
  };
  category: { name: string; id: string };
  policy: Policy;
  /** The exception the policy was accepted under when the events were written. */
  exceptionId: string | undefined;
}

/** Where each figure is in an event, as src/render/ocsf writes it, and the type it must have. */
const strings = {
  benchmarkId: ['unmapped', 'benchmark_id'],
  accountId: ['unmapped', 'account_id'],
  jobId: ['unmapped', 'job_id'],
  categoryId: ['unmapped', 'category_id'],
  policyId: ['unmapped', 'policy_id'],
  serviceName: ['unmapped', 'service_name'],
  colour: ['unmapped', 'compliance'],
  severity: ['unmapped', 'severity'],
  riskProbability: ['unmapped', 'risk_probability'],
  riskLevel: ['unmapped', 'risk_level'],
  number: ['compliance', 'control'],
  category: ['compliance', 'category'],
  title: ['finding_info', 'title'],
  provider: ['cloud', 'provider'],
  accountUid: ['cloud', 'account', 'uid'],
  accountName: ['cloud', 'account', 'name'],
} as const satisfies Record<string, readonly string[]>;

const counts = {
  passed: ['unmapped', 'passed_resources'],
  total: ['unmapped', 'total_resources'],
  time: ['time'],
} as const satisfies Record<string, readonly string[]>;

function valueAt(event: JsonObject, path: readonly string[]): unknown {
  let value: unknown = event;
  for (const key of path) value = isObject(value) ? value[key] : undefined;
  return value;
}

/**
 * The policy one event of our `-f ocsf` output tells, with its report and category, or
 * a finding when a figure is missing or of the wrong type (an event edited, or not
 * ours): the event is then left out, and the finding fails a gate, as nothing it held
 * can be counted.
 */
export function readPolicyEvent(event: JsonObject, pointer: string): OcsfPolicyEvent | Finding {
  const read: Record<string, string> = {};
  for (const [name, path] of Object.entries(strings)) {
    const value = valueAt(event, path);
    if (typeof value !== 'string') return missing(pointer, path, 'a string', value);
    read[name] = value;
  }
  const numbers: Record<string, number> = {};
  for (const [name, path] of Object.entries(counts)) {
    const value = valueAt(event, path);
    if (typeof value !== 'number' || !Number.isFinite(value)) return missing(pointer, path, 'a number', value);
    numbers[name] = value;
  }
  const standards = valueAt(event, ['compliance', 'standards']);
  const benchmarkName = Array.isArray(standards) ? standards[0] : undefined;
  if (typeof benchmarkName !== 'string')
    return missing(pointer, ['compliance', 'standards', '0'], 'a string', benchmarkName);
  const originalTime = objectAt(event, 'metadata')['original_time'];
  const exceptionId = objectAt(event, 'unmapped')['exception_id'];
  return {
    report: {
      benchmarkName,
      benchmarkId: read['benchmarkId']!,
      accountId: read['accountId']!,
      accountName: read['accountName']!,
      accountUid: read['accountUid']!,
      provider: read['provider']!,
      jobId: read['jobId']!,
      time: numbers['time']!,
      statedTime: typeof originalTime === 'string' ? originalTime : undefined,
    },
    category: { name: read['category']!, id: read['categoryId']! },
    policy: {
      PolicyId: read['policyId']!,
      ShortTitle: read['title']!,
      ServiceName: read['serviceName']!,
      ComplianceNumber: read['number']!,
      PassedResourceCount: numbers['passed']!,
      TotalResourceCount: numbers['total']!,
      Compliance: read['colour']!,
      Severity: read['severity']!,
      // The writer trims the service's padding; a Gray policy's is one space.
      RiskProbability: read['riskProbability'] === '' ? ' ' : read['riskProbability']!,
      RiskLevel: read['riskLevel']!,
    },
    exceptionId: typeof exceptionId === 'string' ? exceptionId : undefined,
  };
}

function missing(pointer: string, path: readonly string[], expected: string, actual: unknown): Finding {
  const at = `${pointer}/${path.join('/')}`;
  return {
    rule: 'scanner-value',
    severity: 'error',
    pointer: at,
    message: `${path.join('.')} of the event at ${JSON.stringify(pointer)} is ${actual === undefined ? 'missing' : `not ${expected}`}: the event's policy cannot be counted and is left out`,
    expected,
    actual: actual === undefined ? 'missing' : actual,
  };
}
