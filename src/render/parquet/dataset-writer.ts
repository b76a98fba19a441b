import { datasetTables, type DatasetTable } from '../../model/dataset-columns.js';
import type { ReportView } from '../../model/view-model.js';
import { rowReader, rowsOfReport, type RowSources } from './dataset-rows.js';
import { partitionOf, partName, scanKey } from './hive-partition.js';
import { ParquetTable, type DatasetCell } from './parquet-table.js';

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

interface OpenPart<Part> {
  table: DatasetTable;
  partition: string;
  file: ParquetTable;
  part: Part;
}

const tables = Object.keys(datasetTables) as DatasetTable[];

/**
 * A Hive-style dataset of reports (one table folder, then one folder per partition
 * column), written a report at a time: each table of each partition is one Parquet
 * file of this run, its row groups filled by the reports of every input that fall in
 * it. Memory holds one row group per open part, whatever the number of reports.
 */
export class DatasetWriter<Part> {
  private readonly parts = new Map<string, OpenPart<Part>>();
  /** The scans of each partition, which name its parts. */
  private readonly scans = new Map<string, Set<string>>();
  private readonly cellsOf: { [Table in DatasetTable]: (source: RowSources[Table]) => DatasetCell[] } = { policies: rowReader('policies'), figures: rowReader('figures') };

  constructor(private readonly sink: DatasetSink<Part>) {}

  /** Adds every row of one report to the parts of its partition. */
  async addReport(report: ReportView): Promise<void> {
    const partition = partitionOf(report);
    let scans = this.scans.get(partition);
    if (scans === undefined) this.scans.set(partition, (scans = new Set()));
    scans.add(scanKey(report));
    for (const table of tables) await this.addRows(table, partition, report);
  }

  private async addRows<Table extends DatasetTable>(table: Table, partition: string, report: ReportView): Promise<void> {
    const open = await this.partOf(table, partition);
    const cells = this.cellsOf[table] as (source: RowSources[Table]) => DatasetCell[];
    for (const source of rowsOfReport[table](report)) {
      open.file.add(cells(source));
      const chunks = open.file.take();
      if (chunks.length > 0) await this.sink.write(open.part, chunks);
    }
  }

  private async partOf(table: DatasetTable, partition: string): Promise<OpenPart<Part>> {
    const key = `${table}/${partition}`;
    let open = this.parts.get(key);
    if (open === undefined) {
      open = { table, partition, file: new ParquetTable(datasetTables[table].columns), part: await this.sink.open(table, partition) };
      this.parts.set(key, open);
    }
    return open;
  }

  /** Writes every part's last row group and footer; returns the parts with their names, tables in registry order. */
  async finish(): Promise<DatasetPart<Part>[]> {
    const done: DatasetPart<Part>[] = [];
    for (const { table, partition, file, part } of this.parts.values()) {
      await this.sink.write(part, file.finish());
      done.push({ table, partition, name: partName(this.scans.get(partition) ?? []), rows: file.rows, part });
    }
    this.parts.clear();
    return done.sort((a, b) => tables.indexOf(a.table) - tables.indexOf(b.table) || (a.partition < b.partition ? -1 : a.partition > b.partition ? 1 : 0));
  }
}
