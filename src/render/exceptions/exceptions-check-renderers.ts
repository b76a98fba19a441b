import { formatsOf, writersOf, type FormatNameOf } from '../formats/format-views.js';
import { outputKinds, type ExceptionsRenderer } from '../formats/output-format.js';
import { registryEntry } from '../registry-entry.js';

/** A format of `exceptions check`. */
export type ExceptionsCheckFormat = FormatNameOf<'exceptions'>;

/** Every output format of `exceptions check` by the name `-f` takes, a view of the output formats' registry. */
export const exceptionsCheckRenderers: Readonly<Record<ExceptionsCheckFormat, ExceptionsRenderer>> =
  writersOf('exceptions');

/** Every format of `exceptions check`, in the order help lists them: text first, the default. */
export const exceptionsCheckFormats: ExceptionsCheckFormat[] = formatsOf('exceptions');

/** The `exceptions check` renderer of `name`, or a CspmError that lists the valid names. */
export function getExceptionsCheckRenderer(name: string): ExceptionsRenderer {
  return registryEntry(exceptionsCheckRenderers, name, outputKinds.exceptions.named);
}
