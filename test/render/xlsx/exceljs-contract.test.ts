import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PinnedWorkbookWriter } from '../../../src/render/xlsx/pinned-workbook-writer.js';
import { brokenMessage, memberContract, type Library, type MemberCheck } from '../../support/library-contract.js';

const library: Library = { name: 'exceljs', module: 'src/render/xlsx/pinned-workbook-writer.ts' };

/** exceljs's own streaming writer, as PinnedWorkbookWriter's base class makes it, into a stream that is read. */
function plainWriter(): ExcelJS.stream.xlsx.WorkbookWriter {
  const stream = new PassThrough();
  stream.resume();
  return new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
}

/** A sheet of {@link plainWriter} with its first row committed, as writeRowsXml finds it. */
function startedSheet(): ExcelJS.Worksheet {
  const sheet = plainWriter().addWorksheet('Rows');
  sheet.addRow(['header']).commit();
  return sheet;
}

const checks: MemberCheck<unknown>[] = [
  { name: 'WorkbookWriter#zip.append', root: plainWriter, path: ['zip', 'append'], kind: 'function', arity: 2 },
  {
    name: 'WorkbookWriter#styles.addStyleModel',
    root: plainWriter,
    path: ['styles', 'addStyleModel'],
    kind: 'function',
    arity: 2,
  },
  { name: 'WorkbookWriter#created', root: plainWriter, path: ['created'], kind: 'object' },
  { name: 'WorkbookWriter#_definedNames.model', root: plainWriter, path: ['_definedNames', 'model'], kind: 'array' },
  { name: 'WorksheetWriter#startedData', root: startedSheet, path: ['startedData'], kind: 'boolean' },
  { name: 'WorksheetWriter#stream.write', root: startedSheet, path: ['stream', 'write'], kind: 'function', arity: 3 },
  { name: 'WorksheetWriter#stream.pipes', root: startedSheet, path: ['stream', 'pipes'], kind: 'array' },
  // A linked cell (a ticket's) is recorded as exceljs records a cell's hyperlink.
  {
    name: 'WorksheetWriter#_sheetRelsWriter.addHyperlink',
    root: startedSheet,
    path: ['_sheetRelsWriter', 'addHyperlink'],
    kind: 'function',
    arity: 1,
  },
  // The zipper's input is a readable-stream 2 stream, which has no writableLength: its backlog is read here.
  {
    name: 'WorksheetWriter#stream.pipes[0]._writableState.length',
    root: startedSheet,
    path: ['stream', 'pipes', '0', '_writableState', 'length'],
    kind: 'number',
  },
];

describe('exceljs internals (src/render/xlsx/pinned-workbook-writer.ts)', () => {
  memberContract(library, checks);

  it("assigns the writer's zip and styles in its constructor, where PinnedWorkbookWriter's accessors take them", () => {
    const stream = new PassThrough();
    stream.resume();
    const writer = new PinnedWorkbookWriter({ stream, date: new Date(0), creator: 'contract' });
    const message = brokenMessage(
      library,
      'WorkbookWriter#zip and #styles',
      'assigned by the constructor',
      'nothing assigned',
    );
    expect(writer.zip, message).toBeDefined();
    expect(writer.styles, message).toBeDefined();
  });

  it('gives a style an `s` index from addStyleModel, the same for the same style', () => {
    const { styles } = plainWriter() as unknown as {
      styles: { addStyleModel(model: Partial<ExcelJS.Style>): unknown };
    };
    const bold = { font: { bold: true } };
    const index = styles.addStyleModel(bold);
    const message = brokenMessage(
      library,
      'WorkbookWriter#styles.addStyleModel',
      'a giver of style indexes',
      String(index),
    );
    expect(typeof index, message).toBe('number');
    expect(styles.addStyleModel({ font: { bold: true } }), message).toBe(index);
  });

  it('opens the sheet data with the first committed row and pipes the sheet into the zip', () => {
    const sheet = startedSheet() as unknown as { startedData: boolean; stream: { pipes: unknown[] } };
    const message = brokenMessage(
      library,
      'WorksheetWriter#startedData and #stream.pipes',
      'set by the first committed row',
      'otherwise',
    );
    expect([sheet.startedData, sheet.stream.pipes.length], message).toEqual([true, 1]);
  });
});
