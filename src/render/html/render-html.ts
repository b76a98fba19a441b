import { CspmError, isCspmError } from '../../error/cspm-error.js';
import type { RenderOptions, Renderer } from '../../model/renderer.js';
import type { ReportView, ViewModel } from '../../model/view-model.js';
import { showControlCharacters } from '../../text/show-control-characters.js';
import { contentSecurityPolicy } from './content-security.js';
import type { PageData } from './helpers.js';
import { renderExecutiveHtmlView } from './render-executive-html.js';
import { pageLimits, planPage } from './page-plan.js';
import { pageTooLongError } from './page-size.js';
import { templateSet } from './template-set.js';

/**
 * Renders the view model as one self-contained HTML page: inline CSS, inline SVG,
 * one inline script, no request of any kind. `options.templates` replaces built-in
 * templates, partials, the stylesheet or the script by file name. Title, time of
 * generation and logo come from the view model (buildViewModel reads them from the
 * same options). `tier: 'executive'` gives the executive page instead (render-executive-html.ts). Control characters in report text are shown as `\uXXXX`, as in every
 * format. The same view and options always give the same string.
 */
export function renderHtmlView(view: ViewModel, options: RenderOptions): string {
  if (options.tier === 'executive') return renderExecutiveHtmlView(view, options);
  const templates = templateSet(options.templates);
  const plan = planPage(view);
  // Pages without a comparison keep the stylesheet, and so their bytes, as they were.
  const style = view.reports.some((report) => report.changes) ? `${templates.style}\n${templates.changesStyle}` : templates.style;
  const script = templates.script;
  const data: Record<string, unknown> = {
    root: view,
    style,
    script,
    csp: contentSecurityPolicy({ script, style }),
    limits: pageLimits,
  };
  const runtime = { data, partials: templates.partials };
  const page: PageData = {
    plan,
    renderSection: (report: ReportView) => templates.section(report, runtime),
  };
  data['htmlPage'] = page;
  try {
    // Handlebars escapes markup but passes control characters (a NUL) through.
    return showControlCharacters(templates.main(view, runtime), 'keep');
  } catch (error) {
    throw templateFailure(error, options);
  }
}

/**
 * A user's template can fail while it runs (a helper it names does not exist, a
 * partial that includes itself): that is a mistake in the template, told as such.
 * The built-in templates failing is the tool's own fault and stays an internal error.
 */
function templateFailure(error: unknown, options: RenderOptions): unknown {
  if (options.templates === undefined || Object.keys(options.templates).length === 0 || isCspmError(error)) return error;
  const reason =
    error instanceof RangeError ? 'a partial includes itself without end' : (error instanceof Error ? error.message : String(error)).split('\n')[0];
  return new CspmError('template-invalid', `a template failed while rendering the page (${reason})`, { data: { known: Object.keys(options.templates) }, cause: error });
}

/** The HTML renderer: the page as UTF-8 bytes; the caller writes the file. */
export const htmlRenderer: Renderer = {
  format: 'html',
  extension: 'html',
  otherExtensions: ['htm'],
  mediaType: 'text/html',
  async render(view, options) {
    try {
      return new TextEncoder().encode(renderHtmlView(view, options));
    } catch (error) {
      throw pageTooLongError(error, view.reports.length, view.rollup.policies) ?? error;
    }
  },
};
