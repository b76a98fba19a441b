import { CspmError } from '../../error/cspm-error.js';
import type { AnalysedReport } from '../../model/analysis.js';

/** Which report of a file of several to take. */
export interface ReportChoice {
  benchmark?: string;
  account?: string;
}

const describe = (analysed: AnalysedReport): string =>
  `${analysed.report.BenchmarkId} of account ${analysed.report.AccountId}`;

/** True when the report is of the benchmark and account chosen (an id or a name each), or no choice was made of one. */
export function isChosen({ report }: AnalysedReport, choice: ReportChoice): boolean {
  const benchmark =
    choice.benchmark === undefined ||
    report.BenchmarkId === choice.benchmark ||
    report.BenchmarkName === choice.benchmark;
  const account =
    choice.account === undefined || report.AccountId === choice.account || report.AccountName === choice.account;
  return benchmark && account;
}

/**
 * The one report of a scan file the trend follows: the only one, or the only one that
 * `benchmark` and `account` (an id or a name each) select. Anything else is a usage
 * error naming the file and what it holds, never a silent pick.
 */
export function pickReport(source: string, reports: readonly AnalysedReport[], choice: ReportChoice): AnalysedReport {
  const matches = reports.filter((analysed) => isChosen(analysed, choice));
  const [only] = matches;
  if (only !== undefined && matches.length === 1) return only;
  const held =
    reports.slice(0, 5).map(describe).join(', ') + (reports.length > 5 ? ` and ${reports.length - 5} more` : '');
  const option = choice.benchmark === undefined ? 'benchmark' : 'account';
  if (matches.length === 0) {
    throw new CspmError('usage', `${source} holds no report of the benchmark and account chosen (it holds ${held})`, {
      data: { option, path: source, known: reports.map(describe) },
    });
  }
  throw new CspmError(
    'usage',
    `${source} holds ${matches.length} reports (${matches.slice(0, 5).map(describe).join(', ')}${matches.length > 5 ? ', …' : ''}); choose one by its benchmark and account`,
    {
      data: { option, path: source, known: matches.map(describe) },
    },
  );
}
