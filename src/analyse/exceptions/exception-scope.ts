import type { RiskException } from '../../model/exceptions.js';
import type { BenchmarkReport, ResourceCategory } from '../../model/report.js';
import { globToRegExp } from '../../text/glob.js';

/** An exception's scope made ready to test many policies: its globs compiled once. */
export interface ExceptionScope {
  /** True when the exception covers the report (its account and benchmark). */
  coversReport(report: BenchmarkReport): boolean;
  /** True when the exception covers the category, in a report it covers. */
  coversCategory(category: ResourceCategory): boolean;
  /** The PolicyIds it names. */
  policies: ReadonlySet<string>;
}

/**
 * The scope of `exception`. An account glob matches the AccountId or the AccountName, a
 * benchmark glob the BenchmarkId or the BenchmarkName, a category glob the CategoryName or
 * the CategoryId, each as the whole value and case-sensitive, as gate rules match them.
 * PolicyIds are matched exactly: an exception names the policies it accepts.
 */
export function exceptionScope(exception: RiskException): ExceptionScope {
  const accounts = exception.accounts.map(globToRegExp);
  const benchmark = exception.benchmark === undefined ? undefined : globToRegExp(exception.benchmark);
  const category = exception.category === undefined ? undefined : globToRegExp(exception.category);
  return {
    policies: new Set(exception.policies),
    coversReport: (report) =>
      accounts.some((glob) => glob.test(report.AccountId) || glob.test(report.AccountName)) &&
      (benchmark === undefined || benchmark.test(report.BenchmarkId) || benchmark.test(report.BenchmarkName)),
    coversCategory: (found) =>
      category === undefined || category.test(found.CategoryName) || category.test(found.CategoryId),
  };
}
