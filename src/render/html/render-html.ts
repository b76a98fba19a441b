import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RenderOptions, Renderer } from '../../model/renderer.js';
import type { ReportView, ViewModel } from '../../model/view-model.js';
import { showControlCharacters } from '../../text/show-control-characters.js';
import { contentSecurityPolicy } from './content-security.js';
import type { PageData } from './helpers.js';
import { renderExecutiveHtmlView } from './render-executive-html.js';
import { pageLimits, planPage } from './page-plan.js';
import { pageTooLongError } from './page-size.js';
import { templateFailure, templateSet } from './template-set.js';
import { rowProgress } from '../render-progress.js';

/**
 * Renders the view model as one self-contained HTML page: inline CSS, inline SVG,
 * one inline script, no request of any kind. `options.templates` replaces built-in
 * templates, partials, the stylesheet or the script by file name. Title, time of
 * generation and logo come from the view model (buildViewModel reads them from the
 * same options). `tier: 'executive'` gives the executive page instead (render-executive-html.ts). Control characters in
 * report text are shown as `\uXXXX`, as in every
 * format. The same view and options always give the same string.
 */
export function renderHtmlView(view: ViewModel, options: RenderOptions): string {
  if (options.tier === 'executive') return renderExecutiveHtmlView(view, options);
  return preparePage(view, options).render();
}

/**
 * {@link renderHtmlView} for the command line's long runs: the same page, with each
 * report's section drawn first and a turn of the event loop between them, so that a
 * stop signal is handled while a page of many reports is made.
 */
async function renderHtmlViewInTurns(view: ViewModel, options: RenderOptions): Promise<string> {
  if (options.tier === 'executive') return renderExecutiveHtmlView(view, options);
  const page = preparePage(view, options);
  // The rows are the policies the tables list: the part of a page that grows with a report.
  const tellRows = rowProgress(
    options,
    'html',
    view.reports.reduce((sum, report) => sum + report.listedPolicies, 0),
  );
  let rows = 0;
  tellRows(rows);
  for (const report of view.reports) {
    page.prepareSection(report);
    rows += report.listedPolicies;
    tellRows(rows);
    await nextTurn();
  }
  return page.render();
}

/** A page ready to render, whose report sections can be drawn ahead, one at a time. */
function preparePage(
  view: ViewModel,
  options: RenderOptions,
): { prepareSection(report: ReportView): void; render(): string } {
  const templates = templateSet(options.templates);
  const plan = planPage(view);
  // Pages without a comparison keep the stylesheet, and so their bytes, as they were.
  const withChanges = view.reports.some((report) => report.changes)
    ? `${templates.style}\n${templates.changesStyle}`
    : templates.style;
  // Likewise without exceptions. The marking script goes first, so that it sees every row the page script draws.
  const accepted = view.acceptedRisks !== undefined;
  const style = accepted ? `${withChanges}\n${templates.accepted.style}` : withChanges;
  const script = accepted ? `${templates.accepted.script}\n${templates.script}` : templates.script;
  const data: Record<string, unknown> = {
    root: view,
    style,
    script,
    csp: contentSecurityPolicy({ script, style }),
    limits: pageLimits,
  };
  const runtime = { data, partials: templates.partials };
  const drawn = new Map<ReportView, string>();
  const section = (report: ReportView): string => drawn.get(report) ?? templates.section(report, runtime);
  const page: PageData = { plan, renderSection: section };
  data['htmlPage'] = page;
  const guarded = <T>(run: () => T): T => {
    try {
      return run();
    } catch (error) {
      throw templateFailure(error, options);
    }
  };
  return {
    prepareSection: (report) => guarded(() => drawn.set(report, templates.section(report, runtime))),
    // Handlebars escapes markup but passes control characters (a NUL) through.
    render: () => guarded(() => showControlCharacters(templates.main(view, runtime), 'keep')),
  };
}

/** The HTML renderer: the page as UTF-8 bytes; the caller writes the file. */
export const htmlRenderer: Renderer = {
  format: 'html',
  extension: 'html',
  otherExtensions: ['htm'],
  mediaType: 'text/html',
  async render(view, options) {
    try {
      return new TextEncoder().encode(await renderHtmlViewInTurns(view, options));
    } catch (error) {
      throw pageTooLongError(error, view.reports.length, view.rollup.policies) ?? error;
    }
  },
};
