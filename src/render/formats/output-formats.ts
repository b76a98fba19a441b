import { csvEntry } from './csv.js';
import { githubEntry } from './github.js';
import { gitlabEntry } from './gitlab.js';
import { hdfEntry } from './hdf.js';
import { htmlEntry } from './html.js';
import { jsonEntry } from './json.js';
import { junitEntry } from './junit.js';
import { markdownEntry } from './markdown.js';
import { ocsfParquetEntry } from './ocsf-parquet.js';
import { ocsfEntry } from './ocsf.js';
import type { OutputFormatEntry } from './output-format.js';
import { parquetFiguresEntry } from './parquet-figures.js';
import { parquetEntry } from './parquet.js';
import { pdfEntry } from './pdf.js';
import { poamEntry } from './poam.js';
import { sarifEntry } from './sarif.js';
import { tableEntry } from './table.js';
import { textEntry } from './text.js';
import { xlsxEntry } from './xlsx.js';

/**
 * Every output format by the name `--format` takes: a new format is a file beside this
 * one and a line here. Help lists a kind's formats in this order, its `first` format
 * (see outputKinds) ahead of the rest.
 */
export const outputFormats = {
  text: textEntry,
  html: htmlEntry,
  pdf: pdfEntry,
  xlsx: xlsxEntry,
  csv: csvEntry,
  json: jsonEntry,
  hdf: hdfEntry,
  poam: poamEntry,
  sarif: sarifEntry,
  junit: junitEntry,
  github: githubEntry,
  gitlab: gitlabEntry,
  markdown: markdownEntry,
  ocsf: ocsfEntry,
  'ocsf-parquet': ocsfParquetEntry,
  parquet: parquetEntry,
  'parquet-figures': parquetFiguresEntry,
  table: tableEntry,
} as const satisfies Record<string, OutputFormatEntry>;
