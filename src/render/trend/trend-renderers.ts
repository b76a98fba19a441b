import { registryEntry } from '../registry-entry.js';
import type { TrendRenderer } from './trend-renderer.js';
import { formatsOf, writersOf } from '../formats/format-views.js';
import type { TrendFormat } from '../../model/trend.js';
import { outputKinds } from '../formats/output-format.js';

/**
 * Every trend renderer by the format name `trend -f` takes, a view of the output formats'
 * registry; json first, the default off a terminal (text is on one).
 */
export const trendRenderers: Readonly<Record<TrendFormat, TrendRenderer>> = writersOf('trend');

/** Every trend format, in the order help text lists them. */
export const trendFormats: TrendFormat[] = formatsOf('trend');

/** The trend renderer of `name`, or a CspmError that lists the valid names. */
export function getTrendRenderer(name: string): TrendRenderer {
  return registryEntry(trendRenderers, name, outputKinds.trend.named);
}
