import type Handlebars from 'handlebars';
import { observedValues } from '../../model/observed-values.js';
import type { CategoryView, FiguresView, LogoView, ReportView } from '../../model/view-model.js';
import { coverageText, keyFigures, lowCoverageWarning } from '../key-figures.js';
import { rankWorstCategories } from '../worst-ranks.js';
import {
  displayCount,
  displayIsoTime,
  displayPercent,
  displayPercentOrNa,
  displayResources,
  displayRisk,
} from '../display-values.js';
import { statedPercentText, type PagePlan, type ReportPlan } from './page-plan.js';
import { scriptJson, scriptJsonBlock } from './script-json.js';
import { colourKey, colourOrder } from './value-order.js';
import { CspmError } from '../../error/cspm-error.js';
import { registerAcceptedHelpers } from './accepted-helpers.js';

/** What helpers read beside the view model, passed as the `htmlPage` data variable. */
export interface PageData {
  plan: PagePlan;
  /** Renders one report section with the templates in force (for the placeholders). */
  renderSection(report: ReportView): string;
}

type Env = typeof Handlebars;

function pageOf(options: Handlebars.HelperOptions): PageData {
  const page = (options.data as { htmlPage?: PageData } | undefined)?.htmlPage;
  if (!page)
    throw new CspmError('internal', 'the htmlPage data variable is missing: render through renderHtmlView', {
      data: { what: 'htmlPage' },
    });
  return page;
}

function reportPlan(report: ReportView, options: Handlebars.HelperOptions): ReportPlan {
  const plan = pageOf(options).plan.reports.get(report);
  if (!plan)
    throw new CspmError('internal', `reportPlan expects a report of the view model, got ${typeof report}`, {
      data: { what: 'reportPlan' },
    });
  return plan;
}

/** The orders the script sorts colours, severities and risks by, as the page displays them. */
const orderBlock = scriptJsonBlock('data-orders', {
  colours: colourOrder,
  severities: observedValues.Severity,
  probabilities: observedValues.RiskProbability.map(displayRisk),
  levels: observedValues.RiskLevel.map(displayRisk),
});

/**
 * A report's place in the document, from 1. Found by anchor, not by identity: a tier
 * may lay out a copy of the report (the executive page drops its category links), and
 * a copy is no element of the list.
 */
function reportNumber(report: ReportView, options: Handlebars.HelperOptions): number {
  const reports = (options.data as { root?: { reports?: readonly ReportView[] } } | undefined)?.root?.reports ?? [];
  const index = reports.findIndex((shown) => shown === report || shown.anchor === report.anchor);
  if (index === -1)
    throw new CspmError('internal', `reportNumber expects a report of the view model, got ${typeof report}`, {
      data: { what: 'reportNumber' },
    });
  return index + 1;
}

function logoSource(logo: LogoView): string {
  return `data:${logo.mediaType};base64,${Buffer.from(logo.bytes).toString('base64')}`;
}

/**
 * Registers the helpers the templates use: the shared display formats (so numbers
 * read as in the PDF and the workbook), the page plan, and the script's data blocks.
 */
export function registerHelpers(env: Env): void {
  const safe = (html: string) => new env.SafeString(html);
  registerAcceptedHelpers(env);
  env.registerHelper({
    percent: (value: number) => displayPercent(value),
    /** A percent that may be missing: `71.4%`, or `n/a` for null. */
    percentOrNa: (value: number | null) => displayPercentOrNa(value),
    /** `15.4% compliant`, or `compliance n/a` where nothing was assessed. */
    compliant: (percentText: string) => (percentText === 'n/a' ? 'compliance n/a' : `${percentText} compliant`),
    /** An ISO 8601 time as every format prints it: `2026-11-23 20:44 UTC`. */
    instant: (iso: string) => displayIsoTime(iso),
    count: (value: number) => displayCount(value),
    risk: (value: string) => displayRisk(value),
    resources: (passed: number, total: number) => displayResources(passed, total),
    colourKey: (colour: string) => colourKey(colour),
    /** `{{plural n "policy" "policies"}}` → `1 policy`, `2,000 policies`. */
    plural: (value: number, one: string, many: string) => `${displayCount(value)} ${value === 1 ? one : many}`,
    orDash: (value: unknown) => (value === null || value === undefined || value === '' ? '–' : String(value)),
    eq: (a: unknown, b: unknown) => a === b,
    gt: (a: number, b: number) => a > b,
    add: (a: number, b: number) => a + b,
    statedPercent: statedPercentText,
    /** The categories without a compliance percent (nothing assessed), or null when there are none. */
    notAssessed: (categories: readonly CategoryView[]) => {
      const found = categories.filter((category) => category.figures.percent === null);
      return found.length > 0 ? found : null;
    },
    /** `{{#each (keyFigures figures)}}`: the key figures every cover shows, in order (see keyFigures). */
    keyFigures: (figures: FiguresView) => keyFigures(figures),
    /** `{{coverageText figures}}`: `414 of 561 policies (73.8%) were not assessed (Gray).` */
    coverageText: (figures: FiguresView) => coverageText(figures),
    /** `{{#with (lowCoverageWarning figures)}}`: the low-coverage warning, or null. */
    lowCoverageWarning: (figures: FiguresView) => lowCoverageWarning(figures),
    /**
     * `{{#each (rankWorst worstCategories)}}`: each worst category with its rank, labelled as in the PDF and the
     * workbook.
     */
    rankWorst: (worst: readonly CategoryView[]) => rankWorstCategories(worst),
    logoSource,
    reportPlan,
    reportNumber,
    orderData: () => safe(orderBlock),
    overviewPlan: (options: Handlebars.HelperOptions) => pageOf(options).plan.overview,
    findingsPlan: (options: Handlebars.HelperOptions) => pageOf(options).plan.findings,
    reportData: (report: ReportView, options: Handlebars.HelperOptions) => safe(reportPlan(report, options).dataBlock),
    overviewData: (options: Handlebars.HelperOptions) => safe(pageOf(options).plan.overview.dataBlock),
    /** The section's markup as a JSON string, for the script to insert when it is scrolled to. */
    sectionData: (report: ReportView, options: Handlebars.HelperOptions) =>
      safe(
        `<script type="application/json" class="section-html">${scriptJson(pageOf(options).renderSection(report))}</script>`,
      ),
  });
}
