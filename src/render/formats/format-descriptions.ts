import { getExceptionsCheckRenderer } from '../exceptions/exceptions-check-renderers.js';
import { getQueryRenderer } from '../query-output/query-renderers.js';
import { formatsOf } from './format-views.js';

/** Each kind's writer of a name, for the kinds whose writers say in a few words what they write. */
const describedKinds = {
  query: getQueryRenderer,
  exceptions: getExceptionsCheckRenderer,
} satisfies Record<string, (name: string) => { describe: string }>;

/** A format of a kind and what it writes, as help lists it. */
export interface FormatDescription {
  name: string;
  /** What it writes, in a few words (`an aligned table`). */
  describe: string;
}

/**
 * Every format of `kind` with what it writes, in the order help lists them: the help of
 * `query --format` and `exceptions check --format`, derived from the output formats' registry.
 */
export function formatDescriptions(kind: keyof typeof describedKinds): FormatDescription[] {
  return formatsOf(kind).map((name) => ({ name, describe: describedKinds[kind](name).describe }));
}
