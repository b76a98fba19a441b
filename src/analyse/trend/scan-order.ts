import type { TrendOrder } from '../../model/trend.js';

/** What orders a scan: its stated date and job, and its place among the inputs. */
export interface ScanKey {
  scanDate: string | null;
  jobId: string;
  index: number;
}

const decimal = /^\d+$/;

/** Job ids in order: as numbers when both are whole numbers (job 9 before job 10), else as text. */
function compareJobIds(a: string, b: string): number {
  if (decimal.test(a) && decimal.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

const dateOf = (key: ScanKey): number => (key.scanDate === null ? Number.NaN : Date.parse(key.scanDate));

/**
 * Puts scans in order: by LastScannedDate when every scan states a readable one, else by
 * JobId when every scan has one, else as the inputs were given. One rule for all the
 * scans, not a mix per pair: a mix is no order at all when some scans lack a date.
 * Ties fall to the JobId, then to the input order.
 */
export function orderScans<T extends ScanKey>(scans: readonly T[]): { order: TrendOrder; scans: T[] } {
  const order: TrendOrder = scans.every((scan) => !Number.isNaN(dateOf(scan)))
    ? 'scan-date'
    : scans.every((scan) => scan.jobId !== '')
      ? 'job-id'
      : 'input';
  return { order, scans: [...scans].sort((a, b) => compareScans(order, a, b)) };
}

/**
 * Which of two scans comes first in `order` (negative: `a`): by date, then JobId, then input order, each only as far
 * as the order reaches.
 */
export function compareScans(order: TrendOrder, a: ScanKey, b: ScanKey): number {
  const byDate = order === 'scan-date' ? dateOf(a) - dateOf(b) : 0;
  const byJob = order === 'input' ? 0 : compareJobIds(a.jobId, b.jobId);
  return byDate || byJob || a.index - b.index;
}

/** True when `key` can take its place in `order`: a readable date for `scan-date`, a JobId for `job-id`. */
export function fitsOrder(order: TrendOrder, key: ScanKey): boolean {
  if (order === 'scan-date') return !Number.isNaN(dateOf(key));
  return order === 'job-id' ? key.jobId !== '' : true;
}
