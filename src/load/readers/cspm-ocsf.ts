import type { Finding } from '../../model/finding.js';
import type { BenchmarkReport, Policy, ResourceCategory } from '../../model/report.js';
import type { InputReader } from './input-reader.js';
import { readPolicyEvent, type OcsfPolicyEvent } from './cspm-ocsf-event.js';
import { DocumentNotes } from './document-notes.js';
import { isObject, objectAt } from './ocsf-values.js';

/** True for a Compliance Finding this tool wrote (`render -f ocsf`): its product names cspm-report. */
function isOwnEvent(value: unknown): value is Record<string, unknown> {
  if (!isObject(value) || value['class_uid'] !== 2003) return false;
  return objectAt(objectAt(value, 'metadata'), 'product')['name'] === 'cspm-report';
}

/** The ConnectorType of each provider as src/render/ocsf/ocsf-mapping.ts spells it; others kept as written. */
const connectors: Readonly<Record<string, string>> = { AWS: 'AWS', Azure: 'Azure', 'Microsoft 365': 'Office365' };

/** A report being rebuilt: its events' shared fields and its categories, in the order first seen. */
interface Draft {
  first: OcsfPolicyEvent['report'];
  categories: Map<string, { name: string; id: string; policies: Policy[] }>;
}

const notes = {
  accepted: {
    message: (count: number) =>
      `${count} ${count === 1 ? 'policy was' : 'policies were'} accepted under an exception when the events were written (unmapped.exception_id): read back as the scan found ${count === 1 ? 'it' : 'them'}; give the exceptions file again to apply it`,
    expected: 'no exception_id',
  },
} as const;

/**
 * Our own `render -f ocsf` output read back: one Compliance Finding per policy, its
 * figures in `unmapped` (resource counts, colour, severity, risk, ids) and its report's
 * in `compliance`, `cloud` and `metadata`. The reports are rebuilt as they were, colours
 * and counts as stated, not recounted from resources (there is one event per policy,
 * not per resource): check, gate and diff give the figures of the reports rendered.
 */
export const cspmOcsfReader: InputReader = {
  description: 'our own OCSF output (render -f ocsf), read back to the same figures',
  recognises: (value) => isOwnEvent(Array.isArray(value) ? value[0] : value),
  read(source, value) {
    const findings: Finding[] = [];
    const noted = new DocumentNotes(notes);
    const drafts = new Map<string, Draft>();
    const items = Array.isArray(value) ? value : [value];
    for (let index = 0; index < items.length; index += 1) {
      const item: unknown = items[index];
      const pointer = Array.isArray(value) ? `/${index}` : '';
      const event = isOwnEvent(item) ? readPolicyEvent(item, pointer) : notOurs(item, index, pointer);
      if ('rule' in event) {
        findings.push(event);
        continue;
      }
      if (event.exceptionId !== undefined) noted.add('accepted', pointer, event.exceptionId);
      addEvent(drafts, event);
    }
    findings.push(...noted.findings());
    return {
      source,
      form: 'array',
      value,
      reportsPointer: '',
      candidates: [...drafts.values()].map(reportOf),
      findings,
      builtFrom: 'cspm-ocsf',
    };
  },
};

function notOurs(item: unknown, index: number, pointer: string): Finding {
  return {
    rule: 'scanner-value',
    severity: 'error',
    pointer,
    message: `item ${index} is no Compliance Finding of cspm-report (class_uid 2003 with metadata.product.name cspm-report); left out`,
    expected: 'a Compliance Finding of cspm-report',
    actual: isObject(item) ? `class_uid ${JSON.stringify(item['class_uid'])}` : typeof item,
  };
}

function addEvent(drafts: Map<string, Draft>, event: OcsfPolicyEvent): void {
  const { report } = event;
  const key = JSON.stringify([report.accountId, report.benchmarkId, report.jobId]);
  let draft = drafts.get(key);
  if (draft === undefined) {
    draft = { first: report, categories: new Map() };
    drafts.set(key, draft);
  }
  const categoryKey = JSON.stringify([event.category.name, event.category.id]);
  let category = draft.categories.get(categoryKey);
  if (category === undefined) {
    category = { ...event.category, policies: [] };
    draft.categories.set(categoryKey, category);
  }
  category.policies.push(event.policy);
}

type Counts = Pick<ResourceCategory, 'Total' | 'Green' | 'Red' | 'Amber' | 'Gray' | 'CompliancePercent'>;

/** The colour counts of policies, and Green of the assessed (the service's formula). */
function countsOf(colours: readonly string[]): Counts {
  const counts = { Total: colours.length, Green: 0, Red: 0, Amber: 0, Gray: 0 };
  for (const colour of colours)
    if (colour === 'Green' || colour === 'Red' || colour === 'Amber' || colour === 'Gray') counts[colour] += 1;
  const assessed = counts.Total - counts.Gray;
  return { ...counts, CompliancePercent: assessed > 0 ? (counts.Green / assessed) * 100 : 0 };
}

function reportOf(draft: Draft): BenchmarkReport {
  const { first } = draft;
  const connector = connectors[first.provider] ?? first.provider;
  // The account's id in its cloud, written in place of the service's when the report had one.
  const cloudId = first.accountUid === first.accountId ? null : first.accountUid;
  const categories = [...draft.categories.values()].map((category, index): ResourceCategory => ({
    CategoryName: category.name,
    ControlCategoryOrder: index + 1,
    CategoryId: category.id,
    ...countsOf(category.policies.map((policy) => policy.Compliance)),
    Policies: category.policies,
  }));
  return {
    BenchmarkName: first.benchmarkName,
    BenchmarkId: first.benchmarkId,
    AccountId: first.accountId,
    LicenseId: '',
    LicenseName: '',
    AccountName: first.accountName,
    ConnectorType: connector,
    SubscriptionId: connector === 'Azure' ? cloudId : null,
    AWSAccountId: connector === 'AWS' ? cloudId : null,
    JobId: first.jobId,
    ResourceCategories: categories,
    Posture: countsOf(categories.flatMap((category) => category.Policies.map((policy) => policy.Compliance))),
    ...scanDateOf(first),
  };
}

/**
 * The scan date as the report stated it: LastScannedDate, or the epoch seconds it
 * stated instead; else the events' time, which `render --now` gave a report without one.
 */
function scanDateOf(
  report: OcsfPolicyEvent['report'],
): Pick<BenchmarkReport, 'LastScannedDate' | 'LastScannedDateEpochTime'> {
  const stated = report.statedTime;
  if (stated !== undefined && /^\d+$/.test(stated)) return { LastScannedDateEpochTime: Number(stated) };
  return { LastScannedDate: stated ?? new Date(report.time).toISOString() };
}
