import { splitBySource } from '../analyse/analyse-reports.js';
import type { Analysis } from '../model/analysis.js';
import type {
  DocumentFormat,
  DocumentOutput,
  DocumentPlan,
  PlannedDocument,
  RenderDocumentsOptions,
  RenderOptions,
  UnrenderedDocument,
} from '../model/renderer.js';
import type { ViewModel } from '../model/view-model.js';
import { plural } from '../text/plural.js';
import { buildViewModel } from './build-view-model.js';
import { getRenderer } from './renderers.js';
import { assertHtmlPageFits } from './html/page-size.js';
import { buildFleetFigures } from '../analyse/fleet/add-fleet-report.js';
import type { FleetFigures } from '../model/fleet.js';
import { fleetFormats, fleetRenderers, isFleetFormat } from './fleet/fleet-renderers.js';
import { tierOf } from './fleet/fleet-tier.js';
import { CspmError } from '../error/cspm-error.js';

/**
 * Why `analysis` makes no document, or undefined when it makes one. Only a
 * not-a-report warning leaves an input with no report and no error: that input is
 * skipped, not refused, so that a folder with another JSON file in it still renders.
 */
function unrendered(analysis: Analysis, strict: boolean): Omit<UnrenderedDocument, 'analysis' | 'sources'> | undefined {
  const { reports, errors, warnings } = analysis.summary;
  if (reports === 0 && errors === 0)
    return {
      status: 'skipped',
      reason: 'no-benchmark-report',
      message: `no benchmark report in it (${plural(warnings, 'warning')})`,
    };
  if (reports === 0)
    return {
      status: 'refused',
      reason: 'no-valid-report',
      message: `no valid benchmark report to render (${plural(errors, 'error')})`,
    };
  if (strict && errors > 0)
    return {
      status: 'refused',
      reason: 'errors-and-strict',
      message: `not rendered: ${plural(errors, 'error')} and strict is on`,
    };
  return undefined;
}

/**
 * The outputs of one document. Its view model (or, for a fleet document's HTML, PDF
 * and XLSX, its fleet figures) is built when the first body is asked for and shared by
 * the other formats; once every format was rendered it is let go, so that a plan of
 * many documents never holds more than one view at a time.
 */
function outputsOf(
  analysis: Analysis,
  formats: readonly DocumentFormat[],
  options: RenderOptions,
  figures?: FleetFigures,
): DocumentOutput[] {
  let view: ViewModel | undefined;
  let fleet: FleetFigures | undefined = figures;
  const waiting = new Set(formats);
  return formats.map((format) => {
    const renderer = getRenderer(format);
    const asFleet = options.tier === 'fleet' && isFleetFormat(format);
    return {
      format,
      extension: renderer.extension,
      mediaType: renderer.mediaType,
      async render() {
        const made = asFleet ? (fleet ??= buildFleetFigures(analysis, options.acceptedRisks)) : undefined;
        const shown = asFleet ? undefined : (view ??= buildViewModel(analysis, options));
        waiting.delete(format);
        if (waiting.size === 0) [view, fleet] = [undefined, undefined];
        options.onProgress?.({ phase: 'rendering', subject: format });
        if (made !== undefined && isFleetFormat(format)) return fleetRenderers[format].render(made, options);
        return renderer.render(shown as ViewModel, options);
      },
    };
  });
}

/**
 * Plans the documents of an analysis, as `cspm-report render` makes them: one per
 * input, or one of all inputs together with `combine`. An input with no benchmark
 * report and no error is skipped; a document with no valid report, or with errors
 * under `strict`, is refused. Without `tier`, a document of more than
 * `fleetAccountThreshold` distinct AccountIds gets the fleet tier, any other the full
 * one. Nothing is rendered until an output's `render()` is called, and nothing is
 * written: the caller chooses where bodies go. `fleet`, the figures of a combined
 * document already made (see analyseFleet), is what its fleet tier draws.
 *
 * @throws CspmError `unknown-format` for a format that is not one of `documentFormats`;
 *   `document-too-large` for a full HTML page longer than one string can be, before any is rendered.
 */
export function renderDocuments(
  analysis: Analysis,
  options: RenderDocumentsOptions,
  fleet?: FleetFigures,
): DocumentPlan {
  const { formats, combine = false, strict = false, ...renderOptions } = options;
  // An unknown format is a mistake of the call, told even when no document is ready.
  for (const format of formats) getRenderer(format);
  const documents = (combine ? [analysis] : splitBySource(analysis)).map((shown): PlannedDocument => {
    const sources = shown.sources.map((source) => source.source);
    const not = unrendered(shown, strict);
    const tier = tierOf(shown, renderOptions.tier);
    if (not === undefined && formats.includes('html') && tier === 'full')
      assertHtmlPageFits(shown.summary.reports, shown.summary.policies);
    return not === undefined
      ? {
          analysis: shown,
          sources,
          status: 'ready',
          outputs: outputsOf(shown, formats, { ...renderOptions, tier }, combine ? fleet : undefined),
        }
      : { analysis: shown, sources, ...not };
  });
  return { documents, complete: documents.every((document) => document.status !== 'refused') };
}

/**
 * The plan of one fleet document drawn from fleet figures alone (the `--fleet` file of
 * a merged sharded run): HTML, PDF and XLSX only, as no report is at hand for the rest.
 *
 * @throws CspmError `usage` for another format or tier
 */
export function renderFleetDocument(
  fleet: FleetFigures,
  source: string,
  options: RenderDocumentsOptions,
): DocumentPlan {
  // The options a renderer reads; combine and strict concern plans of reports only.
  const { formats, ...renderOptions } = options;
  const other = formats.find((format) => !isFleetFormat(format));
  if (other !== undefined || (renderOptions.tier !== undefined && renderOptions.tier !== 'fleet')) {
    const what = other === undefined ? `--tier ${renderOptions.tier ?? ''}` : `-f ${other}`;
    throw new CspmError(
      'usage',
      `${source} holds fleet figures, which render as the fleet tier in ${fleetFormats.slice(0, -1).join(', ')} or ${fleetFormats.at(-1) ?? ''}, not ${what}`,
      { data: { option: other === undefined ? 'tier' : 'format', path: source } },
    );
  }
  let policies = 0;
  for (const account of fleet.accounts) policies += account.figures.total;
  const analysis: Analysis = {
    percentFormula: fleet.percentFormula,
    summary: { files: 1, reports: fleet.accounts.length, policies, errors: 0, warnings: 0 },
    sources: [],
  };
  const outputs = outputsOf(analysis, formats, { ...renderOptions, tier: 'fleet' }, fleet);
  return { documents: [{ analysis, sources: [source], status: 'ready', outputs }], complete: true };
}
