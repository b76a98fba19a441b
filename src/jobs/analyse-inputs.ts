import { analyseReports } from '../analyse/analyse-reports.js';
import { assertRuleSettings, withNoValidReport } from '../analyse/fail-closed.js';
import { loadReports, type LoadOptions, type ReportInput } from '../load/load-reports.js';
import type { AnalyseOptions, Analysis } from '../model/analysis.js';
import { validateReports } from '../validate/validate-documents.js';

/** Options of {@link analyseInputs}: the loader's and the analysis's. */
export interface AnalyseInputsOptions extends AnalyseOptions, LoadOptions {}

/**
 * The pipeline in one call: load, validate, analyse, with the fail-closed policy's own
 * finding when no input holds a valid report. Problems in the reports come back as
 * findings; only problems of use (a missing file, say) reject, with a CspmError.
 * Every job starts here; `checkReports` adds the verdict.
 */
export async function analyseInputs(input: ReportInput | readonly ReportInput[], options: AnalyseInputsOptions = {}): Promise<Analysis> {
  assertRuleSettings(options.severities);
  const loaded = await loadReports(input, options);
  options.onProgress?.({ phase: 'checking', done: 0, total: loaded.length, unit: 'files' });
  const analysis = withNoValidReport(analyseReports(validateReports(loaded), options));
  options.onProgress?.({ phase: 'checking', done: loaded.length, total: loaded.length, unit: 'files' });
  return analysis;
}
