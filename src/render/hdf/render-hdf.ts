import { createHash } from 'node:crypto';
import type { RenderedBody, RenderOptions } from '../../model/renderer.js';
import type { ReportView, ViewModel } from '../../model/view-model.js';
import { acceptanceAt } from '../policy-acceptance.js';
import { categoryTagJson, hdfControlJson } from './hdf-control.js';
import { hdfAttributes } from './hdf-waiver.js';

/** A control id of a policy, from its report's point of view. */
type ControlId = (policy: { ComplianceNumber: string; PolicyId: string }) => string;

const byNumber: ControlId = (policy) => policy.ComplianceNumber;
const byPolicyId: ControlId = (policy) => policy.PolicyId;

/** Every id `idOf` gives in the report, and whether none repeats. */
function idsOf(report: ReportView, idOf: ControlId): { ids: Set<string>; unique: boolean } {
  const ids = new Set<string>();
  let unique = true;
  for (const category of report.categories) {
    for (const policy of category.policies) {
      const id = idOf(policy);
      if (ids.has(id)) unique = false;
      ids.add(id);
    }
  }
  return { ids, unique };
}

/** The ComplianceNumber when it is unique in the report, else the PolicyId, for every policy. */
function reportIds(report: ReportView): { idOf: ControlId; ids: Set<string> } {
  const numbers = idsOf(report, byNumber);
  return numbers.unique
    ? { idOf: byNumber, ids: numbers.ids }
    : { idOf: byPolicyId, ids: idsOf(report, byPolicyId).ids };
}

/**
 * Whether the reports' numbers are their ids (each unique in its report) and whether
 * two reports share one, in one pass over a map from number to the report that has it:
 * the usual case, and half the work of a set per report. Undefined when a report's
 * numbers repeat, so that its ids are PolicyIds.
 */
function numbersShared(reports: readonly ReportView[]): boolean | undefined {
  const owner = new Map<string, number>();
  let shared = false;
  for (const [index, report] of reports.entries()) {
    for (const category of report.categories) {
      for (const policy of category.policies) {
        const seenIn = owner.get(policy.ComplianceNumber);
        if (seenIn === undefined) owner.set(policy.ComplianceNumber, index);
        else if (seenIn === index) return undefined;
        else shared = true;
      }
    }
  }
  return shared;
}

/** Whether two reports share an id, and the id of each report's policies. */
function ownIds(reports: readonly ReportView[]): { shared: boolean; own: ControlId[] } {
  const numbers = numbersShared(reports);
  if (numbers !== undefined) return { shared: numbers, own: reports.map(() => byNumber) };
  const own = reports.map(reportIds);
  const seen = new Set<string>();
  let shared = false;
  for (const { ids } of own) {
    for (const id of ids) if (seen.has(id)) shared = true;
    for (const id of ids) seen.add(id);
  }
  return { shared, own: own.map(({ idOf }) => idOf) };
}

/**
 * The control ids of every report. The HDF tools take controls of one id in several
 * profiles as one control (an overlay), and would show the first profile's result for
 * all: so when two reports share an id, every id is prefixed with its BenchmarkId (and
 * AccountId, when a benchmark is there twice).
 */
function controlIds(reports: readonly ReportView[]): ControlId[] {
  const { shared, own } = ownIds(reports);
  if (!shared) return own;
  const benchmarkCounts = new Map<string, number>();
  for (const report of reports)
    benchmarkCounts.set(report.benchmarkId, (benchmarkCounts.get(report.benchmarkId) ?? 0) + 1);
  return own.map((idOf, index) => {
    const report = reports[index] as ReportView;
    const prefix =
      (benchmarkCounts.get(report.benchmarkId) as number) > 1
        ? `${report.benchmarkId}/${report.accountId}/`
        : `${report.benchmarkId}/`;
    return (policy) => `${prefix}${idOf(policy)}`;
  });
}

/**
 * One profile per benchmark report, its categories as groups, its policies as controls,
 * as chunks of JSON text (a category's controls at a time). The digest InSpec gives a
 * profile is of its source; these profiles have none, so it is of the report's identity.
 */
function* profileChunks(
  report: ReportView,
  idOf: ControlId,
  startTime: string,
  attributes: readonly unknown[],
): Generator<string> {
  const groups = report.categories.map((category) => ({
    id: category.categoryId,
    title: category.name,
    controls: category.policies.map(idOf),
  }));
  const head = {
    name: `${report.benchmarkId} ${report.accountId}`,
    version: report.jobId,
    title: report.benchmarkName,
    maintainer: null,
    summary: `${report.benchmarkName}: account ${report.accountName} (${report.connectorType}), scan job ${report.jobId}`,
    license: null,
    copyright: null,
    copyright_email: null,
    supports: [],
    attributes,
    depends: [],
    groups,
    status: 'loaded',
    sha256: createHash('sha256')
      .update(JSON.stringify([report.benchmarkId, report.accountId, report.jobId]))
      .digest('hex'),
  };
  yield `${JSON.stringify(head).slice(0, -1)},"controls":[`;
  const time = JSON.stringify(startTime);
  let first = true;
  for (const [index, category] of report.categories.entries()) {
    const tag = categoryTagJson(category);
    const ids = (groups[index] as { controls: string[] }).controls;
    let text = '';
    for (const [position, policy] of category.policies.entries()) {
      const acceptance = acceptanceAt(report, index, position);
      text += `${first ? '' : ','}${hdfControlJson(ids[position] as string, policy, tag, time, acceptance)}`;
      first = false;
      // A category may hold many thousand policies: never one very large string.
      if (text.length > 1 << 20) {
        yield text;
        text = '';
      }
    }
    yield text;
  }
  yield ']}';
}

async function* chunks(view: ViewModel, options: RenderOptions): AsyncGenerator<Uint8Array> {
  const first = view.reports[0];
  // Heimdall shows the platform as name and release run together ("Azurecspm-report 0.1.0"
  // when they were "Azure" and "cspm-report 0.1.0"), its HTML export the name alone: so
  // the name says both, and the release, the version of the cloud, is not known.
  const platform = {
    name: `${first ? first.connectorType : 'cloud'} · ${view.tool.name} ${view.tool.version}`,
    release: '',
    target_id: first ? `${first.accountName} (${first.accountId})` : '',
  };
  yield Buffer.from(
    `{"platform":${JSON.stringify(platform)},"version":${JSON.stringify(view.tool.version)},"statistics":{"duration":null},"profiles":[`,
  );
  const ids = controlIds(view.reports);
  const attributes = hdfAttributes(view);
  for (const [index, report] of view.reports.entries()) {
    const startTime = report.lastScanned?.date?.toISOString() ?? options.now?.toISOString() ?? '';
    if (index > 0) yield Buffer.from(',');
    for (const text of profileChunks(report, ids[index] as ControlId, startTime, attributes)) yield Buffer.from(text);
  }
  yield Buffer.from(']}\n');
}

/**
 * The Heimdall Data Format (HDF, InSpec's exec-json) of a view, for the MITRE SAF tools
 * (Heimdall, SAF CLI): one profile per benchmark report, so that a file of several keeps
 * every one, and one control per policy; an accepted policy's control is waived, and a
 * run with exceptions records its files in each profile's attributes. Streamed a profile at a time.
 */
export function renderHdfView(view: ViewModel, options: RenderOptions): RenderedBody {
  return chunks(view, options);
}
