import type { Finding } from '../../model/finding.js';
import type { ResultStatus, ScanResult } from '../../model/scan-result.js';
import type { InputReader } from './input-reader.js';
import { scannerDocument } from '../scanners/scanner-document.js';
import { severityOf } from '../scanners/severity-words.js';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** True for an OCSF Detection Finding written by Prowler: its product names Prowler. */
function isProwlerFinding(value: unknown): value is Json {
  if (!isObject(value) || value['class_uid'] !== 2004) return false;
  const metadata = value['metadata'];
  const product = isObject(metadata) ? metadata['product'] : undefined;
  return isObject(product) && product['name'] === 'Prowler';
}

/** Prowler's status codes; anything else is read as a failure (fail closed). */
const statuses: Readonly<Record<string, ResultStatus>> = { PASS: 'pass', FAIL: 'fail', MANUAL: 'manual' };

/**
 * One Prowler finding as a result: its check is `metadata.event_code`, its account
 * `cloud.account`, its resource the first of `resources`, its service that resource's
 * group. A status_id of 3 (Suppressed) is Prowler's mute.
 */
function resultOf(finding: Json, index: number, findings: Finding[]): ScanResult {
  const pointer = `/${index}`;
  const metadata = isObject(finding['metadata']) ? finding['metadata'] : {};
  const info = isObject(finding['finding_info']) ? finding['finding_info'] : {};
  const cloud = isObject(finding['cloud']) ? finding['cloud'] : {};
  const account = isObject(cloud['account']) ? cloud['account'] : {};
  const resources = Array.isArray(finding['resources']) ? finding['resources'] : [];
  const resource = isObject(resources[0]) ? resources[0] : {};
  const group = isObject(resource['group']) ? resource['group'] : {};
  const remediation = isObject(finding['remediation']) ? finding['remediation'] : {};
  const unmapped = isObject(finding['unmapped']) ? finding['unmapped'] : {};
  const code = String(finding['status_code']);
  let status = statuses[code.toUpperCase()];
  if (status === undefined) {
    status = 'fail';
    findings.push({
      rule: 'scanner-value',
      severity: 'warning',
      pointer: `${pointer}/status_code`,
      message: `status_code ${JSON.stringify(finding['status_code'])} is none of PASS, FAIL, MANUAL; read as FAIL`,
      expected: Object.keys(statuses),
      actual: finding['status_code'],
    });
  }
  const id = text(metadata['event_code']) ?? text(info['title']) ?? 'unnamed check';
  const time = typeof finding['time'] === 'number' ? finding['time'] : undefined;
  return {
    pointer,
    provider: text(cloud['provider']) ?? providerOf(metadata),
    account: {
      uid: text(account['uid']) ?? 'unknown account',
      ...(text(account['name']) === undefined ? {} : { name: text(account['name'])! }),
    },
    check: {
      id,
      title: text(info['title']) ?? id,
      ...(text(info['desc']) === undefined ? {} : { description: text(info['desc'])! }),
      severity: severityOf(finding['severity']),
      service: text(group['name']) ?? 'other',
      ...(text(remediation['desc']) === undefined ? {} : { remediation: text(remediation['desc'])! }),
      ...(Array.isArray(remediation['references'])
        ? { references: remediation['references'].filter((entry): entry is string => typeof entry === 'string') }
        : {}),
      ...(isObject(unmapped['compliance']) ? { requirements: requirementsOf(unmapped['compliance']) } : {}),
    },
    ...(text(resource['uid']) === undefined ? {} : { resource: text(resource['uid'])! }),
    status,
    ...(finding['status_id'] === 3 ? { muted: true } : {}),
    // Prowler writes seconds since the epoch.
    ...(time === undefined ? {} : { time: time < 1e11 ? time * 1000 : time }),
  };
}

/**
 * The provider of a finding that states no `cloud` (Prowler's Kubernetes findings): the
 * container profile says Kubernetes.
 */
function providerOf(metadata: Json): string {
  const profiles = metadata['profiles'];
  return Array.isArray(profiles) && profiles.includes('container') ? 'kubernetes' : 'unknown';
}

function requirementsOf(compliance: Json): Record<string, string[]> {
  const requirements: Record<string, string[]> = {};
  for (const [framework, ids] of Object.entries(compliance)) {
    if (Array.isArray(ids)) requirements[framework] = ids.filter((id): id is string => typeof id === 'string');
  }
  return requirements;
}

/**
 * Prowler's JSON-OCSF output (`-M json-ocsf`, Prowler 4 and 5): an array of OCSF
 * Detection Findings (class_uid 2004), or their JSON lines. Recognised by its first
 * finding; the others are read as they come, and one that is no Prowler finding is a
 * finding of the document.
 */
export const prowlerOcsfReader: InputReader = {
  description: "Prowler's JSON-OCSF output (Detection Findings, Prowler 4 and 5)",
  recognises: (value) => Array.isArray(value) && isProwlerFinding(value[0]),
  read(source, value, options) {
    const findings: Finding[] = [];
    const results: ScanResult[] = [];
    const items = Array.isArray(value) ? value : [value];
    let version: string | undefined;
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index];
      if (!isProwlerFinding(item)) {
        findings.push({
          rule: 'scanner-value',
          severity: 'error',
          pointer: `/${index}`,
          message: `item ${index} is no Prowler OCSF Detection Finding (class_uid 2004 with metadata.product.name Prowler); left out`,
          expected: 'a Prowler OCSF Detection Finding',
          actual: isObject(item) ? `class_uid ${JSON.stringify(item['class_uid'])}` : typeof item,
        });
        continue;
      }
      version ??= text((item['metadata'] as Json & { product: Json })['product']['version']);
      results.push(resultOf(item, index, findings));
    }
    return scannerDocument(
      source,
      value,
      {
        results,
        findings,
        info: { format: 'prowler-ocsf', tool: 'Prowler', ...(version === undefined ? {} : { version }) },
      },
      options,
    );
  },
};
