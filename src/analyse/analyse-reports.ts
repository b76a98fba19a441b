import type {
  AnalyseOptions,
  Analysis,
  AnalysedCategory,
  AnalysedReport,
  AnalysedSource,
  AnalysisSummary,
  PercentFormula,
  SeverityCount,
} from '../model/analysis.js';
import type { ReportRef, ValidatedDocument } from '../model/document.js';
import type { BenchmarkReport } from '../model/report.js';
import type { RuleId } from '../model/finding.js';
import { addCounts, countPolicies, emptyCounts, withPercent } from './figures.js';
import { severityOrder } from '../model/observed-values.js';
import { defaultPercentFormula } from './percent-formulas.js';
import { acrossInputRules, documentRules, policyRules, reportRules } from './rule-catalogue.js';
import { CappedFindings, findingWeight } from '../model/capped-findings.js';
import { applySeverities, runPolicyRules, runRule } from './run-rules.js';

/** Loader findings after which a document holds nothing for the document rules to judge. */
const loadFailures: ReadonlySet<RuleId> = new Set<RuleId>(['json-syntax', 'envelope-failure', 'not-a-report']);

/**
 * Recomputes the figures of every valid report and runs the rule catalogue over it.
 * Problems in the data come back as findings; nothing here throws on bad data. Each
 * document is analysed on its own ({@link analyseDocument}), then the rules across
 * inputs run over all of them ({@link checkAcrossInputs}): the same two steps as a run
 * whose documents are analysed on worker threads or in shards, so all give one result.
 */
export function analyseReports(documents: readonly ValidatedDocument[], options: AnalyseOptions = {}): Analysis {
  const percentFormula = options.percentFormula ?? defaultPercentFormula;
  const sources = checkAcrossInputs(
    documents.map((document) => analyseDocument(document, options)),
    options,
  );
  return { percentFormula, summary: summariseSources(sources), sources };
}

/**
 * One document analysed on its own, and where the rules across inputs add to its
 * findings: absent when the document held nothing for them (it did not parse, its call
 * failed, it is no report).
 */
export interface DocumentAnalysis {
  source: AnalysedSource;
  acrossInputs?: AcrossInputsPlace;
}

/** Where the rules across inputs put a document's findings: the list's position and the reports' pointer. */
export interface AcrossInputsPlace {
  /** Position in the document's findings, after those of its reports and policies. */
  at: number;
  reportsPointer: string;
}

/** Counts over analysed sources: files, valid reports, policies, errors, warnings. */
export function summariseSources(sources: readonly AnalysedSource[]): AnalysisSummary {
  let errors = 0;
  let warnings = 0;
  for (const source of sources) {
    // A finding standing for those past the listing limit counts them all: the verdict never depends on the limit.
    for (const finding of source.findings) {
      if (finding.severity === 'error') errors += findingWeight(finding);
      else warnings += findingWeight(finding);
    }
  }
  return {
    files: sources.length,
    reports: sources.reduce((sum, source) => sum + source.reports.length, 0),
    policies: sources.reduce((sum, source) => sum + source.policies, 0),
    errors,
    warnings,
  };
}

/** One analysis per source, for outputs made file by file. */
export function splitBySource(analysis: Analysis): Analysis[] {
  return analysis.sources.map((source) => ({
    percentFormula: analysis.percentFormula,
    summary: summariseSources([source]),
    sources: [source],
  }));
}

/**
 * Analyses one document: the figures of its valid reports, then the rules of a report,
 * of its policies and of the document, but not those across inputs (see
 * {@link checkAcrossInputs}), whose place in the findings it records.
 */
export function analyseDocument(document: ValidatedDocument, options: AnalyseOptions = {}): DocumentAnalysis {
  const percentFormula = options.percentFormula ?? defaultPercentFormula;
  const listed = applySeverities(document.findings, options);
  const findings = new CappedFindings(listed);
  const reports = document.reports.map((ref) => analyseReport(ref, percentFormula, options, findings));
  // A document that did not parse, whose call failed or that is no report at all
  // already has its finding; "no report" on top of it would say the same thing twice.
  const loadFailed = document.findings.some((finding) => loadFailures.has(finding.rule));
  const at = listed.length;
  if (!loadFailed) {
    const context = {
      source: document.source,
      reports: document.reports,
      reportCount: document.reportCount,
      reportsPointer: document.reportsPointer,
    };
    for (const rule of documentRules)
      runRule({ ...rule, check: rule.start() }, context, document.reportsPointer, options, findings);
  }
  const source: AnalysedSource = {
    source: document.source,
    form: document.form,
    reportCount: document.reportCount,
    reports,
    policies: reports.reduce((sum, report) => sum + report.figures.total, 0),
    findings: findings.finish(),
    ...(document.repeatedKeys === undefined ? {} : { repeatedKeys: document.repeatedKeys }),
  };
  return loadFailed ? { source } : { source, acrossInputs: { at, reportsPointer: document.reportsPointer } };
}

/**
 * Runs the rules across inputs (a report repeated in two files) over documents analysed
 * apart, in input order, and adds their findings where a rule of the document stage
 * would have: after the findings of the document's reports and policies, before those
 * of its other document rules. They read only the reports' ids and names, which a
 * document keeps when its policies are let go (see keepFigures).
 */
export function checkAcrossInputs(
  documents: readonly DocumentAnalysis[],
  options: AnalyseOptions = {},
): AnalysedSource[] {
  const checks = acrossInputRules.map((rule) => ({ ...rule, check: rule.start() }));
  return documents.map(({ source, acrossInputs: place }) => {
    if (place === undefined || checks.length === 0) return source;
    const added = new CappedFindings();
    const context = {
      source: source.source,
      reports: source.reports,
      reportCount: source.reportCount,
      reportsPointer: place.reportsPointer,
    };
    for (const rule of checks) runRule(rule, context, place.reportsPointer, options, added);
    const made = added.finish();
    if (made.length === 0) return source;
    const listed = made.filter((finding) => finding.omitted === undefined);
    const counted = made.filter((finding) => finding.omitted !== undefined);
    return {
      ...source,
      findings: [...source.findings.slice(0, place.at), ...listed, ...source.findings.slice(place.at), ...counted],
    };
  });
}

function analyseReport(
  ref: ReportRef,
  percentFormula: PercentFormula,
  options: AnalyseOptions,
  findings: CappedFindings,
): AnalysedReport {
  const analysed = figureReport(ref.report, ref.pointer, percentFormula);
  const context = {
    report: ref.report,
    pointer: ref.pointer,
    categories: analysed.categories,
    percentFormula: options.percentFormula,
    folded: ref.folded ?? [],
  };
  for (const rule of reportRules) runRule(rule, context, ref.pointer, options, findings);
  runPolicyRules(policyRules, context, options, findings);
  return analysed;
}

/**
 * The figures of one report and of each of its categories, counted from its policies
 * by `percentFormula`, without running any rule: what an analysis holds of a report
 * whose policies were checked elsewhere (a posture dataset's rows, written from reports
 * that checked).
 */
export function figureReport(report: BenchmarkReport, pointer: string, percentFormula: PercentFormula): AnalysedReport {
  const totals = emptyCounts();
  // Maps, not objects: a Severity of "__proto__" is data, not a prototype.
  const bySeverity = {
    red: new Map<string, number>(severityOrder.map((severity) => [severity, 0])),
    amber: new Map<string, number>(severityOrder.map((severity) => [severity, 0])),
    other: new Map<string, number>(),
  };
  const categories: AnalysedCategory[] = report.ResourceCategories.map((category, index) => {
    // Counted per category in the same pass, then added to the report's: no second walk over the policies.
    const own = { red: new Map<string, number>(), amber: new Map<string, number>(), other: new Map<string, number>() };
    const counts = countPolicies(category.Policies, own);
    addCounts(totals, counts);
    addSeverities(bySeverity.red, own.red);
    addSeverities(bySeverity.amber, own.amber);
    addSeverities(bySeverity.other, own.other);
    return {
      category,
      pointer: `${pointer}/ResourceCategories/${index}`,
      figures: withPercent(counts, percentFormula),
      redBySeverity: orderSeverities(own.red),
      amberBySeverity: orderSeverities(own.amber),
      otherBySeverity: orderSeverities(own.other).filter((entry) => entry.count > 0),
    };
  });
  return {
    report,
    pointer,
    figures: withPercent(totals, percentFormula),
    redBySeverity: orderSeverities(bySeverity.red),
    amberBySeverity: orderSeverities(bySeverity.amber),
    otherBySeverity: orderSeverities(bySeverity.other).filter((entry) => entry.count > 0),
    categories,
  };
}

function addSeverities(into: Map<string, number>, more: ReadonlyMap<string, number>): void {
  for (const [severity, count] of more) into.set(severity, (into.get(severity) ?? 0) + count);
}

/** Severity counts in order: the known severities worst first, then others by name. */
function orderSeverities(counts: ReadonlyMap<string, number>): SeverityCount[] {
  const known: SeverityCount[] = [];
  let present = 0;
  for (const severity of severityOrder) {
    const count = counts.get(severity);
    if (count !== undefined) present += 1;
    known.push({ severity, count: count ?? 0 });
  }
  // Three times a category: most hold no Severity outside the known ones, and need no sort.
  if (counts.size === present) return known;
  const others = [...counts]
    .filter(([severity]) => !severityOrder.includes(severity))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([severity, count]) => ({ severity, count }));
  return [...known, ...others];
}
