import { showControlCharacters } from '../../text/show-control-characters.js';
import { inlineText, renderPartialPage, templateFailure, templateSet } from '../html/template-set.js';
import type { TrendRenderOptions } from './trend-renderer.js';

/** The header band of a trend page, of one account or of a fleet (trend-page-head.hbs). */
export interface TrendPageHead {
  title: string;
  /** What the page is, above its title. */
  eyebrow: string;
  /** The line under the title, as text. */
  meta: string;
}

/**
 * Renders a trend page, of one account (`trend-page`) or of a fleet (`fleet-trend-page`),
 * with the templates in force and the trend stylesheet (trend-styles.css) inlined;
 * `chart` is markup drawn in code, placed as it is. Control characters in report text
 * are shown as `\uXXXX`, as in every format.
 */
export function renderTrendPage(
  page: 'trend-page' | 'fleet-trend-page',
  view: TrendPageHead,
  options: TrendRenderOptions,
  chart = '',
): string {
  const templates = templateSet(options.templates);
  const data = { style: inlineText(templates.texts, 'trend-styles.css'), chart };
  try {
    return showControlCharacters(renderPartialPage(templates, page, view, data), 'keep');
  } catch (error) {
    throw templateFailure(error, options);
  }
}
