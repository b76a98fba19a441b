import type { Finding } from '../../model/finding.js';
import type { ResultStatus, ScanResult, ScannedCheck } from '../../model/scan-result.js';
import type { InputReader } from './input-reader.js';
import { scannerDocument } from '../scanners/scanner-document.js';
import { severityOf } from '../scanners/severity-words.js';
import { DocumentNotes } from './document-notes.js';
import { isObject, objectAt, strings, text, type JsonObject } from './ocsf-values.js';
import { accountOf, checkIdOf, providerOf, timeOf, unstatedAccount } from './prowler-ocsf-fields.js';

/** True for an OCSF Detection Finding written by Prowler: its product names Prowler. */
function isProwlerFinding(value: unknown): value is JsonObject {
  if (!isObject(value) || value['class_uid'] !== 2004) return false;
  return objectAt(objectAt(value, 'metadata'), 'product')['name'] === 'Prowler';
}

/** Prowler's status codes; anything else is read as a failure (fail closed). */
const statuses: Readonly<Record<string, ResultStatus>> = { PASS: 'pass', FAIL: 'fail', MANUAL: 'manual' };

/** What a Prowler file can lack in many findings at once: said once per document. */
const notes = {
  account: {
    message: (count: number) =>
      `${count} ${count === 1 ? 'finding states' : 'findings state'} no account (no cloud.account.uid nor unmapped.provider_uid, as Prowler writes Kubernetes findings): grouped under the account "${unstatedAccount}" of their provider`,
    expected: 'cloud.account.uid',
  },
  provider: {
    message: (count: number) =>
      `${count} ${count === 1 ? 'finding states' : 'findings state'} no provider (no cloud.provider nor unmapped.provider): grouped under the provider "unknown"`,
    expected: 'cloud.provider',
  },
  time: {
    message: (count: number) =>
      `${count} ${count === 1 ? 'finding states' : 'findings state'} a time that cannot be read: the scan time is taken from the other findings, or left unstated`,
    expected: 'seconds since the epoch, or an ISO 8601 date and time',
  },
} as const;

type NoteKind = keyof typeof notes;

/** What a reader keeps while it reads one document. */
interface ReadState {
  findings: Finding[];
  noted: DocumentNotes<NoteKind>;
  /** Read the frameworks' requirements (only `--framework` uses them). */
  requirements: boolean;
  /** The check of each id as last read: findings of one check share it when they state it alike. */
  checks: Map<string, ScannedCheck>;
}

/**
 * One Prowler finding as a result: its check is `metadata.event_code`, its account
 * `cloud.account`, its resource the first of `resources`, its service that resource's
 * group (see prowler-ocsf-fields.ts for where older versions put them). A status_id of 3
 * (Suppressed) is Prowler's mute.
 */
function resultOf(finding: JsonObject, pointer: string, state: ReadState): ScanResult {
  const unmapped = objectAt(finding, 'unmapped');
  const provider = providerOf(finding, unmapped);
  if (provider === undefined) state.noted.add('provider', pointer);
  const account = accountOf(finding, unmapped);
  if (account === undefined) state.noted.add('account', pointer);
  const time = timeOf(finding);
  if (time.ms === undefined && time.stated !== undefined) state.noted.add('time', pointer, time.stated);
  const resources = finding['resources'];
  const resource: JsonObject = Array.isArray(resources) && isObject(resources[0]) ? resources[0] : {};
  const result: ScanResult = {
    pointer,
    provider: provider ?? 'unknown',
    account: account ?? { uid: unstatedAccount },
    check: checkOf(finding, resource, unmapped, state),
    status: statusOf(finding, pointer, state.findings),
  };
  const uid = text(resource['uid']);
  if (uid !== undefined) result.resource = uid;
  if (finding['status_id'] === 3) result.muted = true;
  if (time.ms !== undefined) result.time = time.ms;
  return result;
}

/**
 * The check a finding is of. Prowler repeats a check's metadata in each of its findings:
 * one read like the last of its id is given the same object, which spares a 100,000-finding
 * file as many copies (the requirements, read only for `--framework`, are not compared).
 */
function checkOf(finding: JsonObject, resource: JsonObject, unmapped: JsonObject, state: ReadState): ScannedCheck {
  const info = objectAt(finding, 'finding_info');
  const remediation = objectAt(finding, 'remediation');
  const id = checkIdOf(objectAt(finding, 'metadata'), info) ?? text(info['title']) ?? 'unnamed check';
  const title = text(info['title']) ?? id;
  const description = text(info['desc']);
  const severity = severityOf(finding['severity']);
  const service = text(objectAt(resource, 'group')['name']) ?? 'other';
  const remedy = text(remediation['desc']);
  const references = Array.isArray(remediation['references']) ? strings(remediation['references']) : undefined;
  const last = state.checks.get(id);
  if (
    !state.requirements &&
    last !== undefined &&
    last.title === title &&
    last.description === description &&
    last.severity === severity &&
    last.service === service &&
    last.remediation === remedy &&
    sameStrings(last.references, references)
  )
    return last;
  const check: ScannedCheck = { id, title, severity, service };
  if (description !== undefined) check.description = description;
  if (remedy !== undefined) check.remediation = remedy;
  if (references !== undefined) check.references = references;
  const compliance = unmapped['compliance'];
  if (state.requirements && isObject(compliance)) check.requirements = requirementsOf(compliance);
  state.checks.set(id, check);
  return check;
}

function sameStrings(left: readonly string[] | undefined, right: readonly string[] | undefined): boolean {
  if (left === undefined || right === undefined) return left === right;
  return left.length === right.length && left.every((entry, index) => entry === right[index]);
}

function statusOf(finding: JsonObject, pointer: string, findings: Finding[]): ResultStatus {
  const code = finding['status_code'];
  const status = typeof code === 'string' ? statuses[code.trim().toUpperCase()] : undefined;
  if (status !== undefined) return status;
  findings.push({
    rule: 'scanner-value',
    severity: 'warning',
    pointer: `${pointer}/status_code`,
    message: `status_code ${JSON.stringify(code)} is none of PASS, FAIL, MANUAL; read as FAIL`,
    expected: Object.keys(statuses),
    actual: code,
  });
  return 'fail';
}

/** Each framework's requirement ids; Prowler 4.3's tests write one id as a string, read as a list of one. */
function requirementsOf(compliance: JsonObject): Record<string, string[]> {
  const requirements: Record<string, string[]> = {};
  for (const [framework, ids] of Object.entries(compliance)) requirements[framework] = strings(ids);
  return requirements;
}

/**
 * Prowler's JSON-OCSF output (`-M json-ocsf`, Prowler 4 and 5): an array of OCSF
 * Detection Findings (class_uid 2004), their JSON lines, or one finding alone.
 * Recognised by its first finding; the others are read as they come, and one that is no
 * Prowler finding is a finding of the document.
 */
export const prowlerOcsfReader: InputReader = {
  description: "Prowler's JSON-OCSF output (Detection Findings, Prowler 4 and 5)",
  recognises: (value) => isProwlerFinding(Array.isArray(value) ? value[0] : value),
  read(source, value, options) {
    const findings: Finding[] = [];
    const results: ScanResult[] = [];
    const noted = new DocumentNotes(notes);
    const state: ReadState = { findings, noted, requirements: options.framework !== undefined, checks: new Map() };
    const items = Array.isArray(value) ? value : [value];
    let version: string | undefined;
    for (let index = 0; index < items.length; index += 1) {
      const item: unknown = items[index];
      const pointer = Array.isArray(value) ? `/${index}` : '';
      if (!isProwlerFinding(item)) {
        findings.push({
          rule: 'scanner-value',
          severity: 'error',
          pointer,
          message: `item ${index} is no Prowler OCSF Detection Finding (class_uid 2004 with metadata.product.name Prowler); left out`,
          expected: 'a Prowler OCSF Detection Finding',
          actual: isObject(item) ? `class_uid ${JSON.stringify(item['class_uid'])}` : typeof item,
        });
        continue;
      }
      version ??= text(objectAt(objectAt(item, 'metadata'), 'product')['version']);
      results.push(resultOf(item, pointer, state));
    }
    findings.push(...noted.findings());
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
