import type { Finding } from '../../model/finding.js';
import type { ResultStatus, ScanResult, ScannedCheck } from '../../model/scan-result.js';
import { severityOf, severityOfImpact } from '../scanners/severity-words.js';
import type { HdfRunControl } from './hdf-overlays.js';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The framework an HDF control's `tags.nist` names. */
export const nistFramework = 'NIST SP 800-53';

/** InSpec's statuses of a test (a describe block). */
const statuses: Readonly<Record<string, ResultStatus>> = {
  passed: 'pass',
  failed: 'fail',
  skipped: 'skipped',
  error: 'error',
};

/** Where a control's results go: its account, provider and category. */
export interface HdfPlace {
  provider: string;
  account: { uid: string; name?: string };
  /** The category of its checks: its profile's title. */
  service: string;
}

/**
 * The results of one control, one per test (an InSpec describe block, usually of one
 * resource), read as Heimdall reads them:
 * - skipped for a waiver: muted, an accepted risk that never passes;
 * - impact 0: not applicable;
 * - no test: manual (a person must judge it); an attestation (`saf attest apply`) is a
 *   test of its own, so an attested manual control is read by its attested status;
 * - a test that raised an error (or has a backtrace): an error; when no test failed, the
 *   control's passes are errors too, as Heimdall's "Profile Error" is no pass.
 */
export function hdfControlResults(run: HdfRunControl, place: HdfPlace, findings: Finding[]): ScanResult[] {
  const check = checkOf(run.control, place.service);
  const base = { provider: place.provider, account: place.account, check };
  if (run.waived)
    return outcomes(run, findings).map((outcome) => ({
      ...base,
      ...outcome,
      pointer: run.waiverPointer ?? run.pointer,
      muted: true,
    }));
  if (run.control['impact'] === 0)
    return outcomes(run, findings).map((outcome) => ({ ...base, ...outcome, status: 'not-available' as const }));
  const read = outcomes(run, findings);
  const erred =
    read.some((outcome) => outcome.status === 'error') && !read.some((outcome) => outcome.status === 'fail');
  return read.map((outcome) => ({ ...base, ...outcome, ...(erred ? { status: 'error' as const } : {}) }));
}

type Outcome = Pick<ScanResult, 'pointer' | 'status' | 'resource' | 'time'>;

/** Each test's status, resource and time; a control with none is one manual outcome. */
function outcomes(run: HdfRunControl, findings: Finding[]): Outcome[] {
  if (run.results.length === 0) return [{ pointer: run.pointer, status: 'manual' }];
  return run.results.map((item, index) => {
    const pointer = `${run.resultsPointer}/${index}`;
    const result = isObject(item) ? item : {};
    const resource = text(result['resource_id']) ?? text(result['code_desc']);
    const time = typeof result['start_time'] === 'string' ? Date.parse(result['start_time']) : Number.NaN;
    return {
      pointer,
      status: statusOf(result, pointer, findings),
      ...(resource === undefined ? {} : { resource }),
      ...(Number.isNaN(time) ? {} : { time }),
    };
  });
}

function statusOf(result: Json, pointer: string, findings: Finding[]): ResultStatus {
  // inspecjs reads a test with a backtrace as an error, whatever its status says.
  if (result['backtrace'] !== undefined && result['backtrace'] !== null) return 'error';
  const status = typeof result['status'] === 'string' ? statuses[result['status']] : undefined;
  if (status !== undefined) return status;
  findings.push({
    rule: 'scanner-value',
    severity: 'warning',
    pointer: `${pointer}/status`,
    message: `status ${JSON.stringify(result['status'])} is none of ${Object.keys(statuses).join(', ')}; read as failed`,
    expected: Object.keys(statuses),
    actual: result['status'],
  });
  return 'fail';
}

/**
 * The check of a control: its id, title, description, fix and references, its severity
 * from its impact in the SAF CLI's bands, and its NIST SP 800-53 controls (`tags.nist`,
 * less the revision tag `Rev_4` that some profiles add).
 */
function checkOf(control: Json, service: string): ScannedCheck {
  const id = text(control['id']) ?? String(control['id'] ?? 'unnamed control');
  const descriptions = descriptionsOf(control['descriptions']);
  const description = text(control['desc']) ?? descriptions['default'];
  const remediation = descriptions['fix'];
  const references = referencesOf(control['refs']);
  const tags = isObject(control['tags']) ? control['tags'] : {};
  const nist = (Array.isArray(tags['nist']) ? tags['nist'] : [tags['nist']]).filter(
    (tag): tag is string => typeof tag === 'string' && tag.trim() !== '' && !/^rev[_ ]?\d+$/i.test(tag.trim()),
  );
  const impact = control['impact'];
  return {
    id,
    title: text(control['title']) ?? id,
    ...(description === undefined ? {} : { description }),
    severity: typeof impact === 'number' ? severityOfImpact(impact) : severityOf(impact),
    service,
    ...(remediation === undefined ? {} : { remediation }),
    ...(references.length === 0 ? {} : { references }),
    ...(nist.length === 0 ? {} : { requirements: { [nistFramework]: [...new Set(nist.map((tag) => tag.trim()))] } }),
  };
}

/** `descriptions` by label: exec-json writes `[{label, data}]`, profile json an object. */
function descriptionsOf(value: unknown): Record<string, string> {
  const byLabel: Record<string, string> = {};
  if (Array.isArray(value)) {
    for (const entry of value) {
      if (isObject(entry) && typeof entry['label'] === 'string' && text(entry['data']) !== undefined)
        byLabel[entry['label']] = entry['data'] as string;
    }
  } else if (isObject(value)) {
    for (const [label, data] of Object.entries(value)) if (text(data) !== undefined) byLabel[label] = data as string;
  }
  return byLabel;
}

function referencesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const reference = isObject(entry) ? (text(entry['url']) ?? text(entry['ref'])) : text(entry);
    return reference === undefined ? [] : [reference];
  });
}
