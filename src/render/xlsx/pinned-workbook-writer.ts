import ExcelJS from './exceljs.js';
import type { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { drained } from './drain.js';
import { CspmError } from '../../error/cspm-error.js';

/*
 * Everything this renderer needs from exceljs 4.4's streaming writer beyond its typings
 * lives here, so that an upgrade has one file to check: exceljs is pinned to an exact
 * version, and test/render/xlsx/exceljs-contract.test.ts checks each part it relies on.
 */

/** The archiver instance the writer zips into (`this.zip`). */
interface ZipArchive {
  append(source: unknown, data: { name: string; date?: Date }): unknown;
}

/** The writer's styles manager (`this.styles`): it turns a style object into an `s` index. */
interface StylesManager {
  addStyleModel(model: Partial<ExcelJS.Style> | undefined, cellType?: ExcelJS.ValueType): number;
}

/** The stream that takes a sheet's XML into the zip (the sheet stream pipes into it). */
interface ZipperInput extends EventEmitter {
  writableLength?: number;
  _writableState?: { length: number };
}

/** A workbook-level defined name as exceljs's workbook part renders it. */
interface DefinedName {
  name: string;
  ranges: string[];
  /** Zero-based position of the sheet the name belongs to. */
  localSheetId?: number;
}

/** Options of {@link PinnedWorkbookWriter}. */
export interface PinnedWriterOptions {
  /** Where the zip bytes go. */
  stream: Writable;
  /** Stamped as created and modified date and on every zip entry. */
  date: Date;
  /** Author and last editor in the document properties. */
  creator: string;
}

/** Bytes of sheet XML the zipper may hold before the writer waits for it. */
const maxZipBacklog = 4 * 2 ** 20;

const archives = new WeakMap<object, ZipArchive>();
const managers = new WeakMap<object, StylesManager>();

/**
 * exceljs's streaming WorkbookWriter, made deterministic and fast to style:
 *
 * - every zip entry carries the given date (archiver stamps "now" otherwise), as do the
 *   document properties, so that the same input gives the same bytes;
 * - style registration is memoised by object identity. exceljs copies row and column
 *   styles into a fresh object for every cell, so its own identity cache misses and
 *   each cell is serialised to XML to be looked up: that doubles the writing time. An
 *   empty style is always index 0, and shared (frozen) style objects hit the cache;
 * - rows can be appended as ready-made XML ({@link writeRowsXml}), with the zipper's
 *   backlog kept small.
 *
 * The base constructor assigns `this.zip` and `this.styles` before it writes its first
 * entries, so accessors on this class see both as they are created.
 */
export class PinnedWorkbookWriter extends ExcelJS.stream.xlsx.WorkbookWriter {
  // Auto-filter ranges as defined names: exceljs writes the sheet's filter but not the
  // name, and LibreOffice shows no filter buttons without it.
  readonly #filterNames: DefinedName[] = [];
  readonly #sheetNames: string[] = [];

  constructor(options: PinnedWriterOptions) {
    const writerOptions = {
      stream: options.stream,
      useStyles: true,
      useSharedStrings: false,
      created: options.date,
      modified: options.date,
      creator: options.creator,
      lastModifiedBy: options.creator,
    };
    super(writerOptions);
  }

  get zip(): ZipArchive {
    return archives.get(this) as ZipArchive;
  }

  set zip(archive: ZipArchive) {
    const append = archive.append.bind(archive);
    // `created` is set before the archive; read at call time all the same.
    archive.append = (source, data) => append(source, { ...data, date: this.created });
    archives.set(this, archive);
  }

  get styles(): StylesManager {
    return managers.get(this) as StylesManager;
  }

  set styles(manager: StylesManager) {
    managers.set(this, memoiseStyles(manager));
  }

  /** The `s` index of a style; each style object is registered once. */
  readonly styleIndex = (style: Partial<ExcelJS.Style>): number => this.styles.addStyleModel(style);

  /**
   * Appends rows, as worksheet XML, to a sheet whose previous rows are all committed
   * (its header, say): exceljs opens the sheet data with the first committed row.
   * exceljs hands the sheet's XML to the zipper without waiting for it, so when the
   * zipper holds more than a few megabytes this waits for it to catch up: the XML of
   * a large sheet would otherwise pile up in memory.
   */
  async writeRowsXml(sheet: ExcelJS.Worksheet, xml: string): Promise<void> {
    const internals = sheet as unknown as {
      startedData: boolean;
      stream: { write(data: string): unknown; pipes?: ZipperInput[] };
    };
    if (!internals.startedData)
      throw new CspmError('internal', 'rows can be written as XML only after a row was committed', {
        data: { what: 'exceljs worksheet' },
      });
    internals.stream.write(xml);
    const zipper = internals.stream.pipes?.[0];
    // The zipper's input is a readable-stream 2 stream: no writableLength getter.
    if (zipper && (zipper.writableLength ?? zipper._writableState?.length ?? 0) > maxZipBacklog) await drained(zipper);
  }

  /**
   * Makes a cell of a sheet a link to an external address, as exceljs records a cell's
   * hyperlink: a relationship of the sheet, never a formula. The cell's text is written
   * as any other; exceljs writes the sheet's links when it commits the sheet.
   */
  addHyperlink(sheet: ExcelJS.Worksheet, address: string, target: string): void {
    const internals = sheet as unknown as {
      _sheetRelsWriter: { addHyperlink(hyperlink: { address: string; target: string }): void };
    };
    internals._sheetRelsWriter.addHyperlink({ address, target });
  }

  /** Adds a sheet; sheets are numbered in the order they are added. */
  override addWorksheet(name: string, options?: Partial<ExcelJS.AddWorksheetOptions>): ExcelJS.Worksheet {
    this.#sheetNames.push(name);
    return super.addWorksheet(name, options);
  }

  /** Records the auto-filter range (`$A$1:$M$9`) of a sheet added before. */
  addFilterName(sheetName: string, range: string): void {
    const localSheetId = this.#sheetNames.indexOf(sheetName);
    this.#filterNames.push({
      name: '_xlnm._FilterDatabase',
      ranges: [`'${sheetName.replaceAll("'", "''")}'!${range}`],
      localSheetId,
    });
  }

  /** Commits the workbook, with the auto-filter names. */
  override async commit(): Promise<void> {
    const internals = this as unknown as { _definedNames: { model: DefinedName[] } };
    const names = [...internals._definedNames.model, ...this.#filterNames];
    internals._definedNames = { model: names };
    await super.commit();
  }
}

function memoiseStyles(manager: StylesManager): StylesManager {
  const add = manager.addStyleModel.bind(manager);
  const known = new WeakMap<object, number>();
  manager.addStyleModel = (model, cellType) => {
    // Most cells have an empty style of their own: index 0, unless a date (which gets
    // a default number format). Checked first, as it is the common case.
    if (!model || (cellType !== ExcelJS.ValueType.Date && isEmpty(model))) return 0;
    const id = known.get(model);
    if (id !== undefined) return id;
    const added = add(model, cellType);
    known.set(model, added);
    return added;
  };
  return manager;
}

function isEmpty(model: object): boolean {
  for (const key in model) {
    if (Object.hasOwn(model, key)) return false;
  }
  return true;
}
