import type { TrendRenderer } from './trend-renderer.js';

/** The trend as JSON, as the library returns it, indented; the tool and time only when asked. */
export const trendJsonRenderer: TrendRenderer = {
  extension: 'json',
  mediaType: 'application/json',
  async render(trend, options) {
    const generatedAt = options.now ? { generatedAt: options.now.toISOString() } : {};
    return new TextEncoder().encode(`${JSON.stringify({ ...generatedAt, ...trend }, null, 2)}\n`);
  },
  async renderFleet(fleet, options) {
    const generatedAt = options.now ? { generatedAt: options.now.toISOString() } : {};
    return new TextEncoder().encode(`${JSON.stringify({ ...generatedAt, ...fleet }, null, 2)}\n`);
  },
};
