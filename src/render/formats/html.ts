import type { OutputFormatOf } from './output-format.js';

/** What every HTML writer of the registry names its files and body. */
const html = { extension: 'html', otherExtensions: ['htm'], mediaType: 'text/html' } as const;

/**
 * HTML: one self-contained page. Every writer is imported when it renders: the registry
 * is read by every run (a `check` lists the formats in its help), and the page writers
 * bring the templates, precompiled, and handlebars' runtime, which a run that writes no
 * page should not load.
 */
export const htmlEntry: OutputFormatOf<'document' | 'fleet' | 'trend'> = {
  document: {
    format: 'html',
    ...html,
    reads: ['tier', 'templates', 'logo'],
    render: async (view, options) => (await import('../html/render-html.js')).htmlRenderer.render(view, options),
  },
  fleet: {
    /** The fleet document as HTML. */
    render: async (fleet, options) => (await import('../fleet/fleet-html.js')).renderFleetHtml(fleet, options),
  },
  trend: {
    ...html,
    render: async (trend, options) => (await import('../trend/trend-html.js')).trendHtmlRenderer.render(trend, options),
    renderFleet: async (fleet, options) =>
      (await import('../trend/trend-html.js')).trendHtmlRenderer.renderFleet(fleet, options),
  },
};
