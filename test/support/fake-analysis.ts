import type { AnalysedReport, AnalysedSource, Analysis, DocumentForm, RuleId } from '../../src/index.js';

/** An input as the fail-closed questions read it: its form, reports found and valid, and the rules of its findings. */
export interface FakeSource {
  source: string;
  form?: DocumentForm;
  reportCount?: number;
  valid?: number;
  findings?: { rule: RuleId; severity: 'error' | 'warning' }[];
  /** Keys given twice in one object, as the load counted them. */
  repeatedKeys?: number;
}

/**
 * An analysis with the given sources and summary counts: what the verdict questions
 * read, and nothing they do not (valid reports are empty shells).
 */
export function fakeAnalysis(sources: FakeSource[], summary: { errors?: number; warnings?: number } = {}): Analysis {
  const made: AnalysedSource[] = sources.map(
    ({ source, form = 'envelope', reportCount, valid = 1, findings = [], repeatedKeys }) => ({
      source,
      form,
      reportCount: reportCount ?? valid,
      reports: Array.from({ length: valid }, () => ({}) as AnalysedReport),
      policies: 0,
      findings: findings.map(({ rule, severity }) => ({ rule, severity, pointer: '', message: `${rule} finding` })),
      ...(repeatedKeys === undefined ? {} : { repeatedKeys }),
    }),
  );
  const reports = made.reduce((sum, source) => sum + source.reports.length, 0);
  return {
    summary: { files: made.length, reports, policies: 0, errors: summary.errors ?? 0, warnings: summary.warnings ?? 0 },
    percentFormula: 'green-of-assessed',
    sources: made,
  };
}
