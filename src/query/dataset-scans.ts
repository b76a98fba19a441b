import { figureReport } from '../analyse/analyse-reports.js';
import { defaultPercentFormula } from '../analyse/percent-formulas.js';
import type { AnalysedReport, PercentFormula } from '../model/analysis.js';
import type { BenchmarkReport, Policy, ResourceCategory } from '../model/report.js';
import { readPolicyRows, type RowValue } from './policy-rows.js';

/** The exception a dataset row names as accepting its policy (`exception_id`, `exception_expires`). */
export interface DatasetAcceptance {
  /** The exception's id (`EXC-2026-014`). */
  id: string;
  /** The last day it applies, `YYYY-MM-DD`, or null when the row states none. */
  expires: string | null;
}

/** One scan of a dataset, rebuilt from its rows of the `policies` table. */
export interface DatasetScan {
  /** The row's `source`: the input file the scan was written from. */
  source: string;
  /** The report rebuilt from the rows, with its figures counted as the analysis counts them. */
  analysed: AnalysedReport;
  /**
   * The accepted risks of the scan: each policy of `analysed` that a row names an
   * exception for, with it. Kept beside the report, whose type has no place for them;
   * empty when the run that wrote the dataset had no exceptions.
   */
  accepted: ReadonlyMap<Policy, DatasetAcceptance>;
}

/** Options of {@link datasetSeries}. */
export interface DatasetSeriesOptions {
  /** The formula of every percent (default: the analysis' default). */
  percentFormula?: PercentFormula;
  /** The engine's memory limit (`1GB`); by default 2 GiB, or a quarter of the machine's memory where that is less. */
  memoryLimit?: string;
  /** The most rows the engine sorts at once (see readPolicyRows); by default a million. */
  rowsPerSort?: number;
}

/** A row of the table, read out of its chunk. */
type Row = (name: string) => RowValue;

const text = (value: RowValue): string => (value === null ? '' : String(value));
const whole = (value: RowValue): number => (typeof value === 'number' ? value : Number(value ?? 0));

/**
 * The scans of a posture dataset (`render -f parquet --out-dir`), one account and
 * benchmark at a time: each series holds every scan of it, in the order of their scan
 * times (undated ones first), then JobIds. The rows come in one ordered query read in
 * chunks, so memory holds one series, not the dataset. Each report is rebuilt from its
 * rows (ids, names, connector, JobId, LastScannedDate as ISO 8601 from `scan_time`,
 * categories in the order written, each with its policies) and its figures counted by
 * the analysis' own functions with `percentFormula`, so that its figures are those of
 * the saved report it was written from. Fields a dataset does not keep are empty:
 * LicenseId, LicenseName, the stated counts (set to the recounted ones) and stated
 * percents. A scan is told from the next of its series by its scan time, JobId and the
 * file its rows are in, a category from the next by its id and order (compared as 64-bit
 * hashes of them, on the engine's side: one number a row, not the names).
 *
 * @throws CspmError `query-engine-missing`, `input-not-found`, `dataset-invalid`
 */
export async function* datasetSeries(
  path: string,
  options: DatasetSeriesOptions = {},
): AsyncGenerator<DatasetScan[], void, undefined> {
  const formula = options.percentFormula ?? defaultPercentFormula;
  const memory = {
    ...(options.memoryLimit === undefined ? {} : { memoryLimit: options.memoryLimit }),
    ...(options.rowsPerSort === undefined ? {} : { rowsPerSort: options.rowsPerSort }),
  };
  let series: DatasetScan[] = [];
  let seriesKey: string | undefined;
  let scan: ScanRows | undefined;
  for await (const chunk of readPolicyRows(path, memory)) {
    const readers = new Map<string, (row: number) => RowValue>();
    const column = (name: string): ((row: number) => RowValue) => {
      let reader = readers.get(name);
      if (reader === undefined) readers.set(name, (reader = chunk.column(name)));
      return reader;
    };
    const scanKeys = column('scan_key');
    for (let at = 0; at < chunk.rows; at += 1) {
      const row: Row = (name) => column(name)(at);
      const scanKey = scanKeys(at);
      // A scan's names are read on its first row only: the rest of its rows repeat them.
      if (scan === undefined || scan.key !== scanKey) {
        if (scan !== undefined) series.push(finishScan(scan, formula));
        const key = `${text(row('account_id'))}\u0000${text(row('benchmark_id'))}`;
        if (seriesKey !== undefined && seriesKey !== key) {
          yield series;
          series = [];
        }
        seriesKey = key;
        scan = startScan(scanKey, row);
      }
      addPolicy(scan, row);
    }
  }
  if (scan !== undefined) series.push(finishScan(scan, formula));
  if (series.length > 0) yield series;
}

/** The rows of one scan read so far. */
interface ScanRows {
  key: RowValue;
  /** The key of the category of the last row read. */
  categoryKey: RowValue;
  source: string;
  report: BenchmarkReport;
  accepted: Map<Policy, DatasetAcceptance>;
}

function startScan(key: RowValue, row: Row): ScanRows {
  const time = row('scan_time');
  const connector = text(row('connector'));
  const cloud = row('cloud_account_id');
  const report: BenchmarkReport = {
    BenchmarkName: text(row('benchmark_name')),
    BenchmarkId: text(row('benchmark_id')),
    AccountId: text(row('account_id')),
    LicenseId: '',
    LicenseName: '',
    AccountName: text(row('account_name')),
    ConnectorType: connector,
    // The dataset keeps one cloud account id: an Azure subscription's, or another cloud's account.
    SubscriptionId: connector === 'Azure' && cloud !== null ? String(cloud) : null,
    AWSAccountId: connector !== 'Azure' && cloud !== null ? String(cloud) : null,
    JobId: text(row('job_id')),
    ResourceCategories: [],
    LastScannedDate: typeof time === 'number' ? new Date(time).toISOString() : null,
  };
  return { key, categoryKey: null, source: text(row('source')), report, accepted: new Map() };
}

function addPolicy(scan: ScanRows, row: Row): void {
  const categories = scan.report.ResourceCategories;
  const categoryKey = row('category_key');
  let category = categories.at(-1);
  // A category's rows are written together: a new id or order (its key) starts the next one.
  if (category === undefined || scan.categoryKey !== categoryKey) {
    scan.categoryKey = categoryKey;
    category = {
      CategoryName: text(row('category_name')),
      ControlCategoryOrder: whole(row('category_order')),
      CategoryId: text(row('category_id')),
      CompliancePercent: 0,
      Total: 0,
      Green: 0,
      Red: 0,
      Amber: 0,
      Gray: 0,
      Policies: [],
    } satisfies ResourceCategory;
    categories.push(category);
  }
  const policy: Policy = {
    PolicyId: text(row('policy_id')),
    ShortTitle: text(row('title')),
    ServiceName: text(row('service')),
    ComplianceNumber: text(row('compliance_number')),
    PassedResourceCount: whole(row('passed_resources')),
    TotalResourceCount: whole(row('total_resources')),
    Compliance: text(row('compliance')),
    Severity: text(row('severity')),
    RiskProbability: text(row('risk_probability')),
    RiskLevel: text(row('risk_level')),
  };
  category.Policies.push(policy);
  const exception = row('exception_id');
  if (exception !== null) {
    const expires = row('exception_expires');
    scan.accepted.set(policy, { id: String(exception), expires: expires === null ? null : String(expires) });
  }
}

function finishScan(scan: ScanRows, formula: PercentFormula): DatasetScan {
  const analysed = figureReport(scan.report, '', formula);
  // The stated counts are not in the dataset: the recounted ones stand for them.
  for (const { category, figures } of analysed.categories)
    Object.assign(category, {
      Total: figures.total,
      Green: figures.green,
      Red: figures.red,
      Amber: figures.amber,
      Gray: figures.gray,
      CompliancePercent: figures.percent,
    });
  return { source: scan.source, analysed, accepted: scan.accepted };
}
