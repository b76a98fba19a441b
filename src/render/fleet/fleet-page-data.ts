import type { FleetAccount } from '../../model/fleet.js';
import { displayPercentOrNa } from '../display-values.js';

/**
 * The fleet page's accounts as its script reads them: one compact array per account,
 * names that repeat across accounts (connectors, benchmarks, categories) as indexes into
 * one string table, so that thousands of accounts stay a few megabytes of JSON.
 */
export class FleetPageData {
  private readonly strings: string[] = [];
  private readonly positions = new Map<string, number>();

  /** The index of `value` in the string table, added on first use. */
  private stringAt(value: string): number {
    let found = this.positions.get(value);
    if (found === undefined) {
      found = this.strings.length;
      this.strings.push(value);
      this.positions.set(value, found);
    }
    return found;
  }

  /**
   * The row of one account: [anchor number, name, id, connector, benchmark name,
   * benchmark id, percent as shown, red, red weighted, amber, total, green, gray, source
   * as shown, categories as [name, total, green, red, amber, gray, percent as shown]].
   */
  row(account: FleetAccount, anchor: number, source: string): unknown[] {
    const f = account.figures;
    const categories = account.categories.map((category) => {
      const c = category.figures;
      return [this.stringAt(category.name), c.total, c.green, c.red, c.amber, c.gray, displayPercentOrNa(category.percent)];
    });
    return [
      anchor,
      account.accountName,
      account.accountId,
      this.stringAt(account.connectorType),
      this.stringAt(account.benchmarkName),
      this.stringAt(account.benchmarkId),
      displayPercentOrNa(account.percent),
      f.red,
      account.redWeight,
      f.amber,
      f.total,
      f.green,
      f.gray,
      source,
      categories,
    ];
  }

  /** The string table, once every row is made. */
  table(): readonly string[] {
    return this.strings;
  }
}
