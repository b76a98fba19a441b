import { ParquetWriter } from 'hyparquet-writer';
import type { RenderedBody, RenderOptions } from '../../model/renderer.js';
import type { ViewModel } from '../../model/view-model.js';
import { ChunkWriter } from '../parquet/hyparquet-writer-internals.js';
import { exceptionsMetadata } from '../parquet/exceptions-metadata.js';
import { ocsfEventsOf } from './ocsf-event.js';
import { ocsfParquetSchema, type ParquetElement } from './ocsf-parquet-schema.js';

/** An element of the schema with its children: how a value of the event becomes a cell. */
interface SchemaTree {
  element: ParquetElement;
  children: SchemaTree[];
}

/** The elements, depth first with their counts of children, as a tree. */
function treeOf(elements: readonly ParquetElement[]): SchemaTree {
  let at = 0;
  const next = (): SchemaTree => {
    const element = elements[at++] as ParquetElement;
    const children: SchemaTree[] = [];
    for (let child = 0; child < (element.num_children ?? 0); child += 1) children.push(next());
    return { element, children };
  };
  return next();
}

/**
 * A value of an event as its column takes it: 64-bit integers as bigints, a list's
 * items and a struct's attributes each so, and an attribute the event lacks as null.
 */
function cellOf(value: unknown, tree: SchemaTree): unknown {
  if (value === undefined || value === null) return null;
  const { element, children } = tree;
  // The writer writes a JSON column's values as JSON text itself.
  if (element.converted_type === 'JSON') return value;
  if (element.type === 'INT64') return BigInt(value as number);
  if (element.converted_type === 'LIST') {
    const item = (children[0] as SchemaTree).children[0] as SchemaTree;
    return (value as unknown[]).map((entry) => cellOf(entry, item));
  }
  if (children.length > 0) {
    const made: Record<string, unknown> = {};
    for (const child of children)
      made[child.element.name] = cellOf((value as Record<string, unknown>)[child.element.name], child);
    return made;
  }
  return value;
}

/**
 * Events per row group: an event is some forty values over nested columns, so a group
 * of this many is some megabytes compressed, the size scanners are tuned for.
 */
const groupEvents = 50_000;

async function* chunks(view: ViewModel, options: RenderOptions): AsyncGenerator<Uint8Array> {
  // The events are made first as a generator: a report without a time is refused before any byte.
  const events = ocsfEventsOf(view, options);
  const { elements } = ocsfParquetSchema();
  const columns = treeOf(elements).children;
  const writer = new ChunkWriter();
  const kvMetadata = exceptionsMetadata(view);
  const parquet = new ParquetWriter({
    writer,
    schema: elements as never,
    createdBy: 'cspm-report',
    ...(kvMetadata === undefined ? {} : { kvMetadata }),
  });
  let group: Record<string, unknown>[] = [];
  const write = (): void => {
    const columnData = columns.map((column) => ({
      name: column.element.name,
      data: group.map((event) => cellOf(event[column.element.name], column)) as never,
    }));
    void parquet.write({ columnData, rowGroupSize: group.length });
    group = [];
  };
  for (const event of events) {
    group.push(event as unknown as Record<string, unknown>);
    if (group.length === groupEvents) {
      write();
      yield* writer.take();
    }
  }
  if (group.length > 0) write();
  void parquet.finish();
  yield* writer.take();
}

/**
 * The OCSF Compliance Finding events of a view (the same events as `-f ocsf`) as one
 * Parquet file, the form an AWS Security Lake custom source takes: one row per event,
 * its objects as nested structs and its arrays as lists, `unmapped` as JSON text.
 * A run with exceptions records its exceptions files in the file's key-value metadata
 * too. Streamed a row group at a time.
 */
export function renderOcsfParquetView(view: ViewModel, options: RenderOptions): RenderedBody {
  return chunks(view, options);
}
