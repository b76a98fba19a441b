import { htmlRenderer } from '../html/render-html.js';
import { trendHtmlRenderer } from '../trend/trend-html.js';
import type { OutputFormatOf } from './output-format.js';

/**
 * HTML: one self-contained page. Its document renderer is imported with the registry,
 * since a render writes HTML when nothing names a format; the fleet page waits for a
 * fleet run.
 */
export const htmlEntry: OutputFormatOf<'document' | 'fleet' | 'trend'> = {
  document: { ...htmlRenderer, reads: ['tier', 'templates', 'logo'] },
  fleet: {
    /** The fleet document as HTML. */
    render: async (fleet, options) => (await import('../fleet/fleet-html.js')).renderFleetHtml(fleet, options),
  },
  trend: trendHtmlRenderer,
};
