import type { FleetAccount } from '../../model/fleet.js';
import { displayPercentOrNa } from '../display-values.js';
import { StringTable } from '../html/table-data.js';

/**
 * The fleet page's accounts as its script reads them: one compact array per account,
 * names that repeat across accounts (connectors, benchmarks, categories) as indexes into
 * one string table, so that thousands of accounts stay a few megabytes of JSON.
 */
export class FleetPageData {
  private readonly strings = new StringTable();

  /**
   * The row of one account: [anchor number, name, id, connector, benchmark name,
   * benchmark id, percent as shown, red, red weighted, amber, total, green, gray, source
   * as shown, categories as [name, total, green, red, amber, gray, percent as shown]].
   */
  row(account: FleetAccount, anchor: number, source: string): unknown[] {
    const f = account.figures;
    const categories = account.categories.map((category) => {
      const c = category.figures;
      return [
        this.strings.indexOf(category.name),
        c.total,
        c.green,
        c.red,
        c.amber,
        c.gray,
        displayPercentOrNa(category.percent),
      ];
    });
    return [
      anchor,
      account.accountName,
      account.accountId,
      this.strings.indexOf(account.connectorType),
      this.strings.indexOf(account.benchmarkName),
      this.strings.indexOf(account.benchmarkId),
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
    return this.strings.values;
  }
}
