import type { AnalysedCategory, AnalysedReport } from '../../model/analysis.js';
import type { PartialCategory, PartialFigures, PartialFile, PartialReport } from '../../model/partial.js';
import type { BenchmarkReport, ResourceCategory } from '../../model/report.js';
import type { AnalysedFile } from '../analyse-files.js';

/** A file analysed on its own as a shard writes it: plain JSON, each category once. */
export function toPartialFile(file: AnalysedFile, index: number): Omit<PartialFile, 'sha256'> {
  const { document, textSource } = file;
  const { source } = document;
  return {
    index,
    source: source.source,
    form: source.form,
    reportCount: source.reportCount,
    policies: source.policies,
    reports: source.reports.map(toPartialReport),
    findings: source.findings,
    ...(source.regions === undefined ? {} : { regions: [...source.regions] }),
    ...(source.repeatedKeys === undefined ? {} : { repeatedKeys: source.repeatedKeys }),
    ...(document.acrossInputs === undefined ? {} : { acrossInputs: document.acrossInputs }),
    ...(textSource === undefined ? {} : { textSource }),
  };
}

function toPartialReport(analysed: AnalysedReport): PartialReport {
  return {
    ...partialFigures(analysed, analysed.report, 'ResourceCategories'),
    categories: analysed.categories.map(toPartialCategory),
  };
}

function toPartialCategory(analysed: AnalysedCategory): PartialCategory {
  return {
    ...partialFigures(analysed, analysed.category, 'Policies'),
    keptPolicies: [...(analysed.keptPolicies ?? [])],
  };
}

/** Where a report or category is, its fields but the list under `left`, and its figures. */
function partialFigures(analysed: AnalysedReport | AnalysedCategory, own: object, left: string): PartialFigures {
  const fields: Record<string, unknown> = { ...own };
  delete fields[left];
  const { pointer, figures, redBySeverity, amberBySeverity, otherBySeverity } = analysed;
  return { pointer, fields, figures, redBySeverity, amberBySeverity, otherBySeverity };
}

/** A shard's file back as the merge joins it: what {@link toPartialFile} wrote. */
export function fromPartialFile(file: PartialFile): AnalysedFile {
  const reports = file.reports.map(fromPartialReport);
  return {
    document: {
      source: {
        source: file.source,
        form: file.form,
        reportCount: file.reportCount,
        reports,
        policies: file.policies,
        findings: file.findings,
        ...(file.regions === undefined ? {} : { regions: new Map(file.regions) }),
        ...(file.repeatedKeys === undefined ? {} : { repeatedKeys: file.repeatedKeys }),
      },
      ...(file.acrossInputs === undefined ? {} : { acrossInputs: file.acrossInputs }),
    },
    ...(file.textSource === undefined ? {} : { textSource: file.textSource }),
  };
}

function fromPartialReport(partial: PartialReport): AnalysedReport {
  const categories = partial.categories.map(fromPartialCategory);
  const report = {
    ...partial.fields,
    ResourceCategories: categories.map(({ category }) => category),
  } as unknown as BenchmarkReport;
  return {
    report,
    pointer: partial.pointer,
    figures: partial.figures,
    redBySeverity: partial.redBySeverity,
    amberBySeverity: partial.amberBySeverity,
    otherBySeverity: partial.otherBySeverity,
    categories,
  };
}

function fromPartialCategory(partial: PartialCategory): AnalysedCategory {
  return {
    category: { ...partial.fields, Policies: [] } as unknown as ResourceCategory,
    pointer: partial.pointer,
    figures: partial.figures,
    redBySeverity: partial.redBySeverity,
    amberBySeverity: partial.amberBySeverity,
    otherBySeverity: partial.otherBySeverity,
    keptPolicies: new Map(partial.keptPolicies),
  };
}
