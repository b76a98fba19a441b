import type { AcceptedRisks } from '../model/exceptions.js';
import { runExceptionsOf, type ExceptionsOptions } from './exceptions/run-exceptions.js';
import type { FailOn } from '../model/fail-closed.js';
import type { AuditSummaryIds, CspmClient } from '../client/create-client.js';
import { exitCodes } from '../error/exit-codes.js';
import type { Analysis } from '../model/analysis.js';
import type { DocumentFormat, PlannedDocument, RenderOptions } from '../model/renderer.js';
import { renderDocuments } from '../render/render-documents.js';
import type { Verdict } from '../model/verdict.js';
import { plural } from '../text/plural.js';
import type { AnalyseInputsOptions } from './analyse-inputs.js';
import { checkReports } from './check-reports.js';
import { runPool } from './run-pool.js';
import { failed, passed } from './verdicts.js';

/** One audit summary to fetch, or every benchmark of an account when `benchmarkId` is {@link allBenchmarks}. */
export interface FetchTarget extends AuditSummaryIds {
  /** Where the target was given (`accounts.csv:4`), for messages; absent for a caller's own. */
  origin?: string;
}

/** The benchmark id that asks for every benchmark of the account. */
export const allBenchmarks = 'all';

/** How messages name a target: `license/account/job/benchmark`. */
export function describeTarget(target: AuditSummaryIds): string {
  return `${target.licenseId}/${target.accountId}/${target.jobId}/${target.benchmarkId}`;
}

/** A target whose benchmarks could not be listed, or whose report could not be fetched or kept, and why. */
export interface FetchFailure {
  target: FetchTarget;
  error: unknown;
}

/** Options of {@link expandTargets}. */
export interface ExpandTargetsOptions {
  /** Listings asked at once. */
  concurrency: number;
  /** Told of a target whose benchmarks could not be listed; the others go on. */
  onFailure?: (failure: FetchFailure) => void;
  /** Told of a target asked twice (`all` and one of its benchmarks named too): fetched once. */
  onRepeat?: (target: FetchTarget, first: FetchTarget) => void;
}

/**
 * The targets with `all` replaced by one target per benchmark of the account (a failed
 * listing, or an account with no benchmark, is a failure told to `onFailure`), and
 * without a second ask for one report.
 */
export async function expandTargets(
  client: CspmClient,
  targets: readonly FetchTarget[],
  options: ExpandTargetsOptions,
): Promise<{ targets: FetchTarget[]; failures: FetchFailure[] }> {
  const listed = new Map<FetchTarget, FetchTarget[]>();
  const failures: FetchFailure[] = [];
  const fail = (failure: FetchFailure): void => {
    failures.push(failure);
    options.onFailure?.(failure);
  };
  await runPool(
    targets.filter((target) => target.benchmarkId === allBenchmarks),
    options.concurrency,
    async (target) => {
      try {
        const benchmarks = await client.listBenchmarks(target.licenseId, target.accountId);
        listed.set(
          target,
          benchmarks.map(({ benchmarkId }) => ({ ...target, benchmarkId })),
        );
        if (benchmarks.length === 0) fail({ target, error: new Error('the account has no benchmark') });
      } catch (error) {
        fail({ target, error });
      }
    },
  );
  const seen = new Map<string, FetchTarget>();
  const expanded = targets
    .flatMap((target) => (target.benchmarkId === allBenchmarks ? (listed.get(target) ?? []) : [target]))
    .filter((target) => {
      const key = JSON.stringify([target.licenseId, target.accountId, target.jobId, target.benchmarkId]);
      const first = seen.get(key);
      if (first !== undefined) options.onRepeat?.(target, first);
      else seen.set(key, target);
      return first === undefined;
    });
  return { targets: expanded, failures };
}

/** One fetched report: the envelope as the service answered it, and its check. */
export interface FetchedReport {
  target: FetchTarget;
  envelope: unknown;
  /** The analysis of the envelope, for its documents and its verdict. */
  analysis: Analysis;
  /** What the run's exceptions did on this report, when it was given any: its documents show it. */
  exceptions?: AcceptedRisks;
  /** The documents asked for, planned (each output renders when asked); absent without `formats`. */
  document?: PlannedDocument;
  /**
   * The verdict: `fail` on findings at or above `failOn` or no valid report (a pass
   * when not checked), and when the documents asked for cannot be rendered.
   */
  verdict: Verdict;
}

/** Options of {@link fetchReport} and {@link fetchReports}. */
export interface FetchReportsOptions extends AnalyseInputsOptions, ExceptionsOptions {
  /** Judge each report as `checkReports` does (default true); false saves whatever came. */
  check?: boolean;
  /** The lowest finding severity that fails a report's check (default `error`). */
  failOn?: FailOn;
  /** Documents to plan for each report (rendered when the caller asks an output for its body). */
  formats?: readonly DocumentFormat[];
  /** Told what a document could not show as it should (a missing font), as `render` tells it. */
  onWarning?: RenderOptions['onWarning'];
}

/** Fetches one audit summary and checks it; the service's errors reject. */
export async function fetchReport(
  client: CspmClient,
  target: FetchTarget,
  options: FetchReportsOptions & { name?: string } = {},
): Promise<FetchedReport> {
  // Read before the request: an exceptions file that does not check fails the run, never reads as none.
  const run = runExceptionsOf(options);
  const envelope = await client.getAuditSummary(target);
  const { analysis, verdict, exceptions } = await checkReports(
    { value: envelope, name: options.name ?? describeTarget(target) },
    { ...options, ...(run === undefined ? {} : { exceptions: run }) },
  );
  const checked = options.check === false ? passed() : verdict;
  const accepted = exceptions === undefined ? {} : { exceptions };
  if (options.formats === undefined || options.formats.length === 0)
    return { target, envelope, analysis, ...accepted, verdict: checked };
  const [document] = renderDocuments(analysis, {
    formats: options.formats,
    combine: true,
    ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
    ...(exceptions === undefined ? {} : { acceptedRisks: exceptions }),
  }).documents;
  const unrendered =
    document?.status === 'ready' ? undefined : `not rendered: ${document?.message ?? 'nothing to render'}`;
  const fetched = {
    target,
    envelope,
    analysis,
    ...accepted,
    verdict: unrendered === undefined ? checked : failed(exitCodes.findings, ...checked.reasons, unrendered),
  };
  return document === undefined ? fetched : { ...fetched, document };
}

/** Options of {@link fetchReports}: how many at once, and what becomes of each report. */
export interface FetchManyOptions extends FetchReportsOptions {
  /** Reports (and benchmark listings) fetched at once. */
  concurrency: number;
  /**
   * Called with every report to fetch, `all` expanded, before the first is fetched: the
   * caller plans its files and may refuse the run (an exception stops it).
   */
  prepare?: (targets: readonly FetchTarget[]) => void | Promise<void>;
  /** Told of a target asked twice: fetched once. */
  onRepeat?: ExpandTargetsOptions['onRepeat'];
  /** The name a report's findings give it (its file, say); its target by default. */
  nameOf?: (target: FetchTarget) => string;
  /**
   * Keeps one fetched report (the caller saves and renders it); a rejection is that
   * report's failure. At most `concurrency` run at once, each beside its slot's next
   * request, so memory stays bounded and keeping a report adds nothing to the requests' time.
   */
  keep: (report: FetchedReport) => Promise<void>;
  /** Told of a listing or a report that failed; the others go on. */
  onFailure?: (failure: FetchFailure) => void;
}

/** What a run over many targets did. */
export interface FetchManyResult {
  /** Reports asked for, `all` expanded. */
  asked: number;
  /** Reports fetched and kept. */
  kept: number;
  /** Reports kept whose check failed. */
  failing: number;
  failures: FetchFailure[];
  verdict: Verdict;
}

/**
 * Fetches many reports: first the benchmarks of each target asking for `all`, then every
 * report, `concurrency` at a time; checks each and hands it to `keep`. It fails closed:
 * a listing, a report that could not be fetched or kept, or one whose check failed,
 * fails the run (exit code 1), and so does a run that fetched nothing.
 */
export async function fetchReports(
  client: CspmClient,
  asked: readonly FetchTarget[],
  options: FetchManyOptions,
): Promise<FetchManyResult> {
  // Read once for every report, before any request: a file that does not check fails the run.
  const run = runExceptionsOf(options);
  if (run !== undefined) options = { ...options, exceptions: run };
  const result = { kept: 0, failing: 0, failures: [] as FetchFailure[] };
  const fail = (failure: FetchFailure): void => {
    result.failures.push(failure);
    options.onFailure?.(failure);
  };
  const { targets } = await expandTargets(client, asked, {
    concurrency: options.concurrency,
    onFailure: fail,
    ...(options.onRepeat ? { onRepeat: options.onRepeat } : {}),
  });
  await options.prepare?.(targets);
  const keeping = new Set<Promise<void>>();
  await runPool(targets, options.concurrency, async (target) => {
    let fetched: FetchedReport;
    try {
      fetched = await fetchReport(client, target, {
        ...options,
        ...(options.nameOf ? { name: options.nameOf(target) } : {}),
      });
    } catch (error) {
      fail({ target, error });
      return;
    }
    while (keeping.size >= options.concurrency) await Promise.race(keeping);
    const task: Promise<void> = options
      .keep(fetched)
      .then(
        () => {
          result.kept += 1;
          if (fetched.verdict.status === 'fail') result.failing += 1;
        },
        (error: unknown) => fail({ target, error }),
      )
      .finally(() => keeping.delete(task));
    keeping.add(task);
  });
  await Promise.all(keeping);
  return { asked: targets.length, ...result, verdict: manyVerdict(targets.length, result) };
}

function manyVerdict(
  asked: number,
  result: { kept: number; failing: number; failures: readonly FetchFailure[] },
): Verdict {
  const reasons: string[] = [];
  if (asked === 0) reasons.push('nothing to fetch: a run that fetched nothing passes nothing');
  if (result.failures.length > 0)
    reasons.push(`${plural(result.failures.length, 'listing or report', 'listings or reports')} failed`);
  if (result.failing > 0) reasons.push(`${plural(result.failing, 'report')} failed the check or could not be rendered`);
  return reasons.length === 0 ? passed() : failed(exitCodes.findings, ...reasons);
}
