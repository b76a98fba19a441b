import type { AnalyseOptions, Analysis, AnalysedCategory, AnalysedReport, AnalysedSource, AnalysisSummary, PercentFormula, SeverityCount } from '../model/analysis.js';
import type { ReportRef, ValidatedDocument } from '../model/document.js';
import type { RuleId } from '../model/finding.js';
import type { DocumentCheck, RuleInfo } from '../model/rule.js';
import { addCounts, countPolicies, emptyCounts, withPercent } from './figures.js';
import { severityOrder } from '../validate/observed-values.js';
import { defaultPercentFormula } from './percent-formulas.js';
import { documentRules, policyRules, reportRules } from './rule-catalogue.js';
import { CappedFindings, findingWeight } from '../load/capped-findings.js';
import { applySeverities, runPolicyRules, runRule } from './run-rules.js';

/** Loader findings after which a document holds nothing for the document rules to judge. */
const loadFailures: ReadonlySet<RuleId> = new Set<RuleId>(['json-syntax', 'envelope-failure', 'not-a-report']);

/**
 * Recomputes the figures of every valid report and runs the rule catalogue over it.
 * Problems in the data come back as findings; nothing here throws on bad data.
 */
export function analyseReports(documents: readonly ValidatedDocument[], options: AnalyseOptions = {}): Analysis {
  const percentFormula = options.percentFormula ?? defaultPercentFormula;
  // One check per document rule for the whole run, so that duplicate-report sees every input.
  const documentChecks = documentRules.map((rule) => ({ ...rule, check: rule.start() }));
  const sources = documents.map((document) => analyseDocument(document, percentFormula, options, documentChecks));
  return { percentFormula, summary: summariseSources(sources), sources };
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
  return analysis.sources.map((source) => ({ percentFormula: analysis.percentFormula, summary: summariseSources([source]), sources: [source] }));
}

function analyseDocument(
  document: ValidatedDocument,
  percentFormula: PercentFormula,
  options: AnalyseOptions,
  documentChecks: readonly (RuleInfo & { check: DocumentCheck })[],
): AnalysedSource {
  const findings = new CappedFindings(applySeverities(document.findings, options));
  const reports = document.reports.map((ref) => analyseReport(ref, percentFormula, options, findings));
  // A document that did not parse, whose call failed or that is no report at all
  // already has its finding; "no report" on top of it would say the same thing twice.
  const loadFailed = document.findings.some((finding) => loadFailures.has(finding.rule));
  if (!loadFailed) {
    const context = { source: document.source, reports: document.reports, reportCount: document.reportCount, reportsPointer: document.reportsPointer };
    for (const rule of documentChecks) runRule(rule, context, document.reportsPointer, options, findings);
  }
  return {
    source: document.source,
    form: document.form,
    reportCount: document.reportCount,
    reports,
    policies: reports.reduce((sum, report) => sum + report.figures.total, 0),
    findings: findings.finish(),
    ...(document.repeatedKeys === undefined ? {} : { repeatedKeys: document.repeatedKeys }),
  };
}

function analyseReport(ref: ReportRef, percentFormula: PercentFormula, options: AnalyseOptions, findings: CappedFindings): AnalysedReport {
  const totals = emptyCounts();
  // Maps, not objects: a Severity of "__proto__" is data, not a prototype.
  const bySeverity = {
    red: new Map<string, number>(severityOrder.map((severity) => [severity, 0])),
    amber: new Map<string, number>(severityOrder.map((severity) => [severity, 0])),
    other: new Map<string, number>(),
  };
  const categories: AnalysedCategory[] = ref.report.ResourceCategories.map((category, index) => {
    // Red is counted per category in the same pass, then added to the report's: no second walk over the policies.
    const categoryRed = new Map<string, number>();
    const counts = countPolicies(category.Policies, { red: categoryRed, amber: bySeverity.amber, other: bySeverity.other });
    addCounts(totals, counts);
    addSeverities(bySeverity.red, categoryRed);
    return {
      category,
      pointer: `${ref.pointer}/ResourceCategories/${index}`,
      figures: withPercent(counts, percentFormula),
      redBySeverity: orderSeverities(categoryRed),
    };
  });
  const context = { report: ref.report, pointer: ref.pointer, categories, percentFormula: options.percentFormula, folded: ref.folded ?? [] };
  for (const rule of reportRules) runRule(rule, context, ref.pointer, options, findings);
  runPolicyRules(policyRules, context, options, findings);
  return {
    report: ref.report,
    pointer: ref.pointer,
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
  const known = severityOrder.map((severity) => ({ severity, count: counts.get(severity) ?? 0 }));
  const others = [...counts]
    .filter(([severity]) => !severityOrder.includes(severity))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([severity, count]) => ({ severity, count }));
  return [...known, ...others];
}
