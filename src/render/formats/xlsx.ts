import type { OutputFormatOf } from './output-format.js';

const mediaType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An XLSX workbook. Every writer is imported when it first writes: exceljs is slow to load. */
export const xlsxEntry: OutputFormatOf<'document' | 'fleet' | 'trend'> = {
  document: {
    format: 'xlsx',
    extension: 'xlsx',
    mediaType,
    render: async (view, options) => (await import('../xlsx/render-xlsx.js')).renderXlsxView(view, options),
  },
  fleet: {
    /** The fleet document as an XLSX workbook. */
    render: async (fleet, options) => (await import('../fleet/fleet-xlsx.js')).renderFleetXlsx(fleet, options),
  },
  trend: {
    extension: 'xlsx',
    mediaType,
    async render(trend, options) {
      return (await import('../trend/trend-xlsx.js')).renderTrendXlsx(trend, options);
    },
    async renderFleet(fleet, options) {
      return (await import('../trend/fleet-xlsx.js')).renderFleetXlsx(fleet, options);
    },
  },
};
