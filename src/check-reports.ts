import { analyseReports } from './analyse/analyse-reports.js';
import { loadReports, type LoadOptions, type ReportInput } from './load/load-reports.js';
import type { AnalyseOptions, Analysis } from './model/analysis.js';
import { validateReports } from './validate/validate-documents.js';

/** Options of {@link checkReports}: the loader's and the analysis's. */
export interface CheckOptions extends AnalyseOptions, LoadOptions {}

/**
 * The whole check in one call: load, validate, analyse. Problems in the reports come
 * back as findings; only problems of use (a missing file, say) reject, with a CspmError.
 */
export async function checkReports(input: ReportInput | readonly ReportInput[], options: CheckOptions = {}): Promise<Analysis> {
  return analyseReports(validateReports(await loadReports(input, options)), options);
}
