import { handlebarsRuntime } from './handlebars-module.js';

/**
 * Report text as a template's `{{value}}` inserts it, for the little markup that is
 * built in code (the trend chart's SVG): the template engine's own escaping, so that a
 * value reads the same in every page whether a template or code placed it. Control
 * characters are left to the page's renderer, which shows them as `\uXXXX` in the
 * whole page at once.
 */
export function escapeHtml(text: string): string {
  return handlebarsRuntime().Utils.escapeExpression(text);
}
