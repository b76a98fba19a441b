import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CspmError } from '../../error/cspm-error.js';
import type { ReportInput } from '../../load/load-reports.js';
import type { AnalysedReport, PercentFormula } from '../../model/analysis.js';
import type { SkippedInput } from '../../model/document.js';
import type { ProgressListener } from '../../model/progress.js';
import { datasetSeries } from '../../query/dataset-scans.js';
import { openDataset } from '../../query/open-dataset.js';
import type { SiteShard } from '../../model/site.js';
import type { SeriesScan } from '../../analyse/site/site-builder.js';
import { SeenScans } from '../seen-scans.js';
import { dayOf, dayText } from '../../text/calendar-day.js';

/** The path of an input given as one, else undefined. */
export function pathOf(input: ReportInput): string | undefined {
  return typeof input === 'string' ? input : 'path' in input ? input.path : undefined;
}

/** A posture dataset: a folder holding `policies/`, or a `.parquet` file. */
async function isDataset(path: string): Promise<boolean> {
  if (path.endsWith('.parquet')) return true;
  const info = await stat(join(path, 'policies')).catch(() => undefined);
  return info?.isDirectory() === true;
}

/**
 * The posture dataset a site is built from, when its inputs are one; undefined when
 * they are saved reports. A dataset is read whole by one query, and its scans are not
 * checked again as a saved report's are: it is given alone.
 *
 * @throws CspmError `usage` naming both inputs, for a dataset given with saved reports or with another dataset
 */
export async function datasetInputOf(inputs: readonly ReportInput[]): Promise<string | undefined> {
  const datasets: string[] = [];
  for (const input of inputs) {
    const path = pathOf(input);
    if (path !== undefined && !datasets.includes(path) && (await isDataset(path))) datasets.push(path);
  }
  const [dataset, another] = datasets;
  if (dataset === undefined) return undefined;
  if (another !== undefined)
    throw new CspmError('usage', `site reads one posture dataset at a time, not ${dataset} and ${another}`, {
      data: { option: 'inputs', path: another },
    });
  const other = inputs.find((input) => pathOf(input) !== dataset);
  if (other !== undefined)
    throw new CspmError(
      'usage',
      `a posture dataset and saved reports are not mixed: ${dataset} is a dataset, ${pathOf(other) ?? 'a report given as a value'} is not`,
      { data: { option: 'inputs', path: pathOf(other) ?? dataset } },
    );
  return dataset;
}

/**
 * The latest scan day of a dataset, `YYYY-MM-DD`, read before its scans: the day its
 * site is as of, on which an expired exception accepts nothing. Undefined when no scan
 * states a date.
 */
export async function datasetLatestDay(dataset: string): Promise<string | undefined> {
  const open = await openDataset(dataset);
  try {
    const result = await open.query('the latest scan', 'SELECT max(scan_time) AS latest FROM policies');
    for await (const rows of result.rows)
      for (const [latest] of rows) {
        const time = latest === null || latest === undefined ? Number.NaN : Date.parse(String(latest));
        return Number.isNaN(time) ? undefined : dayText(dayOf(new Date(time)));
      }
    return undefined;
  } finally {
    open.close();
  }
}

/** What {@link addDatasetScans} adds to: the site's builder and its notes. */
export interface DatasetScansTarget {
  builder: {
    addSeries(scans: readonly SeriesScan[]): void;
    seriesOf(analysed: AnalysedReport): string;
    takeShards(): Iterable<SiteShard>;
  };
  /** Takes the shards of account pages as they fill, so that they need not stay in memory. */
  takeShards?: (shards: SiteShard[]) => Promise<void>;
  skipped: SkippedInput[];
  onProgress?: ProgressListener;
}

/**
 * Adds every scan of a posture dataset, one account and benchmark at a time, through
 * the same check of repeated scans (a JobId of an account read before counts once) as
 * the scans of saved reports.
 *
 * @throws CspmError `query-engine-missing`, `input-not-found`, `dataset-invalid`
 */
export async function addDatasetScans(
  dataset: string,
  formula: PercentFormula,
  { builder, skipped, onProgress, takeShards }: DatasetScansTarget,
): Promise<void> {
  let done = 0;
  for await (const series of datasetSeries(dataset, { percentFormula: formula })) {
    // A series is one account and benchmark, whole: a JobId repeats only within it, so the
    // scans seen are kept for this series alone, and memory does not grow with the fleet's scans.
    const seenHere = new SeenScans();
    const isNew = (source: string, analysed: AnalysedReport): boolean => {
      const sameScan = seenHere.sameScan(source, analysed.report.JobId, builder.seriesOf(analysed));
      if (sameScan !== undefined)
        skipped.push({
          source,
          message: `the same scan (JobId ${analysed.report.JobId}) as ${sameScan}; counted once`,
        });
      return sameScan === undefined;
    };
    // An account's scans all at once: its page is made now, and its scans let go.
    builder.addSeries(series.filter((scan) => isNew(scan.source, scan.analysed)));
    if (takeShards !== undefined) await takeShards([...builder.takeShards()]);
    done += series.length;
    onProgress?.({ phase: 'reading', done, unit: 'scans', subject: dataset });
  }
}
