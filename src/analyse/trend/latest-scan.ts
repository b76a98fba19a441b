import type { TrendOrder } from '../../model/trend.js';
import { compareScans, fitsOrder, type ScanKey } from './scan-order.js';

const orders: readonly TrendOrder[] = ['scan-date', 'job-id', 'input'];

/**
 * What is kept of the latest scan while a trend reads them, for each order the trend may take: the order is known
 * only once every scan is read, and keeping one value per order (not per scan) keeps memory flat.
 */
export class LatestScan<T> {
  readonly #best = new Map<TrendOrder, { key: ScanKey; value: T }>();

  /** Notes `value` of the scan `key`, kept for each order in which that scan comes last so far. */
  offer(key: ScanKey, value: T): void {
    for (const order of orders) {
      if (!fitsOrder(order, key)) continue;
      const best = this.#best.get(order);
      if (best === undefined || compareScans(order, best.key, key) < 0) this.#best.set(order, { key, value });
    }
  }

  /** The value of the latest scan in `order`, undefined when no scan was offered. */
  pick(order: TrendOrder): T | undefined {
    return this.#best.get(order)?.value;
  }
}
