import type { OutputFormatOf } from './output-format.js';

/**
 * PDF. Every writer is imported when it first writes: pdfkit takes a quarter of a second
 * to load, and `check` and HTML runs should never pay for it.
 */
export const pdfEntry: OutputFormatOf<'document' | 'fleet' | 'trend'> = {
  document: {
    format: 'pdf',
    extension: 'pdf',
    mediaType: 'application/pdf',
    render: async (view, options) =>
      options.tier === 'executive'
        ? (await import('../pdf/render-executive-pdf.js')).renderExecutivePdfView(view, options)
        : (await import('../pdf/render-pdf.js')).renderPdfView(view, options),
    reads: ['tier', 'landscape', 'maxPolicies', 'logo'],
  },
  fleet: {
    /** The fleet document as PDF. */
    render: async (fleet, options) => (await import('../fleet/fleet-pdf.js')).renderFleetPdf(fleet, options),
  },
  trend: {
    extension: 'pdf',
    mediaType: 'application/pdf',
    async render(trend, options) {
      return (await import('../trend/trend-pdf.js')).renderTrendPdf(trend, options);
    },
    async renderFleet(fleet, options) {
      return (await import('../trend/fleet-pdf.js')).renderFleetPdf(fleet, options);
    },
  },
};
