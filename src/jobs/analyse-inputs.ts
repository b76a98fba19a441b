import { analyseReports } from '../analyse/analyse-reports.js';
import { assertRuleSettings, withNoValidReport } from '../model/fail-closed.js';
import { loadReports, type LoadOptions, type ReportInput } from '../load/load-reports.js';
import type { AnalyseOptions, Analysis } from '../model/analysis.js';
import { validateReports } from '../validate/validate-documents.js';
import { placeFindings } from './place-findings.js';

/** The analysis options every job takes: the loader's and the analysis's. */
export interface AnalyseInputsOptions extends AnalyseOptions, LoadOptions {
  /**
   * Place each finding on a line of its text (AnalysedSource.regions), which the SARIF,
   * GitLab and GitHub formats point at; on by default. A job that shows no finding by
   * line (a rendered document) turns it off and reads no file again.
   */
  placeFindings?: boolean;
}

/**
 * The pipeline in one call: load, validate, analyse, with the fail-closed policy's own
 * finding when no input holds a valid report, then the findings placed in their texts.
 * Problems in the reports come back as findings; only problems of use (a missing file,
 * say) reject, with a CspmError. Every job starts here; `checkReports` adds the verdict.
 */
export async function analyseInputs(
  input: ReportInput | readonly ReportInput[],
  options: AnalyseInputsOptions = {},
): Promise<Analysis> {
  assertRuleSettings(options.severities);
  const documents = await loadReports(input, options);
  options.onProgress?.({ phase: 'checking', done: 0, total: documents.length, unit: 'files' });
  const analysis = withNoValidReport(analyseReports(validateReports(documents), options));
  const placed = options.placeFindings === false ? analysis : await placeFindings(analysis, documents);
  options.onProgress?.({ phase: 'checking', done: documents.length, total: documents.length, unit: 'files' });
  return placed;
}
