import { describe, expect, it } from 'vitest';
import {
  datasetFormats,
  datasetTableOf,
  formatsFor,
  formatsOf,
  formatsWithParquetForm,
  parquetFormOf,
  writersOf,
} from '../../../src/render/formats/format-views.js';
import { outputKinds, type OutputKind } from '../../../src/render/formats/output-format.js';
import { outputFormats } from '../../../src/render/formats/output-formats.js';

/** The views of the output formats' registry: what each command and kind sees of it. */
describe('the views of the output formats registry', () => {
  it.each([
    [
      'document',
      ['html', 'pdf', 'xlsx', 'csv', 'hdf', 'poam', 'sarif', 'ocsf', 'ocsf-parquet', 'parquet', 'parquet-figures'],
    ],
    ['fleet', ['html', 'pdf', 'xlsx']],
    ['findings', ['text', 'json', 'sarif', 'junit', 'github', 'gitlab', 'markdown']],
    ['trend', ['json', 'text', 'html', 'pdf', 'xlsx']],
    ['query', ['table', 'csv', 'json']],
  ] as [OutputKind, string[]][])('lists the %s formats, its first one ahead', (kind, expected) => {
    expect(formatsOf(kind)).toEqual(expected);
    expect(formatsOf(kind)[0]).toBe(outputKinds[kind].first);
  });

  it("offers each command the formats of every kind it writes, each once: diff's findings, then its documents", () => {
    expect(formatsFor('diff')).toEqual([
      'text',
      'json',
      'sarif',
      'junit',
      'github',
      'gitlab',
      'markdown',
      'html',
      'pdf',
      'xlsx',
      'csv',
      'hdf',
      'poam',
      'ocsf',
      'ocsf-parquet',
      'parquet',
      'parquet-figures',
    ]);
    expect(formatsFor('render')).toEqual(formatsOf('document'));
    expect(formatsFor('check')).toEqual(formatsOf('findings'));
  });

  it('names each writer as its registry line does', () => {
    for (const [name, renderer] of Object.entries(writersOf('document'))) expect(renderer.format, name).toBe(name);
    for (const [name, format] of Object.entries(writersOf('findings'))) expect(format.name, name).toBe(name);
  });

  it('draws the fleet tier only in formats that write documents, whose files it shares', () => {
    for (const name of formatsOf('fleet')) expect(formatsOf('document')).toContain(name);
  });

  it('pairs every format with a Parquet form to a document format, and leaves the others as they are', () => {
    expect(formatsWithParquetForm).toEqual(['ocsf']);
    expect(parquetFormOf('ocsf')).toBe('ocsf-parquet');
    expect(parquetFormOf('csv')).toBe('csv');
    for (const format of formatsWithParquetForm) expect(formatsOf('document')).toContain(parquetFormOf(format));
  });

  it('knows the dataset formats and the table each writes', () => {
    expect(datasetFormats).toEqual(['parquet', 'parquet-figures']);
    expect(datasetFormats.map(datasetTableOf)).toEqual(['policies', 'figures']);
    expect(datasetTableOf('ocsf-parquet')).toBeUndefined();
  });

  it('has a line per format file, each serving some kind', () => {
    for (const [name, entry] of Object.entries(outputFormats)) {
      expect(
        Object.keys(outputKinds).some((kind) => kind in entry),
        name,
      ).toBe(true);
    }
  });
});
