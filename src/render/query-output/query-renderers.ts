import { registryEntry } from '../registry-entry.js';
import { formatsOf, writersOf, type FormatNameOf } from '../formats/format-views.js';
import { outputKinds, type QueryRenderer } from '../formats/output-format.js';

export type { QueryRenderer } from '../formats/output-format.js';

/** A format of `query`. */
export type QueryFormat = FormatNameOf<'query'>;

/**
 * Every output format of `query` by the name `-f` takes, a view of the output formats' registry; table first, the
 * default.
 */
export const queryRenderers: Readonly<Record<QueryFormat, QueryRenderer>> = writersOf('query');

/** Every format of `query`, in the order help text lists them. */
export const queryFormats: QueryFormat[] = formatsOf('query');

/** The query renderer of `name`, or a CspmError that lists the valid names. */
export function getQueryRenderer(name: string): QueryRenderer {
  return registryEntry(queryRenderers, name, outputKinds.query.named);
}
