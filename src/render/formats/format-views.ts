import type { DatasetTable } from '../../model/dataset-columns.js';
import type { DocumentFormat } from '../../model/renderer.js';
import { outputFormats } from './output-formats.js';
import {
  outputKinds,
  type OutputCommand,
  type OutputFormatEntry,
  type OutputKind,
  type RoutedKind,
} from './output-format.js';

type Registry = typeof outputFormats;

/** The names of the formats with a writer of `Kind` (`FormatNameOf<'trend'>` is `json | text | …`). */
export type FormatNameOf<Kind extends OutputKind> = {
  [Name in keyof Registry]: Registry[Name] extends Record<Kind, object> ? Name : never;
}[keyof Registry];

/** The writer of a kind of output (a Renderer for documents, a FindingsFormat for findings, …). */
export type WriterOf<Kind extends OutputKind> = NonNullable<OutputFormatEntry[Kind]>;

declare module '../../model/renderer.js' {
  // The formats with a document writer are the document formats: DocumentFormat is derived from the registry.
  interface DocumentFormats extends Record<FormatNameOf<'document'>, true> {}
}

declare module '../../model/findings-format.js' {
  // The formats with a findings writer: FindingsFormatName is derived from the registry.
  interface FindingsFormatNames extends Record<FormatNameOf<'findings'>, true> {}
}

declare module '../../model/trend.js' {
  // The formats with a trend writer: TrendFormat is derived from the registry.
  interface TrendFormats extends Record<FormatNameOf<'trend'>, true> {}
}

/** The registry as its entries' common type, for the views that read any entry. */
const entries: Readonly<Record<string, OutputFormatEntry>> = outputFormats;

/** The formats with a writer of `kind`, in the order help lists them: the kind's first, then the registry's order. */
export function formatsOf<Kind extends OutputKind>(kind: Kind): FormatNameOf<Kind>[] {
  const names = Object.keys(entries).filter((name) => entries[name]?.[kind] !== undefined);
  const { first } = outputKinds[kind];
  return (names.includes(first) ? [first, ...names.filter((name) => name !== first)] : names) as FormatNameOf<Kind>[];
}

/** The writers of `kind` by format name, in the order help lists them. */
export function writersOf<Kind extends OutputKind>(kind: Kind): Readonly<Record<FormatNameOf<Kind>, WriterOf<Kind>>> {
  return Object.fromEntries(formatsOf(kind).map((name) => [name, entries[name]?.[kind]])) as Record<
    FormatNameOf<Kind>,
    WriterOf<Kind>
  >;
}

/** The kinds of output that `command` writes, in the order its `--format` lists them. */
export function kindsOf(command: OutputCommand): OutputKind[] {
  return (Object.keys(outputKinds) as OutputKind[]).filter((kind) =>
    (outputKinds[kind].commands as readonly string[]).includes(command),
  );
}

/** Every format `command` takes in `--format`, each once: those of every kind it writes. */
export function formatsFor(command: OutputCommand): string[] {
  return [...new Set(kindsOf(command).flatMap((kind) => formatsOf(kind)))];
}

/** The kinds of output whose writers name their own files (the fleet tier writes the document's). */
export const routedKinds = (Object.keys(outputKinds) as OutputKind[]).filter(
  (kind): kind is RoutedKind => !('filesOf' in outputKinds[kind]),
);

/** The formats that, with `render --out-dir`, mean the dataset: both of its tables, partitioned. */
export const datasetFormats = Object.keys(entries).filter(
  (name) => entries[name]?.dataset !== undefined,
) as DocumentFormat[];

/** The dataset table `format` writes, or undefined for a format of no dataset. */
export function datasetTableOf(format: DocumentFormat): DatasetTable | undefined {
  return entries[format]?.dataset;
}

/** The formats that `--parquet` turns into another (`ocsf`), in the registry's order. */
export const formatsWithParquetForm = Object.keys(entries).filter(
  (name) => entries[name]?.asParquet !== undefined,
) as DocumentFormat[];

/** `format` as `--parquet` makes it: its Parquet form, or itself when it has none. */
export function parquetFormOf(format: DocumentFormat): DocumentFormat {
  return (entries[format]?.asParquet ?? format) as DocumentFormat;
}
