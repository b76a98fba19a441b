import { datasetTables, type DatasetTable } from '../../model/dataset-columns.js';
import type { ReportView } from '../../model/view-model.js';
import { columnReaders, runsOfReport, type TableRows } from './dataset-rows.js';
import type { KeyValue } from './exceptions-metadata.js';
import { partitionOf, partName, scanKey } from './hive-partition.js';
import { ParquetTable, rowGroupRows } from './parquet-table.js';

/**
 * Where the parts of a dataset go: the caller opens a file for each and writes the
 * bytes it is handed, in order. The writer never names a machine path: a part is a
 * table, a partition folder (`scan_date=…/benchmark=…`) and, once complete, a name.
 */
export interface DatasetSink<Part> {
  open(table: DatasetTable, partition: string): Promise<Part>;
  write(part: Part, chunks: readonly Uint8Array[]): Promise<void>;
}

/** One part of a dataset, written whole, with the name it is to have. */
export interface DatasetPart<Part> {
  table: DatasetTable;
  /** The partition folder below the table's, `/`-separated. */
  partition: string;
  /** `part-<digest of its scans>.parquet`. */
  name: string;
  rows: number;
  part: Part;
}

interface OpenPart<Part, Rows extends { shared: unknown; row: unknown }> {
  table: DatasetTable;
  partition: string;
  file: ParquetTable<Rows['shared'], Rows['row']>;
  part: Part;
}

const tables = Object.keys(datasetTables) as DatasetTable[];

/**
 * The most rows buffered over all open parts: a run over scans of many dates and
 * benchmarks keeps a part open per partition, and each would otherwise fill a whole
 * row group. Past it, the part holding the most rows writes its group early.
 */
export const bufferedRowsBudget = 2 * rowGroupRows;

/**
 * A Hive-style dataset of reports (one table folder, then one folder per partition
 * column), written a report at a time: each table of each partition is one Parquet
 * file of this run, its row groups filled by the reports of every input that fall in
 * it. Memory holds one row group per open part, whatever the number of reports.
 */
export class DatasetWriter<Part> {
  private readonly parts = new Map<string, OpenPart<Part, { shared: never; row: never }>>();
  /** The scans of each partition, which name its parts. */
  private readonly scans = new Map<string, Set<string>>();
  /**
   * @param sink where the parts' bytes go
   * @param budget the most rows buffered over all open parts (see {@link bufferedRowsBudget})
   */
  constructor(
    private readonly sink: DatasetSink<Part>,
    private readonly budget = bufferedRowsBudget,
  ) {}

  /** Adds every row of one report to the parts of its partition. */
  async addReport(report: ReportView): Promise<void> {
    const partition = partitionOf(report);
    let scans = this.scans.get(partition);
    if (scans === undefined) this.scans.set(partition, (scans = new Set()));
    scans.add(scanKey(report));
    for (const table of tables) await this.addRows(table, partition, report);
    await this.keepWithinBudget();
  }

  private async keepWithinBudget(): Promise<void> {
    let buffered = 0;
    for (const open of this.parts.values()) buffered += open.file.buffered;
    while (buffered > this.budget) {
      let fullest: OpenPart<Part, { shared: never; row: never }> | undefined;
      for (const open of this.parts.values())
        if (fullest === undefined || open.file.buffered > fullest.file.buffered) fullest = open;
      if (fullest === undefined) return;
      buffered -= fullest.file.buffered;
      fullest.file.writeGroup();
      await this.sink.write(fullest.part, fullest.file.take());
    }
  }

  private async addRows<Table extends DatasetTable>(
    table: Table,
    partition: string,
    report: ReportView,
  ): Promise<void> {
    const open = await this.partOf(table, partition);
    for (const { shared, rows } of runsOfReport[table](report)) {
      open.file.addRun(shared, rows);
      const chunks = open.file.take();
      if (chunks.length > 0) await this.sink.write(open.part, chunks);
    }
  }

  private async partOf<Table extends DatasetTable>(
    table: Table,
    partition: string,
  ): Promise<OpenPart<Part, TableRows[Table]>> {
    const key = `${table}/${partition}`;
    let open = this.parts.get(key) as OpenPart<Part, TableRows[Table]> | undefined;
    if (open === undefined) {
      open = {
        table,
        partition,
        file: new ParquetTable(datasetTables[table].columns, columnReaders(table)),
        part: await this.sink.open(table, partition),
      };
      this.parts.set(key, open as OpenPart<Part, { shared: never; row: never }>);
    }
    return open;
  }

  /**
   * Writes every part's last row group and footer, with `keyValues` as each part's
   * key-value metadata when given; returns the parts with their names, tables in registry order.
   */
  async finish(keyValues?: readonly KeyValue[]): Promise<DatasetPart<Part>[]> {
    const done: DatasetPart<Part>[] = [];
    for (const { table, partition, file, part } of this.parts.values()) {
      await this.sink.write(part, file.finish(keyValues));
      done.push({ table, partition, name: partName(this.scans.get(partition) ?? []), rows: file.rows, part });
    }
    this.parts.clear();
    return done.sort(
      (a, b) =>
        tables.indexOf(a.table) - tables.indexOf(b.table) ||
        (a.partition < b.partition ? -1 : a.partition > b.partition ? 1 : 0),
    );
  }
}
